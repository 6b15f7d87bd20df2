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
   * @param range the node whose lines it spans (before wrappers and attached comments)
   * @param declarationOnly whether it has no body
   */
  record Found(
      Kind kind,
      String name,
      String localName,
      TSNode header,
      TSNode range,
      boolean declarationOnly) {}
}
