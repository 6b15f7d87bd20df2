package io.github.slicegrep.outline;

import io.github.slicegrep.source.Language;
import io.github.slicegrep.source.SourceFile;

/** The outliner slicegrep uses for each file. */
public final class Outliners {
  private static final Outliner HEURISTIC = new HeuristicOutliner();

  /**
   * Process-wide because a grammar's native library is process-wide once loaded; each holder
   * still loads lazily, on the first file of its language.
   */
  private static final Outliner PARSER =
      new TreeSitterOutliner(new Grammars()::forLanguage, HEURISTIC);

  /** Python by its tokens where that scan is sure (the parser's outline, far faster). */
  private static final Outliner STANDARD =
      file ->
          file.language() == Language.PYTHON
              ? PythonOutliner.outline(file).orElseGet(() -> PARSER.outline(file))
              : PARSER.outline(file);

  private Outliners() {}

  /**
   * The best available outliner, chosen per file by its language: tree-sitter for Python, Java,
   * JavaScript, TypeScript, TSX, Go, Rust, C, C++, C#, Ruby, PHP, Kotlin, Bash, Scala, Swift,
   * Elixir, Haskell, Dart and OCaml; the indentation/brace heuristic for everything else (Lua
   * among them) and whenever a grammar cannot load or a parse fails. Python files are outlined
   * from their tokens, which gives the parser's definitions about a hundred times faster; the
   * parser takes the few files that scan is unsure of. Never throws for file content.
   */
  public static Outliner standard() {
    return STANDARD;
  }

  /** The parser-free outliner on its own (for comparisons and as the fallback). */
  public static Outliner heuristic() {
    return HEURISTIC;
  }
}
