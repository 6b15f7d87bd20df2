package io.github.slicegrep.outline;

import io.github.slicegrep.source.Language;
import io.github.slicegrep.source.SourceFile;

/** The outliner slicegrep uses for each file. */
public final class Outliners {
  /**
   * The heuristic and the parser, made on first use (a holder class): a tree that the token
   * scans outline whole never needs either, and the heuristic's header patterns took about 5 ms
   * of a short process's start-up to compile.
   */
  private static final class Fallbacks {
    static final Outliner HEURISTIC = new HeuristicOutliner();

    /**
     * Process-wide because a grammar's native library is process-wide once loaded; each holder
     * still loads lazily, on the first file of its language.
     */
    static final Outliner PARSER = new TreeSitterOutliner(new Grammars()::forLanguage, HEURISTIC);
  }

  /**
   * Python, Java, Go, JavaScript (JSX included), TypeScript and TSX by their tokens where that
   * scan is sure (the parser's outline, far faster); the parser takes the rest.
   */
  private static final Outliner STANDARD =
      file ->
          switch (file.language()) {
            case PYTHON -> PythonOutliner.outline(file).orElseGet(() -> parse(file));
            case JAVA -> JavaOutliner.outline(file).orElseGet(() -> parse(file));
            case GO -> GoOutliner.outline(file).orElseGet(() -> parse(file));
            case JAVASCRIPT, TYPESCRIPT, TSX ->
                EcmascriptOutliner.outline(file).orElseGet(() -> parse(file));
            default -> parse(file);
          };

  private Outliners() {}

  /**
   * The best available outliner, chosen per file by its language: tree-sitter for Python, Java,
   * JavaScript, TypeScript, TSX, Go, Rust, C, C++, C#, Ruby, PHP, Kotlin, Bash, Scala, Swift,
   * Elixir, Haskell, Dart and OCaml; the indentation/brace heuristic for everything else (Lua
   * among them) and whenever a grammar cannot load or a parse fails. Python, Java, Go,
   * JavaScript (JSX included), TypeScript (.d.ts included) and TSX files are outlined from their
   * tokens ({@code PythonOutliner}, {@code JavaOutliner}, {@code GoOutliner}, {@code
   * EcmascriptOutliner}), which gives the parser's definitions one to two orders of magnitude
   * faster; the parser takes the few files those scans are unsure of (JSX the scan does not read
   * plainly, every file with a decorator, a TypeScript file with a {@code <T>x} cast). Never
   * throws for file content.
   */
  public static Outliner standard() {
    return STANDARD;
  }

  /** The parser-free outliner on its own (for comparisons and as the fallback). */
  public static Outliner heuristic() {
    return Fallbacks.HEURISTIC;
  }

  private static Outline parse(SourceFile file) {
    return Fallbacks.PARSER.outline(file);
  }
}
