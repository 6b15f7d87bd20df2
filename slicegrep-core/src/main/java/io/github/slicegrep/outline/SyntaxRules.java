package io.github.slicegrep.outline;

import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSet;
import io.github.slicegrep.outline.Definition.Kind;
import io.github.slicegrep.outline.NodeRule.Found;
import io.github.slicegrep.source.Language;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.treesitter.TSNode;

/**
 * Which syntax nodes of each grammar are definitions, how they are named, and which nodes around
 * them belong to them. Node type names come from each grammar's node-types; a test checks that
 * every name used here exists in its grammar.
 *
 * @param rules definition rules by node type
 * @param wrappers node types that wrap a definition and belong to it (Python decorators, C++
 *     {@code template <...>}, JavaScript {@code export}, the {@code const} of an arrow function)
 * @param attachable node types that belong to the definition right below them when they open
 *     their own line: comments, decorators and attributes that are siblings, not children
 * @param attachableIf for some attachable types, which of their nodes attach (all when absent)
 */
record SyntaxRules(
    ImmutableMap<String, NodeRule> rules,
    ImmutableSet<String> wrappers,
    ImmutableSet<String> attachable,
    ImmutableMap<String, AttachRule> attachableIf) {

  /** The rules for a language, or empty when no grammar backs it. */
  static Optional<SyntaxRules> forLanguage(Language language) {
    return Optional.ofNullable(
        switch (language) {
          case PYTHON -> python();
          case JAVA -> java();
          case JAVASCRIPT -> javascript();
          case TYPESCRIPT, TSX -> typescript();
          case GO -> go();
          case RUST -> rust();
          case C -> c();
          case CPP -> cpp();
          case CSHARP -> csharp();
          case RUBY -> ruby();
          case PHP -> php();
          case KOTLIN -> kotlin();
          case BASH -> bash();
          case SCALA -> ScalaRules.rules();
          case SWIFT -> SwiftRules.rules();
          case ELIXIR -> ElixirRules.rules();
          case HASKELL -> HaskellRules.rules();
          case DART -> DartRules.rules();
          case OCAML -> OcamlRules.rules();
          default -> null;
        });
  }

  /** Every node type name these rules mention. */
  ImmutableSet<String> nodeTypes() {
    return ImmutableSet.<String>builder()
        .addAll(rules.keySet())
        .addAll(wrappers)
        .addAll(attachable)
        .build();
  }

  // ---- languages ----

  private static SyntaxRules python() {
    return new Builder("comment")
        .rule("class_definition", named(Kind.CLASS))
        .rule("function_definition", named(Kind.FUNCTION))
        .wrappers("decorated_definition")
        .build();
  }

  private static SyntaxRules java() {
    return new Builder("line_comment", "block_comment")
        .rule("class_declaration", named(Kind.CLASS))
        .rule("interface_declaration", named(Kind.INTERFACE))
        .rule("annotation_type_declaration", named(Kind.INTERFACE))
        .rule("enum_declaration", named(Kind.ENUM))
        .rule("record_declaration", named(Kind.RECORD))
        .rule("method_declaration", namedWithBody(Kind.METHOD, "body"))
        .rule("constructor_declaration", named(Kind.CONSTRUCTOR))
        .rule("compact_constructor_declaration", named(Kind.CONSTRUCTOR))
        .build();
  }

  private static SyntaxRules javascript() {
    return ecmascript(new Builder("comment"))
        .rule("field_definition", SyntaxRules::functionValuedField)
        .build();
  }

  private static SyntaxRules typescript() {
    return ecmascript(new Builder("comment"))
        .rule("abstract_class_declaration", named(Kind.CLASS))
        .rule("interface_declaration", named(Kind.INTERFACE))
        .rule("enum_declaration", named(Kind.ENUM))
        .rule("internal_module", named(Kind.NAMESPACE))
        .rule("module", SyntaxRules::typescriptModule)
        .rule("function_signature", declaration(Kind.FUNCTION))
        .rule("method_signature", declaration(Kind.METHOD))
        .rule("abstract_method_signature", declaration(Kind.METHOD))
        .rule("public_field_definition", SyntaxRules::functionValuedField)
        .wrappers("ambient_declaration")
        .build();
  }

  private static Builder ecmascript(Builder b) {
    return b.rule("class_declaration", named(Kind.CLASS))
        .rule("function_declaration", named(Kind.FUNCTION))
        .rule("generator_function_declaration", named(Kind.FUNCTION))
        .rule("method_definition", named(Kind.METHOD))
        .rule("variable_declarator", SyntaxRules::functionValuedVariable)
        .rule("pair", SyntaxRules::functionValuedPair)
        .rule("assignment_expression", SyntaxRules::functionValuedAssignment)
        .wrappers(
            "export_statement", "lexical_declaration", "variable_declaration",
            "expression_statement")
        .attachable("decorator");
  }

  private static SyntaxRules go() {
    return new Builder("comment")
        .rule("function_declaration", named(Kind.FUNCTION))
        .rule("method_declaration", SyntaxRules::goMethod)
        .rule("method_elem", declaration(Kind.METHOD))
        .rule("type_spec", SyntaxRules::goType)
        .build();
  }

  private static SyntaxRules rust() {
    return new Builder("line_comment", "block_comment")
        .rule("function_item", named(Kind.FUNCTION))
        .rule("function_signature_item", declaration(Kind.FUNCTION))
        .rule("struct_item", named(Kind.STRUCT))
        .rule("union_item", named(Kind.STRUCT))
        .rule("enum_item", named(Kind.ENUM))
        .rule("trait_item", named(Kind.TRAIT))
        .rule("impl_item", SyntaxRules::rustImpl)
        .rule("mod_item", withBody(named(Kind.MODULE)))
        .rule("macro_definition", named(Kind.FUNCTION))
        .attachable("attribute_item")
        .build();
  }

  private static SyntaxRules c() {
    return cFamily(new Builder("comment")).build();
  }

  private static SyntaxRules cpp() {
    return cFamily(new Builder("comment"))
        .rule("class_specifier", SyntaxRules::cTypeSpecifier)
        .rule("namespace_definition", withBody(named(Kind.NAMESPACE)))
        .rule("field_declaration", SyntaxRules::cPrototype)
        .wrappers("template_declaration")
        .build();
  }

  private static Builder cFamily(Builder b) {
    return b.rule("function_definition", SyntaxRules::cFunction)
        .rule("declaration", SyntaxRules::cPrototype)
        .rule("struct_specifier", SyntaxRules::cTypeSpecifier)
        .rule("union_specifier", SyntaxRules::cTypeSpecifier)
        .rule("enum_specifier", SyntaxRules::cTypeSpecifier)
        .wrappers("type_definition");
  }

  private static SyntaxRules csharp() {
    return new Builder("comment")
        .rule("class_declaration", named(Kind.CLASS))
        .rule("interface_declaration", named(Kind.INTERFACE))
        .rule("struct_declaration", named(Kind.STRUCT))
        .rule("enum_declaration", named(Kind.ENUM))
        .rule("record_declaration", named(Kind.RECORD))
        .rule("namespace_declaration", named(Kind.NAMESPACE))
        .rule("file_scoped_namespace_declaration", named(Kind.NAMESPACE))
        .rule("method_declaration", namedWithBody(Kind.METHOD, "body"))
        .rule("constructor_declaration", named(Kind.CONSTRUCTOR))
        .rule("destructor_declaration", named(Kind.METHOD))
        .rule("local_function_statement", named(Kind.FUNCTION))
        .rule("property_declaration", multiLine(named(Kind.METHOD)))
        .build();
  }

  private static SyntaxRules ruby() {
    return new Builder("comment")
        .rule("class", SyntaxRules::rubyNamespace)
        .rule("module", SyntaxRules::rubyNamespace)
        .rule("method", named(Kind.FUNCTION))
        .rule("singleton_method", named(Kind.METHOD))
        .build();
  }

  private static SyntaxRules php() {
    return new Builder("comment")
        .rule("class_declaration", named(Kind.CLASS))
        .rule("interface_declaration", named(Kind.INTERFACE))
        .rule("trait_declaration", named(Kind.TRAIT))
        .rule("enum_declaration", named(Kind.ENUM))
        .rule("function_definition", named(Kind.FUNCTION))
        .rule("method_declaration", namedWithBody(Kind.METHOD, "body"))
        .rule("namespace_definition", withBody(named(Kind.NAMESPACE)))
        .build();
  }

  private static SyntaxRules kotlin() {
    return new Builder("line_comment", "multiline_comment")
        .rule("class_declaration", SyntaxRules::kotlinClass)
        .rule("object_declaration", SyntaxRules::kotlinObject)
        .rule("companion_object", SyntaxRules::kotlinObject)
        .rule("function_declaration", SyntaxRules::kotlinFunction)
        .rule("secondary_constructor", SyntaxRules::kotlinConstructor)
        .build();
  }

  private static SyntaxRules bash() {
    return new Builder("comment")
        .rule("function_definition", named(Kind.FUNCTION))
        .build();
  }

  // ---- generic rules ----

  /** A definition named by its {@code name} field. */
  static NodeRule named(Kind kind) {
    return (node, text) -> byNameField(node, text, kind, false);
  }

  /** A definition that is declaration-only when it lacks {@code bodyField}. */
  private static NodeRule namedWithBody(Kind kind, String bodyField) {
    return (node, text) -> byNameField(node, text, kind, !Nodes.hasField(node, bodyField));
  }

  /** A node that is always a declaration without a body (a signature). */
  static NodeRule declaration(Kind kind) {
    return (node, text) -> byNameField(node, text, kind, true);
  }

  /** Only when the node has a {@code body} ({@code mod foo;} just points at another file). */
  private static NodeRule withBody(NodeRule rule) {
    return (node, text) -> Nodes.hasField(node, "body") ? rule.describe(node, text) : null;
  }

  /** Only when the node spans several lines (a C# property with accessor bodies). */
  static NodeRule multiLine(NodeRule rule) {
    return (node, text) ->
        SourceText.endRow(node) > SourceText.startRow(node) ? rule.describe(node, text) : null;
  }

  static @Nullable Found byNameField(
      TSNode node, SourceText text, Kind kind, boolean declarationOnly) {
    TSNode name = Nodes.field(node, "name");
    if (name == null) {
      return null;
    }
    return found(kind, text.text(name), name, node, declarationOnly);
  }

  static @Nullable Found found(
      Kind kind, String name, TSNode header, TSNode range, boolean declarationOnly) {
    return found(kind, name, name, header, range, declarationOnly);
  }

  static @Nullable Found found(
      Kind kind,
      String name,
      String localName,
      TSNode header,
      TSNode range,
      boolean declarationOnly) {
    return found(kind, name, localName, header, range, null, declarationOnly);
  }

  /** A definition spanning from {@code first}'s start to {@code last}'s end (sibling nodes). */
  static @Nullable Found found(
      Kind kind,
      String name,
      String localName,
      TSNode header,
      TSNode first,
      @Nullable TSNode last,
      boolean declarationOnly) {
    if (name.isEmpty()) {
      return null;
    }
    return new Found(kind, name, localName, header, first, last, declarationOnly);
  }

  // ---- JavaScript / TypeScript ----

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

  // ---- Go ----

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

  // ---- Rust ----

  /** {@code impl<T> Display for Scorer<T>}: named for the type it implements for. */
  private static @Nullable Found rustImpl(TSNode node, SourceText text) {
    TSNode type = Nodes.field(node, "type");
    if (type == null) {
      return null;
    }
    return found(Kind.IMPL, baseTypeName(text.text(type)), type, node, false);
  }

  // ---- C / C++ ----

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

  // ---- Ruby ----

  /** {@code class Rank::Scorer} is named {@code Scorer}. */
  private static @Nullable Found rubyNamespace(TSNode node, SourceText text) {
    TSNode name = Nodes.field(node, "name");
    if (name == null) {
      return null;
    }
    String full = text.text(name);
    String simple = full.substring(full.lastIndexOf(':') + 1);
    Kind kind = node.getType().equals("module") ? Kind.MODULE : Kind.CLASS;
    return found(kind, simple, name, node, false);
  }

  // ---- Kotlin (its grammar has no field names) ----

  private static @Nullable Found kotlinClass(TSNode node, SourceText text) {
    TSNode name = Nodes.firstChildOfType(node, "type_identifier");
    if (name == null) {
      return null;
    }
    Kind kind = Kind.CLASS;
    if (Nodes.firstChildOfType(node, "interface") != null) {
      kind = Kind.INTERFACE;
    } else if (Nodes.firstChildOfType(node, "enum_class_body") != null) {
      kind = Kind.ENUM;
    }
    return found(kind, text.text(name), name, node, false);
  }

  /** {@code object Registry} and {@code companion object} (named {@code Companion} if unnamed). */
  private static @Nullable Found kotlinObject(TSNode node, SourceText text) {
    TSNode name = Nodes.firstChildOfType(node, "type_identifier");
    if (name != null) {
      return found(Kind.OBJECT, text.text(name), name, node, false);
    }
    return node.getType().equals("companion_object")
        ? found(Kind.OBJECT, "Companion", node, node, false)
        : null;
  }

  private static @Nullable Found kotlinFunction(TSNode node, SourceText text) {
    TSNode name = Nodes.firstChildOfType(node, "simple_identifier");
    if (name == null) {
      return null;
    }
    boolean bodyless = Nodes.firstChildOfType(node, "function_body") == null;
    return found(Kind.FUNCTION, text.text(name), name, node, bodyless);
  }

  private static @Nullable Found kotlinConstructor(TSNode node, SourceText text) {
    return found(Kind.CONSTRUCTOR, "constructor", node, node, false);
  }

  // ---- shared ----

  /** {@code Scorer<T>} and {@code pkg.Scorer[T]} are named {@code Scorer}. */
  static String baseTypeName(String type) {
    String s = type.strip();
    int generic = indexOfAny(s, '<', '[', '(');
    if (generic >= 0) {
      s = s.substring(0, generic);
    }
    s = s.replace("::", ".");
    return s.substring(s.lastIndexOf('.') + 1).strip();
  }

  private static int indexOfAny(String s, char... chars) {
    int best = -1;
    for (char c : chars) {
      int i = s.indexOf(c);
      if (i >= 0 && (best < 0 || i < best)) {
        best = i;
      }
    }
    return best;
  }

  static final class Builder {
    private final ImmutableMap.Builder<String, NodeRule> rules = ImmutableMap.builder();
    private final ImmutableSet.Builder<String> wrappers = ImmutableSet.builder();
    private final ImmutableSet.Builder<String> attachable = ImmutableSet.builder();
    private final ImmutableMap.Builder<String, AttachRule> attachableIf = ImmutableMap.builder();

    /** Starts the rules of a grammar whose comment nodes have these types. */
    Builder(String... commentTypes) {
      attachable.add(commentTypes);
    }

    Builder rule(String nodeType, NodeRule rule) {
      rules.put(nodeType, rule);
      return this;
    }

    Builder wrappers(String... types) {
      wrappers.add(types);
      return this;
    }

    Builder attachable(String... types) {
      attachable.add(types);
      return this;
    }

    /** A node type whose nodes attach to the definition below them only when {@code rule} says. */
    Builder attachableIf(String type, AttachRule rule) {
      attachable.add(type);
      attachableIf.put(type, rule);
      return this;
    }

    SyntaxRules build() {
      return new SyntaxRules(
          rules.buildOrThrow(), wrappers.build(), attachable.build(), attachableIf.buildOrThrow());
    }
  }
}
