package io.github.slicegrep.outline;

import static io.github.slicegrep.outline.SyntaxRules.found;
import static io.github.slicegrep.outline.SyntaxRules.named;

import com.google.common.collect.ImmutableSet;
import io.github.slicegrep.outline.Definition.Kind;
import io.github.slicegrep.outline.NodeRule.Found;
import org.jspecify.annotations.Nullable;
import org.treesitter.TSNode;

/**
 * OCaml (tree-sitter-ocaml, the implementation grammar): {@code let}, {@code let rec} and each
 * {@code and} binding that defines a function (it has parameters, or its value is a {@code fun}
 * or {@code function}), at top level, in modules and locally in {@code let ... in}; modules,
 * module types, classes and their methods, and {@code val} specifications in signatures
 * (declaration-only). The first binding of a {@code let} starts at the {@code let} keyword (so
 * an attribute or comment above it attaches); an {@code and} binding starts at its own line.
 */
final class OcamlRules {
  private OcamlRules() {}

  private static final ImmutableSet<String> FUNCTION_VALUES =
      ImmutableSet.of("fun_expression", "function_expression");

  static SyntaxRules rules() {
    return new SyntaxRules.Builder("comment")
        .rule("let_binding", OcamlRules::letBinding)
        .rule("module_binding", OcamlRules::moduleBinding)
        .rule("module_type_definition", named(Kind.INTERFACE))
        .rule("class_binding", OcamlRules::classBinding)
        .rule("method_definition", named(Kind.METHOD))
        .rule("value_specification", OcamlRules::valueSpecification)
        .build();
  }

  private static @Nullable Found letBinding(TSNode node, SourceText text) {
    TSNode name = Nodes.field(node, "pattern");
    TSNode body = Nodes.field(node, "body");
    if (name == null || !name.getType().equals("value_name")) {
      return null;
    }
    boolean function =
        Nodes.firstChildOfType(node, "parameter") != null
            || (body != null && FUNCTION_VALUES.contains(body.getType()));
    if (!function) {
      return null;
    }
    return firstOfItsDefinition(node, text.text(name), Kind.FUNCTION, name);
  }

  /** {@code module Registry = struct ... end} and {@code module rec A ... and B ...}. */
  private static @Nullable Found moduleBinding(TSNode node, SourceText text) {
    TSNode name = Nodes.field(node, "name");
    return name == null ? null : firstOfItsDefinition(node, text.text(name), Kind.MODULE, name);
  }

  private static @Nullable Found classBinding(TSNode node, SourceText text) {
    TSNode name = Nodes.field(node, "name");
    return name == null ? null : firstOfItsDefinition(node, text.text(name), Kind.CLASS, name);
  }

  /**
   * A binding spans from its {@code let}/{@code module}/{@code class} keyword when it is the
   * first of its definition, else from its {@code and}.
   */
  private static @Nullable Found firstOfItsDefinition(
      TSNode binding, String name, Kind kind, TSNode header) {
    TSNode definition = Nodes.parent(binding);
    TSNode previous = binding.getPrevNamedSibling();
    boolean first =
        previous == null || previous.isNull() || !previous.getType().equals(binding.getType());
    TSNode start = first && definition != null ? definition : binding;
    return found(kind, name, name, header, start, binding, false);
  }

  /** {@code val size : int} in a signature: a declaration without a body. */
  private static @Nullable Found valueSpecification(TSNode node, SourceText text) {
    TSNode name = Nodes.firstChildOfType(node, "value_name");
    return name == null ? null : found(Kind.FUNCTION, text.text(name), name, node, true);
  }
}
