package io.github.slicegrep.outline;

import static io.github.slicegrep.outline.SyntaxRules.declaration;
import static io.github.slicegrep.outline.SyntaxRules.found;
import static io.github.slicegrep.outline.SyntaxRules.multiLine;
import static io.github.slicegrep.outline.SyntaxRules.named;

import io.github.slicegrep.outline.Definition.Kind;
import io.github.slicegrep.outline.NodeRule.Found;
import org.jspecify.annotations.Nullable;
import org.treesitter.TSNode;

/**
 * Swift (tree-sitter-swift): one {@code class_declaration} node type stands for classes, structs,
 * enums, actors and extensions, told apart by their keyword; protocols and their requirements,
 * {@code func}s, {@code init}/{@code deinit} and multi-line computed properties. Attributes
 * ({@code @available}, {@code @discardableResult}) sit in the declaration's modifiers, so they
 * belong to it.
 */
final class SwiftRules {
  private SwiftRules() {}

  static SyntaxRules rules() {
    return new SyntaxRules.Builder("comment", "multiline_comment")
        .rule("class_declaration", SwiftRules::typeDeclaration)
        .rule("protocol_declaration", named(Kind.INTERFACE))
        .rule("protocol_function_declaration", declaration(Kind.METHOD))
        .rule("function_declaration", named(Kind.FUNCTION))
        .rule("init_declaration", SwiftRules::initializer)
        .rule("deinit_declaration", SwiftRules::initializer)
        .rule("property_declaration", multiLine(SwiftRules::computedProperty))
        .build();
  }

  /** {@code class}, {@code struct}, {@code enum}, {@code actor} or {@code extension Scorer}. */
  private static @Nullable Found typeDeclaration(TSNode node, SourceText text) {
    TSNode name = Nodes.field(node, "name");
    TSNode keyword = Nodes.field(node, "declaration_kind");
    if (name == null || keyword == null) {
      return null;
    }
    Kind kind =
        switch (keyword.getType()) {
          case "struct" -> Kind.STRUCT;
          case "enum" -> Kind.ENUM;
          case "extension" -> Kind.IMPL;
          default -> Kind.CLASS;
        };
    return found(kind, SyntaxRules.baseTypeName(text.text(name)), name, node, false);
  }

  /** {@code init(...)} is the type's constructor; {@code deinit} a method of that name. */
  private static @Nullable Found initializer(TSNode node, SourceText text) {
    boolean init = node.getType().equals("init_declaration");
    return found(init ? Kind.CONSTRUCTOR : Kind.METHOD, init ? "init" : "deinit", node, node,
        false);
  }

  /** {@code var total: Double { get {...} set {...} }}: code, unlike a stored property. */
  private static @Nullable Found computedProperty(TSNode node, SourceText text) {
    TSNode name = Nodes.field(node, "name");
    if (name == null || !Nodes.hasField(node, "computed_value")) {
      return null;
    }
    return found(Kind.METHOD, text.text(name), name, node, false);
  }
}
