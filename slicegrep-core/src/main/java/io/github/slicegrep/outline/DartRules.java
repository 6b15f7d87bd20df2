package io.github.slicegrep.outline;

import static io.github.slicegrep.outline.SyntaxRules.found;
import static io.github.slicegrep.outline.SyntaxRules.named;

import com.google.common.collect.ImmutableSet;
import io.github.slicegrep.outline.Definition.Kind;
import io.github.slicegrep.outline.NodeRule.Found;
import org.jspecify.annotations.Nullable;
import org.treesitter.TSNode;

/**
 * Dart (tree-sitter-dart): classes, mixins, extensions, enums; functions, methods, getters,
 * setters, operators and constructors. The grammar gives a method as a signature node followed
 * by a sibling {@code function_body} (a block or {@code => expr;}), so the definition runs from
 * the signature to the end of that body; a signature with no body after it (abstract, {@code
 * external}, a redirecting constructor) is declaration-only. Annotations and doc comments are
 * siblings above the signature and attach to it.
 */
final class DartRules {
  private DartRules() {}

  /** Signature node types inside a {@code method_signature} or a member {@code declaration}. */
  private static final ImmutableSet<String> SIGNATURES =
      ImmutableSet.of(
          "function_signature", "getter_signature", "setter_signature", "operator_signature",
          "constructor_signature", "constant_constructor_signature",
          "factory_constructor_signature", "redirecting_factory_constructor_signature");
  private static final ImmutableSet<String> CONSTRUCTORS =
      ImmutableSet.of(
          "constructor_signature", "constant_constructor_signature",
          "factory_constructor_signature", "redirecting_factory_constructor_signature");

  static SyntaxRules rules() {
    return new SyntaxRules.Builder("comment", "documentation_comment")
        .rule("class_definition", named(Kind.CLASS))
        .rule("mixin_declaration", DartRules::mixin)
        .rule("extension_declaration", DartRules::extension)
        .rule("enum_declaration", named(Kind.ENUM))
        .rule("method_signature", DartRules::member)
        .rule("declaration", DartRules::member)
        .rule("function_signature", DartRules::topLevel)
        .rule("getter_signature", DartRules::topLevel)
        .rule("setter_signature", DartRules::topLevel)
        .rule("local_function_declaration", DartRules::localFunction)
        .attachable("annotation")
        .build();
  }

  /** {@code mixin Loggable on Object {...}}: the grammar gives its name no field. */
  private static @Nullable Found mixin(TSNode node, SourceText text) {
    TSNode name = Nodes.firstChildOfType(node, "identifier");
    return name == null ? null : found(Kind.TRAIT, text.text(name), name, node, false);
  }

  /** {@code extension Twice on int {...}}; an unnamed {@code extension on int} is named {@code int}. */
  private static @Nullable Found extension(TSNode node, SourceText text) {
    TSNode name = Nodes.field(node, "name");
    if (name == null) {
      name = Nodes.field(node, "class");
    }
    return name == null
        ? null
        : found(Kind.IMPL, SyntaxRules.baseTypeName(text.text(name)), name, node, false);
  }

  /**
   * A class member: a {@code method_signature} with its body, or a {@code declaration} holding a
   * signature (an abstract method, a constructor with an initializer list or none); fields are
   * not definitions.
   */
  private static @Nullable Found member(TSNode node, SourceText text) {
    TSNode signature = null;
    for (int i = 0; i < node.getNamedChildCount() && signature == null; i++) {
      TSNode child = node.getNamedChild(i);
      if (SIGNATURES.contains(child.getType())) {
        signature = child;
      }
    }
    if (signature == null) {
      return null;
    }
    boolean constructor = CONSTRUCTORS.contains(signature.getType());
    TSNode body = followingBody(node);
    boolean bodiless = body == null && !constructor;
    Kind kind = constructor ? Kind.CONSTRUCTOR : Kind.METHOD;
    return bySignature(signature, kind, text, node, body, bodiless);
  }

  /** A top-level function, getter or setter: the signature is a direct child of the program. */
  private static @Nullable Found topLevel(TSNode node, SourceText text) {
    TSNode parent = Nodes.parent(node);
    if (parent == null || !parent.getType().equals("program")) {
      return null;
    }
    TSNode body = followingBody(node);
    return bySignature(node, Kind.FUNCTION, text, node, body, body == null);
  }

  /** {@code double normalise(double v) => v * weight;} inside a body. */
  private static @Nullable Found localFunction(TSNode node, SourceText text) {
    TSNode lambda = Nodes.firstChildOfType(node, "lambda_expression");
    TSNode signature = lambda == null ? null : Nodes.field(lambda, "parameters");
    return signature == null ? null : bySignature(signature, Kind.FUNCTION, text, node, null, false);
  }

  /**
   * Named by the signature's last {@code name} child: the constructor {@code Scorer.named(...)}
   * is named {@code named} (its class comes from nesting).
   */
  private static @Nullable Found bySignature(
      TSNode signature, Kind kind, SourceText text, TSNode range, @Nullable TSNode last,
      boolean declarationOnly) {
    TSNode name = null;
    for (int i = 0; i < signature.getChildCount(); i++) {
      if ("name".equals(signature.getFieldNameForChild(i))) {
        name = signature.getChild(i);
      }
    }
    if (name == null) {
      return null;
    }
    String simple = text.text(name);
    return found(kind, simple, simple, name, range, last, declarationOnly);
  }

  /** The {@code function_body} right after a signature, or null when it has none. */
  private static @Nullable TSNode followingBody(TSNode node) {
    TSNode next = node.getNextNamedSibling();
    return next != null && !next.isNull() && next.getType().equals("function_body") ? next : null;
  }
}
