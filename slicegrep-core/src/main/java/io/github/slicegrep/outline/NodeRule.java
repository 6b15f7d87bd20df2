package io.github.slicegrep.outline;

import io.github.slicegrep.outline.Definition.Kind;
import org.jspecify.annotations.Nullable;
import org.treesitter.TSNode;

/** Decides whether a syntax node of one type is a definition, and which. */
@FunctionalInterface
interface NodeRule {
  /** The definition this node is, or null when it is not one (an anonymous class, a local). */
  @Nullable Found describe(TSNode node, SourceText text);

  /**
   * A definition seen in the tree.
   *
   * @param kind what it is
   * @param name its simple name
   * @param localName its name qualified only by what the syntax itself says ({@code
   *     Scorer.score} for C++ {@code Scorer::score} or a Go method); usually the name
   * @param header the node whose first line names it
   * @param range the node whose lines it spans (before wrappers and attached comments); with
   *     {@code last}, the node it starts with
   * @param last where a definition is not one node but runs from {@code range} to another (a
   *     Haskell type signature and its equations, a Dart method signature and its body, an OCaml
   *     {@code let} up to the first of its {@code and} bindings), the node it ends with; null
   *     when {@code range} is the whole definition
   * @param declarationOnly whether it has no body
   */
  record Found(
      Kind kind,
      String name,
      String localName,
      TSNode header,
      TSNode range,
      @Nullable TSNode last,
      boolean declarationOnly) {

    Found(
        Kind kind,
        String name,
        String localName,
        TSNode header,
        TSNode range,
        boolean declarationOnly) {
      this(kind, name, localName, header, range, null, declarationOnly);
    }
  }
}
