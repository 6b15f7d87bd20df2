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
          case JAVASCRIPT -> EcmascriptRules.javascript();
          case TYPESCRIPT, TSX -> EcmascriptRules.typescript();
          case GO -> GoRules.rules();
          case RUST -> rust();
          case C -> CFamilyRules.c();
          case CPP -> CFamilyRules.cpp();
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
  static NodeRule namedWithBody(Kind kind, String bodyField) {
    return (node, text) -> byNameField(node, text, kind, !Nodes.hasField(node, bodyField));
  }

  /** A node that is always a declaration without a body (a signature). */
  static NodeRule declaration(Kind kind) {
    return (node, text) -> byNameField(node, text, kind, true);
  }

  /** Only when the node has a {@code body} ({@code mod foo;} just points at another file). */
  static NodeRule withBody(NodeRule rule) {
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

  // ---- Rust ----

  /** {@code impl<T> Display for Scorer<T>}: named for the type it implements for. */
  private static @Nullable Found rustImpl(TSNode node, SourceText text) {
    TSNode type = Nodes.field(node, "type");
    if (type == null) {
      return null;
    }
    return found(Kind.IMPL, baseTypeName(text.text(type)), type, node, false);
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
