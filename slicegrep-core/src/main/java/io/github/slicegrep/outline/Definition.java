package io.github.slicegrep.outline;

import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * One function, method, class or similar in a file.
 *
 * @param kind what it is
 * @param name its simple name ({@code score})
 * @param qualifiedName enclosing definitions' names joined with {@code .} ({@code Scorer.score})
 * @param startLine first line, including decorators, annotations and an attached doc comment
 * @param endLine last line (closing brace, {@code end}, or last indented line), inclusive
 * @param headerLine the line that names it
 * @param declarationOnly whether it is a declaration without a body: a C prototype, an abstract
 *     or interface method, a Rust trait method signature, a TypeScript overload signature
 */
public record Definition(
    Kind kind,
    String name,
    String qualifiedName,
    int startLine,
    int endLine,
    int headerLine,
    boolean declarationOnly) {

  /** Kinds of definitions across languages. */
  public enum Kind {
    CLASS,
    INTERFACE,
    STRUCT,
    ENUM,
    TRAIT,
    IMPL,
    RECORD,
    OBJECT,
    MODULE,
    NAMESPACE,
    FUNCTION,
    METHOD,
    CONSTRUCTOR;

    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Whether definitions of this kind are types (class, struct, trait, impl, object...), whose
     * functions are methods; modules and namespaces are containers but not types.
     */
    public boolean isType() {
      return isContainer() && this != MODULE && this != NAMESPACE;
    }

    /** Whether definitions of this kind contain other definitions (methods, nested types). */
    public boolean isContainer() {
      return this != FUNCTION && this != METHOD && this != CONSTRUCTOR;
    }
  }

  public Definition {
    if (startLine < 1 || endLine < startLine || headerLine < startLine || headerLine > endLine) {
      throw new IllegalArgumentException(
          String.format(
              "bad line range for %s: start=%d header=%d end=%d",
              name, startLine, headerLine, endLine));
    }
  }

  /** A definition with a body (the common case). */
  public Definition(
      Kind kind, String name, String qualifiedName, int startLine, int endLine, int headerLine) {
    this(kind, name, qualifiedName, startLine, endLine, headerLine, false);
  }

  /** The same definition under another kind and qualified name (nesting decides both). */
  Definition nestedAs(Kind otherKind, String otherQualifiedName) {
    return new Definition(
        otherKind, name, otherQualifiedName, startLine, endLine, headerLine, declarationOnly);
  }

  /**
   * Whether this defines {@code symbol} as a query asks for it: the name, ignoring case, and
   * for a name typed with what encloses it ({@code path}, such as {@code QuerySet.reverse}),
   * a qualified name that is the path or ends with it after a dot ({@code
   * models.QuerySet.reverse}).
   *
   * @param path the qualified name typed, parts joined by dots; null when typed bare
   */
  public boolean definesAsAsked(String symbol, @Nullable String path) {
    return namesAsAsked(name, qualifiedName, symbol, path);
  }

  /**
   * Whether a name declared as {@code name}, {@code qualifiedName} in full, is {@code symbol} as
   * a query asks for it ({@link #definesAsAsked}); shared with {@link NamedValues}.
   */
  static boolean namesAsAsked(
      String name, String qualifiedName, String symbol, @Nullable String path) {
    if (!name.equalsIgnoreCase(symbol)) {
      return false;
    }
    if (path == null) {
      return true;
    }
    int at = qualifiedName.length() - path.length();
    return at >= 0 && (at == 0 || qualifiedName.charAt(at - 1) == '.')
        && qualifiedName.regionMatches(true, at, path, 0, path.length());
  }

  public boolean contains(int line) {
    return line >= startLine && line <= endLine;
  }

  public int lineCount() {
    return endLine - startLine + 1;
  }
}
