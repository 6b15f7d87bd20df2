package io.github.slicegrep.outline;

import static io.github.slicegrep.outline.SyntaxRules.declaration;
import static io.github.slicegrep.outline.SyntaxRules.named;

import io.github.slicegrep.outline.Definition.Kind;

/**
 * Scala 2 and 3 (tree-sitter-scala): classes (case classes too), objects, traits, enums, {@code
 * def}s with a body and abstract {@code def} declarations, Scala 3 {@code given} instances and
 * {@code extension} blocks. Annotations are children of the definition node, so they belong to
 * it without a wrapper.
 */
final class ScalaRules {
  private ScalaRules() {}

  static SyntaxRules rules() {
    return new SyntaxRules.Builder("comment", "block_comment")
        .rule("class_definition", named(Kind.CLASS))
        .rule("object_definition", named(Kind.OBJECT))
        .rule("trait_definition", named(Kind.TRAIT))
        .rule("enum_definition", named(Kind.ENUM))
        .rule("function_definition", named(Kind.FUNCTION))
        .rule("function_declaration", declaration(Kind.FUNCTION))
        .rule("given_definition", named(Kind.OBJECT))
        .build();
  }
}
