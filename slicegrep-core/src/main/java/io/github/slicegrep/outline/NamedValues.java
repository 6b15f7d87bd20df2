package io.github.slicegrep.outline;

import io.github.slicegrep.source.Language;
import io.github.slicegrep.source.SourceFile;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Constants and variables a file declares outside any function: {@code ROUNDED: Box = Box(...)}
 * at a module's top, {@code public static final String EMPTY = ""}, {@code export const
 * ZodIssueCode = ...}, {@code #define UV_VERSION_MAJOR 1}, a name in Go's {@code const (...)}.
 * They are not in the outline (they hold no code to snap a region to, and a module of constants
 * would list hundreds), yet a name typed alone is as often a constant as a function, and its
 * declaration is what the person wants to see. Read from the line itself, one pattern per
 * language; a name assigned inside a function is a local and never counts.
 */
public final class NamedValues {
  /**
   * A value declared on a line.
   *
   * @param name the name as declared
   * @param qualifiedName with what encloses it, joined by dots ({@code StringUtils.EMPTY})
   * @param outer whether anyone can name it from outside: top level, a module's, or a static
   *     member of a type (not an instance field or a class attribute)
   */
  public record Declared(String name, String qualifiedName, boolean outer) {
    /** Whether this is {@code symbol} as a query asks for it ({@link Definition#definesAsAsked}). */
    public boolean isAsAsked(String symbol, @Nullable String path) {
      return Definition.namesAsAsked(name, qualifiedName, symbol, path);
    }
  }

  /**
   * Longer lines are data, not a declaration; and the patterns' repeated groups recurse once per
   * word in java.util.regex, so a line of thousands of words would overflow the stack.
   */
  static final int MAX_DECLARATION_CHARS = 300;
  private static final Map<Language, Pattern> COMPILED = new ConcurrentHashMap<>();
  private static final String ID = "([A-Za-z_$][\\w$]*)";
  private static final String PYTHON = "^\\s*" + ID + "\\s*(?::[^=]*)?=(?!=)";
  private static final String RUBY = "^\\s*([A-Z]\\w*)\\s*=(?![=~])";
  private static final String LUA =
      "^\\s*(?:local\\s+)?([A-Za-z_]\\w*)\\s*=(?!=)";
  private static final String ECMASCRIPT =
      "^\\s*(?:export\\s+)?(?:declare\\s+)?(?:const|let|var)\\s+" + ID
          + "|^\\s*(?:module\\.)?exports\\.([A-Za-z_$][\\w$]*)\\s*=(?!=)"
          + "|^\\s*(?:(?:public|private|protected|readonly|declare)\\s+)*static\\s+"
          + "(?:readonly\\s+)?" + ID + "\\s*[:=?!]";
  /** A field with a modifier that makes it a constant or shared: static, final, const. */
  private static final String JAVA_LIKE =
      "^\\s*(?:@\\w+(?:\\([^)]*\\))?\\s+)*(?:[\\w<>\\[\\]?,.]+\\s+)*?"
          + "\\b(?:static|final|const|readonly)\\b[^=;(){}]*?\\s([A-Za-z_]\\w*)\\s*(?:=|;)";
  private static final String VAL_LIKE =
      "^\\s*(?:[@\\w]+\\s+)*?(?:val|var|let)\\s+([A-Za-z_]\\w*)";
  private static final String DART =
      "^\\s*(?:static\\s+)?(?:const|final|var)\\s+(?:[\\w<>?,]+\\s+)?([A-Za-z_]\\w*)\\s*=";
  /**
   * Go's {@code var} and {@code const}, and a {@code type} that is neither struct nor interface
   * ({@code type HandlerFunc func(*Context)}, {@code type H map[string]any}): the outline holds
   * only those two kinds, so gin's {@code HandlerFunc} had no definition at all.
   */
  private static final String GO = "^\\s*(?:var|const|type)\\s+([A-Za-z_]\\w*)";
  /** A name at the start of a line inside Go's {@code const (} or {@code var (} block. */
  private static final Pattern GO_IN_BLOCK =
      Pattern.compile("^\\s+([A-Za-z_]\\w*)\\s*(?:,\\s*\\w+\\s*)*(?:[\\w.\\[\\]*]+\\s*)?(?:=|$)");
  private static final Pattern GO_BLOCK = Pattern.compile("^(?:const|var)\\s*\\(\\s*(?://.*)?$");
  /**
   * A key of an object literal a module declares at its top: {@code const codes = {} then {@code
   * FST_ERR_NOT_FOUND: createError(...)}, fastify's {@code kRouteContext: Symbol(...)} in {@code
   * const keys = {}. Code imports these names one by one ({@code const { kRouteContext } =
   * require('./symbols')}), so the key is where the name is declared.
   */
  private static final Pattern OBJECT_KEY = Pattern.compile("^(\\s+)" + ID + "\\s*:(?!:)");
  private static final Pattern OBJECT_OPENER = Pattern.compile(
      "^(?:export\\s+)?(?:(?:const|let|var)\\s+[A-Za-z_$][\\w$]*(?:\\s*:[^=]*)?|module\\.exports)"
          + "\\s*=\\s*(?:Object\\.freeze\\(\\s*)?\\{\\s*(?://.*)?$");
  private static final String RUST =
      "^\\s*(?:pub(?:\\([^)]*\\))?\\s+)?(?:const|static)\\s+(?:mut\\s+)?([A-Za-z_]\\w*)\\s*:";
  private static final String C_LIKE =
      "^\\s*#\\s*define\\s+([A-Za-z_]\\w*)"
          + "|^(?:(?:static|extern|const|constexpr|volatile|unsigned|signed|struct|enum|"
          + "inline)\\s+)*[A-Za-z_][\\w:<>]*(?:\\s*\\*+\\s*|\\s+)(?:const\\s+)?"
          + "([A-Za-z_]\\w*)\\s*(?:\\[[^\\]]*\\]\\s*)*(?:=|;)";
  private static final String PHP =
      "\\bconst\\s+([A-Za-z_]\\w*)\\s*=|\\bdefine\\(\\s*['\"]([A-Za-z_]\\w*)['\"]";
  private static final String BASH =
      "^\\s*(?:export\\s+|readonly\\s+|declare\\s+(?:-\\w+\\s+)*)?([A-Za-z_]\\w*)=";
  /** A name bound to what another module exports is an import, declared there, not here. */
  private static final Pattern IMPORTED =
      Pattern.compile(
          "=\\s*(?:await\\s+)?(?:require|import)\\s*\\(|\\bimportlib\\.import_module\\(");
  private static final String ELIXIR = "^\\s*@([a-z_]\\w*)\\s";

  /**
   * Words the patterns above would take for a declared name: statements and keywords ({@code
   * return x;}, TypeScript's {@code const enum}), and Elixir's documentation attributes.
   */
  private static final List<String> NOT_NAMES =
      List.of("return", "else", "case", "goto", "enum", "doc", "moduledoc", "typedoc", "spec",
          "impl");

  private NamedValues() {}

  /**
   * The value declared on line {@code line} (1-based) of {@code file}, or null when the line
   * declares none or only a local of a function.
   */
  public static @Nullable Declared at(SourceFile file, Outline outline, int line) {
    Pattern pattern = pattern(file.language());
    if (pattern == null || line < 1 || line > file.lineCount()) {
      return null;
    }
    Definition inside = outline.innermost(line);
    if (inside != null && (!inside.kind().isContainer() || inside.headerLine() == line)) {
      return null; // a function's local, or the header of a class (its name is no value)
    }
    String text = file.line(line);
    if (text.length() > MAX_DECLARATION_CHARS) {
      return null;
    }
    if (inside == null && file.language().syntax() != Language.Syntax.BRACES
        && !text.isEmpty() && Character.isWhitespace(text.charAt(0))) {
      return null; // indented at top level: inside a call's arguments (name="x"), not a statement
    }
    String name = declaredName(pattern, text);
    if (name == null && file.language() == Language.GO && inside == null
        && inGoBlock(file, line)) {
      name = declaredName(GO_IN_BLOCK, text);
    }
    Language language = file.language();
    if (name == null && inside == null && (language == Language.JAVASCRIPT
        || language == Language.TYPESCRIPT || language == Language.TSX)) {
      name = topLevelObjectKey(file, line);
    }
    if (name == null || NOT_NAMES.contains(name) || IMPORTED.matcher(text).find()) {
      return null;
    }
    boolean outer = inside == null || !inside.kind().isType() || staticMember(text);
    return new Declared(
        name, inside == null ? name : inside.qualifiedName() + "." + name, outer);
  }

  private static @Nullable String declaredName(Pattern pattern, String text) {
    Matcher m = pattern.matcher(text);
    if (!m.find()) {
      return null;
    }
    for (int g = 1; g <= m.groupCount(); g++) {
      if (m.group(g) != null) {
        return m.group(g);
      }
    }
    return null;
  }

  /** A member any code can name through its type: {@code static}, {@code const}. */
  private static boolean staticMember(String text) {
    return text.contains("static ") || text.contains("const ");
  }

  /** Whether {@code line} is inside a top-level {@code const (} or {@code var (} block. */
  private static boolean inGoBlock(SourceFile file, int line) {
    for (int n = line - 1; n >= 1; n--) {
      String above = file.line(n);
      if (GO_BLOCK.matcher(above).find()) {
        return true;
      }
      if (!above.isEmpty() && !Character.isWhitespace(above.charAt(0))
          && !above.startsWith("//")) {
        return false; // another top-level statement (or the block's closing paren) came first
      }
    }
    return false;
  }

  /**
   * The key declared on {@code line} when it is a direct member of an object literal opened at
   * a module's top ({@link #OBJECT_KEY}): every line between the opener and it is blank or
   * indented at least as deep, so a key of a nested object does not count.
   */
  private static @Nullable String topLevelObjectKey(SourceFile file, int line) {
    Matcher key = OBJECT_KEY.matcher(file.line(line));
    if (!key.find()) {
      return null;
    }
    int indent = key.group(1).length();
    for (int n = line - 1; n >= 1; n--) {
      String above = file.line(n);
      if (above.isBlank()) {
        continue;
      }
      int depth = 0;
      while (depth < above.length() && Character.isWhitespace(above.charAt(depth))) {
        depth++;
      }
      if (depth == 0) {
        return OBJECT_OPENER.matcher(above).find() ? key.group(2) : null;
      }
      if (depth < indent) {
        return null; // a key of an object nested in another
      }
    }
    return null;
  }

  /**
   * The pattern for {@code language}, compiled on its first use: a process that searches one
   * language compiles none of the others (start-up counts, issue 21).
   */
  private static @Nullable Pattern pattern(Language language) {
    String regex = regex(language);
    return regex == null ? null : COMPILED.computeIfAbsent(language, l -> Pattern.compile(regex));
  }

  private static @Nullable String regex(Language language) {
    return switch (language) {
      case PYTHON -> PYTHON;
      case RUBY -> RUBY;
      case LUA -> LUA;
      case JAVASCRIPT, TYPESCRIPT, TSX -> ECMASCRIPT;
      case JAVA, CSHARP -> JAVA_LIKE;
      case KOTLIN, SCALA, SWIFT -> VAL_LIKE;
      case DART -> DART;
      case GO -> GO;
      case RUST -> RUST;
      case C, CPP -> C_LIKE;
      case PHP -> PHP;
      case BASH -> BASH;
      case ELIXIR -> ELIXIR;
      default -> null;
    };
  }
}
