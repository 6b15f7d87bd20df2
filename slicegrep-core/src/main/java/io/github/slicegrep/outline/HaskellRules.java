package io.github.slicegrep.outline;

import static io.github.slicegrep.outline.SyntaxRules.found;
import static io.github.slicegrep.outline.SyntaxRules.named;

import com.google.common.collect.ImmutableSet;
import io.github.slicegrep.outline.Definition.Kind;
import io.github.slicegrep.outline.NodeRule.Found;
import org.jspecify.annotations.Nullable;
import org.treesitter.TSNode;

/**
 * Haskell (tree-sitter-haskell): a function is its type signature and its equations, which the
 * grammar gives as sibling nodes ({@code signature}, then one {@code function} or {@code bind} per
 * equation). The definition starts at the signature (or at the first equation when there is
 * none) and ends with the last equation of the same name; a signature without equations (a
 * class method without a default) is declaration-only. Also data types, newtypes, type classes
 * and instances.
 */
final class HaskellRules {
  private HaskellRules() {}

  private static final ImmutableSet<String> EQUATIONS = ImmutableSet.of("function", "bind");
  /** What may stand between a signature and its equations, or between two equations. */
  private static final ImmutableSet<String> BETWEEN = ImmutableSet.of("comment", "haddock", "pragma");
  /** Where a plain {@code x = ...} binding is a definition rather than a local variable. */
  private static final ImmutableSet<String> DECLARATION_LISTS =
      ImmutableSet.of("declarations", "class_declarations", "instance_declarations");

  static SyntaxRules rules() {
    return new SyntaxRules.Builder("comment", "haddock", "pragma")
        .rule("signature", HaskellRules::signature)
        .rule("function", HaskellRules::equation)
        .rule("bind", HaskellRules::equation)
        .rule("data_type", named(Kind.STRUCT))
        .rule("newtype", named(Kind.STRUCT))
        .rule("class", named(Kind.INTERFACE))
        .rule("instance", named(Kind.IMPL))
        .build();
  }

  /** {@code score :: Scorer -> String -> Double} and the equations of {@code score} below it. */
  private static @Nullable Found signature(TSNode node, SourceText text) {
    TSNode name = Nodes.field(node, "name");
    if (name == null || Nodes.hasField(node, "names")) {
      return null; // x, y :: Int names several bindings: each equation stands alone
    }
    String simple = bareName(text.text(name));
    TSNode last = lastEquationAfter(node, simple, text);
    return found(Kind.FUNCTION, simple, simple, name, node, last, last == null);
  }

  /**
   * An equation that opens a function without a signature; equations after a signature or after
   * an equation of the same name belong to the definition that starts there.
   */
  private static @Nullable Found equation(TSNode node, SourceText text) {
    TSNode name = equationName(node);
    TSNode parent = Nodes.parent(node);
    if (name == null || parent == null
        || (node.getType().equals("bind") && !DECLARATION_LISTS.contains(parent.getType()))) {
      return null;
    }
    String simple = bareName(text.text(name));
    TSNode previous = previousSibling(node);
    if (previous != null && simple.equals(definedName(previous, text))) {
      return null;
    }
    TSNode last = lastEquationAfter(node, simple, text);
    return found(Kind.FUNCTION, simple, simple, name, node, last, false);
  }

  /** The last of the equations named {@code name} that directly follow {@code node}, or null. */
  private static @Nullable TSNode lastEquationAfter(TSNode node, String name, SourceText text) {
    TSNode last = null;
    for (TSNode next = nextSibling(node); next != null && EQUATIONS.contains(next.getType())
        && name.equals(definedName(next, text)); next = nextSibling(next)) {
      last = next;
    }
    return last;
  }

  /** The name a signature or an equation defines, or null for anything else. */
  private static @Nullable String definedName(TSNode node, SourceText text) {
    TSNode name =
        switch (node.getType()) {
          case "signature" -> Nodes.field(node, "name");
          case "function", "bind" -> equationName(node);
          default -> null;
        };
    return name == null ? null : bareName(text.text(name));
  }

  /** {@code score s q = ...} is named by its {@code name}; {@code a <+> b = ...} by its operator. */
  private static @Nullable TSNode equationName(TSNode node) {
    TSNode name = Nodes.field(node, "name");
    if (name != null) {
      return name;
    }
    TSNode infix = Nodes.firstChildOfType(node, "infix");
    return infix == null ? null : Nodes.field(infix, "operator");
  }

  /** {@code (<+>)} is named {@code <+>}. */
  private static String bareName(String name) {
    return name.startsWith("(") && name.endsWith(")") && name.length() > 2
        ? name.substring(1, name.length() - 1).strip()
        : name;
  }

  private static @Nullable TSNode nextSibling(TSNode node) {
    TSNode next = node.getNextNamedSibling();
    while (next != null && !next.isNull() && BETWEEN.contains(next.getType())) {
      next = next.getNextNamedSibling();
    }
    return next == null || next.isNull() ? null : next;
  }

  private static @Nullable TSNode previousSibling(TSNode node) {
    TSNode previous = node.getPrevNamedSibling();
    while (previous != null && !previous.isNull() && BETWEEN.contains(previous.getType())) {
      previous = previous.getPrevNamedSibling();
    }
    return previous == null || previous.isNull() ? null : previous;
  }
}
