package io.github.slicegrep.outline;

import static io.github.slicegrep.outline.SyntaxRules.baseTypeName;
import static io.github.slicegrep.outline.SyntaxRules.declaration;
import static io.github.slicegrep.outline.SyntaxRules.found;
import static io.github.slicegrep.outline.SyntaxRules.named;

import io.github.slicegrep.outline.Definition.Kind;
import io.github.slicegrep.outline.NodeRule.Found;
import org.jspecify.annotations.Nullable;
import org.treesitter.TSNode;

/**
 * Go (tree-sitter-go): functions, methods named by their receiver's type, interface methods,
 * and the struct and interface types.
 */
final class GoRules {
  private GoRules() {}

  static SyntaxRules rules() {
    return new SyntaxRules.Builder("comment")
        .rule("function_declaration", named(Kind.FUNCTION))
        .rule("method_declaration", GoRules::goMethod)
        .rule("method_elem", declaration(Kind.METHOD))
        .rule("type_spec", GoRules::goType)
        .build();
  }

    /** {@code func (s *Scorer) Score()}: named {@code Score}, locally {@code Scorer.Score}. */
  private static @Nullable Found goMethod(TSNode node, SourceText text) {
    TSNode name = Nodes.field(node, "name");
    if (name == null) {
      return null;
    }
    String simple = text.text(name);
    String receiver = goReceiverType(node, text);
    String local = receiver.isEmpty() ? simple : receiver + "." + simple;
    return found(Kind.METHOD, simple, local, name, node, false);
  }

  private static String goReceiverType(TSNode method, SourceText text) {
    TSNode receiver = Nodes.field(method, "receiver");
    if (receiver == null || receiver.getNamedChildCount() == 0) {
      return "";
    }
    TSNode parameter = receiver.getNamedChild(0);
    TSNode type = Nodes.field(parameter, "type");
    if (type == null) {
      return "";
    }
    return baseTypeName(text.text(type).replace("*", ""));
  }

  /** {@code type Scorer struct {...}} and interfaces; other named types are not definitions. */
  private static @Nullable Found goType(TSNode node, SourceText text) {
    TSNode name = Nodes.field(node, "name");
    TSNode type = Nodes.field(node, "type");
    if (name == null || type == null) {
      return null;
    }
    Kind kind =
        switch (type.getType()) {
          case "struct_type" -> Kind.STRUCT;
          case "interface_type" -> Kind.INTERFACE;
          default -> null;
        };
    if (kind == null) {
      return null;
    }
    TSNode declaration = Nodes.parent(node);
    boolean alone =
        declaration != null && SourceText.startRow(declaration) == SourceText.startRow(node);
    return found(kind, text.text(name), name, alone ? declaration : node, false);
  }
}
