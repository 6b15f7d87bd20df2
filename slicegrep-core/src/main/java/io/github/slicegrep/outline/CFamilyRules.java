package io.github.slicegrep.outline;

import static io.github.slicegrep.outline.SyntaxRules.baseTypeName;
import static io.github.slicegrep.outline.SyntaxRules.declaration;
import static io.github.slicegrep.outline.SyntaxRules.found;
import static io.github.slicegrep.outline.SyntaxRules.named;
import static io.github.slicegrep.outline.SyntaxRules.withBody;

import com.google.common.collect.ImmutableSet;
import io.github.slicegrep.outline.Definition.Kind;
import io.github.slicegrep.outline.NodeRule.Found;
import org.jspecify.annotations.Nullable;
import org.treesitter.TSNode;

/**
 * C and C++ (tree-sitter-c, -cpp): functions named through their declarators (pointers,
 * references, qualified and operator names), prototypes as declarations, and C++ classes,
 * structs, namespaces and templates.
 */
final class CFamilyRules {
  private CFamilyRules() {}

  static SyntaxRules c() {
    return cFamily(new SyntaxRules.Builder("comment")).build();
  }

  static SyntaxRules cpp() {
    return cFamily(new SyntaxRules.Builder("comment"))
        .rule("class_specifier", CFamilyRules::cTypeSpecifier)
        .rule("namespace_definition", withBody(named(Kind.NAMESPACE)))
        .rule("field_declaration", CFamilyRules::cPrototype)
        .wrappers("template_declaration")
        .build();
  }

  private static SyntaxRules.Builder cFamily(SyntaxRules.Builder b) {
    return b.rule("function_definition", CFamilyRules::cFunction)
        .rule("preproc_function_def", CFamilyRules::cMacro)
        .rule("preproc_def", CFamilyRules::cLongMacro)
        .rule("declaration", CFamilyRules::cPrototype)
        .rule("struct_specifier", CFamilyRules::cTypeSpecifier)
        .rule("union_specifier", CFamilyRules::cTypeSpecifier)
        .rule("enum_specifier", CFamilyRules::cTypeSpecifier)
        .wrappers("type_definition");
  }

    private static final ImmutableSet<String> DECLARATOR_WRAPPERS =
      ImmutableSet.of(
          "pointer_declarator", "reference_declarator", "attributed_declarator",
          "function_declarator");
  private static final ImmutableSet<String> FUNCTION_NAMES =
      ImmutableSet.of(
          "identifier", "field_identifier", "qualified_identifier", "destructor_name",
          "operator_name", "template_function");
  /** Declarators nest (pointer of pointer of function); real code stays far below this. */
  private static final int MAX_DECLARATOR_DEPTH = 8;

  private static @Nullable Found cFunction(TSNode node, SourceText text) {
    return cFunctionLike(node, text, false);
  }

  /**
   * {@code #define container_of(ptr, type, member) ...}: a function-like macro is called as a
   * function is and looked for as one (outlined as a function, as Rust's {@code macro_rules!}).
   */
  private static @Nullable Found cMacro(TSNode node, SourceText text) {
    TSNode name = Nodes.field(node, "name");
    return name == null ? null : found(Kind.FUNCTION, text.text(name), name, node, false);
  }

  /**
   * {@code #define UV_HANDLE_FIELDS \} and the lines it continues onto: an object-like macro of
   * several lines is a body of code (a struct's shared fields, a statement) looked for by name.
   * A one-line constant ({@code #define MAX 64}) is not a definition here: headers hold hundreds,
   * and each would be a one-line region of its own.
   */
  private static @Nullable Found cLongMacro(TSNode node, SourceText text) {
    return text.lastCodeRow(node) > SourceText.startRow(node) ? cMacro(node, text) : null;
  }

  /**
   * A prototype: a declaration whose declarator is a function declarator with a plain name (a
   * function pointer variable has a parenthesised declarator instead). Prototypes inside
   * function bodies are left alone: there they are usually C++'s most vexing parse.
   */
  private static @Nullable Found cPrototype(TSNode node, SourceText text) {
    Found f = cFunctionLike(node, text, true);
    if (f == null) {
      return null;
    }
    TSNode parent = Nodes.parent(node);
    return parent != null && parent.getType().equals("compound_statement") ? null : f;
  }

  private static @Nullable Found cFunctionLike(
      TSNode node, SourceText text, boolean declarationOnly) {
    TSNode declarator = Nodes.field(node, "declarator");
    for (int depth = 0; declarator != null && depth < MAX_DECLARATOR_DEPTH; depth++) {
      String type = declarator.getType();
      if (type.equals("function_declarator")) {
        TSNode name = Nodes.field(declarator, "declarator");
        if (name == null || !FUNCTION_NAMES.contains(name.getType())) {
          return null;
        }
        // Stack<T>::pop is Stack.pop; operator<< keeps its angle brackets.
        String full = text.text(name).replaceAll("\\s+", "").replaceAll("<[^<>]*>(?=::)", "");
        String local = full.replace("::", ".");
        int cut = local.lastIndexOf('.');
        String simple = cut >= 0 ? local.substring(cut + 1) : local;
        Kind kind = local.equals(simple) ? Kind.FUNCTION : Kind.METHOD;
        return found(kind, simple, local, name, node, declarationOnly);
      }
      if (!declarationOnly && depth == 0 && type.equals("parenthesized_declarator")
          && declarator.getNamedChildCount() == 1
          && declarator.getNamedChild(0).getType().equals("identifier")) {
        // `TEST_IMPL(name) { ... }`: a function defined through a macro (libuv's tests, many
        // C test frameworks) parses as a function of type TEST_IMPL named (name).
        TSNode name = declarator.getNamedChild(0);
        return found(Kind.FUNCTION, text.text(name), text.text(name), name, node, false);
      }
      if (!DECLARATOR_WRAPPERS.contains(type)) {
        return null;
      }
      TSNode inner = Nodes.field(declarator, "declarator");
      declarator =
          inner != null || declarator.getNamedChildCount() == 0
              ? inner
              : declarator.getNamedChild(declarator.getNamedChildCount() - 1);
    }
    return null;
  }

  /**
   * {@code struct point {...}}, {@code class Scorer {...}}, {@code enum mode {...}} with a body;
   * an anonymous one inside {@code typedef} takes the typedef's name.
   */
  private static @Nullable Found cTypeSpecifier(TSNode node, SourceText text) {
    if (!Nodes.hasField(node, "body")) {
      return null;
    }
    Kind kind =
        switch (node.getType()) {
          case "class_specifier" -> Kind.CLASS;
          case "enum_specifier" -> Kind.ENUM;
          default -> Kind.STRUCT;
        };
    TSNode name = Nodes.field(node, "name");
    if (name != null) {
      return found(kind, baseTypeName(text.text(name)), name, node, false);
    }
    TSNode parent = Nodes.parent(node);
    if (parent != null && parent.getType().equals("type_definition")) {
      TSNode alias = Nodes.field(parent, "declarator");
      if (alias != null) {
        return found(kind, text.text(alias), node, node, false);
      }
    }
    return null;
  }
}
