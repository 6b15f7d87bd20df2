package io.github.slicegrep.source;

import com.google.common.collect.ImmutableMap;
import java.util.Locale;
import java.util.Map;

/** The languages slicegrep knows by file extension, with the comment syntax each one uses. */
public enum Language {
  PYTHON(Syntax.INDENT, "#", null, "py", "pyi", "pyw"),
  JAVA(Syntax.BRACES, "//", "/*", "java"),
  JAVASCRIPT(Syntax.BRACES, "//", "/*", "js", "mjs", "cjs", "jsx"),
  TYPESCRIPT(Syntax.BRACES, "//", "/*", "ts", "mts", "cts"),
  TSX(Syntax.BRACES, "//", "/*", "tsx"),
  GO(Syntax.BRACES, "//", "/*", "go"),
  RUST(Syntax.BRACES, "//", "/*", "rs"),
  C(Syntax.BRACES, "//", "/*", "c", "h"),
  CPP(Syntax.BRACES, "//", "/*", "cc", "cpp", "cxx", "c++", "hpp", "hh", "hxx", "h++", "ipp"),
  CSHARP(Syntax.BRACES, "//", "/*", "cs"),
  RUBY(Syntax.END_KEYWORD, "#", null, "rb", "rake", "gemspec"),
  PHP(Syntax.BRACES, "//", "/*", "php"),
  KOTLIN(Syntax.BRACES, "//", "/*", "kt", "kts"),
  BASH(Syntax.BRACES, "#", null, "sh", "bash", "zsh"),
  SCALA(Syntax.BRACES, "//", "/*", "scala", "sc"),
  SWIFT(Syntax.BRACES, "//", "/*", "swift"),
  DART(Syntax.BRACES, "//", "/*", "dart"),
  LUA(Syntax.END_KEYWORD, "--", null, "lua"),
  ELIXIR(Syntax.END_KEYWORD, "#", null, "ex", "exs"),
  HASKELL(Syntax.INDENT, "--", null, "hs"),
  /** Comments are {@code (* ... *)} only: no line comment marker. */
  OCAML(Syntax.INDENT, null, null, "ml", "mli"),
  /** Anything else: configuration, prose, data. Searched as text, outlined by indentation. */
  OTHER(Syntax.TEXT, null, null);

  /** How a language closes its blocks, which decides the fallback outline strategy. */
  public enum Syntax {
    INDENT,
    BRACES,
    END_KEYWORD,
    TEXT
  }

  private static final Map<String, Language> BY_EXTENSION;

  static {
    ImmutableMap.Builder<String, Language> b = ImmutableMap.builder();
    for (Language l : values()) {
      for (String ext : l.extensions) {
        b.put(ext, l);
      }
    }
    BY_EXTENSION = b.buildOrThrow();
  }

  private final Syntax syntax;
  private final String lineComment;
  private final String blockComment;
  private final String[] extensions;

  Language(Syntax syntax, String lineComment, String blockComment, String... extensions) {
    this.syntax = syntax;
    this.lineComment = lineComment;
    this.blockComment = blockComment;
    this.extensions = extensions;
  }

  public Syntax syntax() {
    return syntax;
  }

  /** The line comment marker ({@code //}, {@code #}, {@code --}), or null. */
  public String lineComment() {
    return lineComment;
  }

  /** Whether {@code /* ... *}{@code /} block comments exist. */
  public boolean hasBlockComments() {
    return blockComment != null;
  }

  /** Whether this is a programming language (as opposed to configuration or prose). */
  public boolean isCode() {
    return this != OTHER;
  }

  /** The language of a file name, by its extension; {@link #OTHER} when unknown. */
  public static Language of(String fileName) {
    int dot = fileName.lastIndexOf('.');
    if (dot < 0 || dot == fileName.length() - 1) {
      return OTHER;
    }
    return BY_EXTENSION.getOrDefault(fileName.substring(dot + 1).toLowerCase(Locale.ROOT), OTHER);
  }
}
