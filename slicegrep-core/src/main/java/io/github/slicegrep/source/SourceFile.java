package io.github.slicegrep.source;

import java.nio.file.Path;
import java.util.List;

/**
 * A decoded text file: its lines exactly as an editor numbers them, its language and where it
 * sits relative to the searched root. Immutable.
 */
public final class SourceFile {
  private final Path path;
  private final String relativePath;
  private final Language language;
  private final List<String> lines;

  public SourceFile(Path path, String relativePath, Language language, List<String> lines) {
    this.path = path;
    this.relativePath = relativePath;
    this.language = language;
    this.lines = List.copyOf(lines);
  }

  /** Builds a file from text, for callers that already hold the content. */
  public static SourceFile of(Path path, String relativePath, String text) {
    return new SourceFile(
        path, relativePath, Language.of(path.getFileName().toString()), Lines.split(text));
  }

  public Path path() {
    return path;
  }

  /** Path relative to the searched root, {@code /}-separated; the file name in file mode. */
  public String relativePath() {
    return relativePath;
  }

  public Language language() {
    return language;
  }

  public List<String> lines() {
    return lines;
  }

  public int lineCount() {
    return lines.size();
  }

  /** Line {@code n}, 1-based. */
  public String line(int n) {
    return lines.get(n - 1);
  }

  /** Lines {@code from..to} (1-based, inclusive) joined with {@code \n}. */
  public String text(int from, int to) {
    return String.join("\n", lines.subList(from - 1, to));
  }

  /** The same content seen from another root (a cached file reused by another search). */
  public SourceFile withRelativePath(String otherRelativePath) {
    return otherRelativePath.equals(relativePath)
        ? this
        : new SourceFile(path, otherRelativePath, language, lines);
  }

  @Override
  public String toString() {
    return relativePath + " (" + lines.size() + " lines, " + language + ")";
  }
}
