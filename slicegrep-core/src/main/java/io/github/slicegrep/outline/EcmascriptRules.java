package io.github.slicegrep.outline;

import static io.github.slicegrep.outline.SyntaxRules.declaration;
import static io.github.slicegrep.outline.SyntaxRules.found;
import static io.github.slicegrep.outline.SyntaxRules.named;

import com.google.common.collect.ImmutableSet;
import io.github.slicegrep.outline.Definition.Kind;
import io.github.slicegrep.outline.NodeRule.Found;
import org.jspecify.annotations.Nullable;
import org.treesitter.TSNode;

/**
 * JavaScript and TypeScript (tree-sitter-javascript, -typescript, -tsx): classes, functions, methods, and functions held by a variable, an object entry, an assignment or a class field,
 * named by what holds them; TypeScript's interfaces, enums, namespaces, modules and signatures.
 */
final class EcmascriptRules {
  private EcmascriptRules() {}

  static SyntaxRules javascript() {
    return ecmascript(new SyntaxRules.Builder("comment"))
        .rule("field_definition", EcmascriptRules::functionValuedField)
        .build();
  }

  static SyntaxRules typescript() {
    return ecmascript(new SyntaxRules.Builder("comment"))
        .rule("abstract_class_declaration", named(Kind.CLASS))
        .rule("interface_declaration", named(Kind.INTERFACE))
        .rule("enum_declaration", named(Kind.ENUM))
        .rule("internal_module", named(Kind.NAMESPACE))
        .rule("module", EcmascriptRules::typescriptModule)
        .rule("function_signature", declaration(Kind.FUNCTION))
        .rule("method_signature", declaration(Kind.METHOD))
        .rule("abstract_method_signature", declaration(Kind.METHOD))
        .rule("public_field_definition", EcmascriptRules::functionValuedField)
        .wrappers("ambient_declaration")
        .build();
  }

  private static SyntaxRules.Builder ecmascript(SyntaxRules.Builder b) {
    return b.rule("class_declaration", named(Kind.CLASS))
        .rule("function_declaration", named(Kind.FUNCTION))
        .rule("generator_function_declaration", named(Kind.FUNCTION))
        .rule("method_definition", named(Kind.METHOD))
        .rule("variable_declarator", EcmascriptRules::functionValuedVariable)
        .rule("pair", EcmascriptRules::functionValuedPair)
        .rule("assignment_expression", EcmascriptRules::functionValuedAssignment)
        .wrappers(
            "export_statement", "lexical_declaration", "variable_declaration",
            "expression_statement")
        .attachable("decorator");
  }

    private static final ImmutableSet<String> FUNCTION_VALUES =
      ImmutableSet.of(
          "arrow_function", "function_expression", "function", "generator_function");

  /** {@code const score = (q) => ...} and {@code var f = function () {...}}. */
  private static @Nullable Found functionValuedVariable(TSNode node, SourceText text) {
    TSNode value = Nodes.field(node, "value");
    TSNode name = Nodes.field(node, "name");
    if (value == null || name == null || !FUNCTION_VALUES.contains(value.getType())
        || !name.getType().equals("identifier")) {
      return null;
    }
    return found(Kind.FUNCTION, text.text(name), name, node, false);
  }

  /** An object literal entry holding a function: {@code load: function (x) {...}}. */
  private static @Nullable Found functionValuedPair(TSNode node, SourceText text) {
    TSNode key = Nodes.field(node, "key");
    TSNode value = Nodes.field(node, "value");
    if (key == null || value == null || !FUNCTION_VALUES.contains(value.getType())) {
      return null;
    }
    String name = text.text(key).replaceAll("^[\"'`]|[\"'`]$", "");
    return found(Kind.METHOD, name, key, node, false);
  }

  /**
   * CommonJS and prototype style: {@code exports.load = function () {...}}, {@code
   * Scorer.prototype.score = (q) => {...}}. Named by the last property; a prototype method is
   * qualified by its class.
   */
  private static @Nullable Found functionValuedAssignment(TSNode node, SourceText text) {
    TSNode left = Nodes.field(node, "left");
    TSNode right = Nodes.field(node, "right");
    if (left == null || right == null || !FUNCTION_VALUES.contains(right.getType())) {
      return null;
    }
    if (left.getType().equals("identifier")) {
      return found(Kind.FUNCTION, text.text(left), left, node, false);
    }
    TSNode property = Nodes.field(left, "property");
    if (!left.getType().equals("member_expression") || property == null) {
      return null;
    }
    String name = text.text(property);
    String target = text.text(left);
    int prototype = target.indexOf(".prototype.");
    if (prototype > 0) {
      String owner = target.substring(0, prototype);
      String local = owner.substring(owner.lastIndexOf('.') + 1) + "." + name;
      return found(Kind.METHOD, name, local, property, node, false);
    }
    return found(Kind.FUNCTION, name, property, node, false);
  }

  /** A class field holding a function: {@code handle = (e) => {...}}. */
  private static @Nullable Found functionValuedField(TSNode node, SourceText text) {
    TSNode value = Nodes.field(node, "value");
    TSNode name = Nodes.field(node, "name");
    if (name == null) {
      name = Nodes.field(node, "property");
    }
    if (value == null || name == null || !FUNCTION_VALUES.contains(value.getType())) {
      return null;
    }
    return found(Kind.METHOD, text.text(name), name, node, false);
  }

  /** {@code declare module "fs" {...}}: named without its quotes. */
  private static @Nullable Found typescriptModule(TSNode node, SourceText text) {
    TSNode name = Nodes.field(node, "name");
    if (name == null || !Nodes.hasField(node, "body")) {
      return null;
    }
    String unquoted = text.text(name).replaceAll("^[\"'`]|[\"'`]$", "");
    return found(Kind.MODULE, unquoted, name, node, false);
  }
}
