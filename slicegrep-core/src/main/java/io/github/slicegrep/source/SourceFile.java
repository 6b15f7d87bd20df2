package io.github.slicegrep.source;

import java.nio.file.Path;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A decoded text file: its lines exactly as an editor numbers them, its language and where it
 * sits relative to the searched root. Immutable.
 */
public final class SourceFile {
  private final Path path;
  private final String relativePath;
  private final Language language;
  private final List<String> lines;
  /** Shared by the copies {@link #withRelativePath} makes, so the folding is done once. */
  private final Folding folding;

  public SourceFile(Path path, String relativePath, Language language, List<String> lines) {
    this(path, relativePath, language, List.copyOf(lines), new Folding());
  }

  private SourceFile(
      Path path, String relativePath, Language language, List<String> lines, Folding folding) {
    this.path = path;
    this.relativePath = relativePath;
    this.language = language;
    this.lines = lines;
    this.folding = folding;
  }

  /**
   * The folded text, computed on first use and kept: a cached file is searched many times, and
   * a literal search over it is one {@code indexOf} instead of a regex per line.
   */
  private static final class Folding {
    private volatile @Nullable FoldedText value;

    FoldedText of(List<String> lines) {
      FoldedText v = value;
      if (v == null) {
        v = FoldedText.of(lines);
        value = v;
      }
      return v;
    }

    int weight() {
      FoldedText v = value;
      return v == null ? 0 : v.weight();
    }
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

  /** The lines joined and case-folded for fast literal search (see {@link FoldedText}). */
  public FoldedText folded() {
    return folding.of(lines);
  }

  /** Characters held for the folded text so far (0 until first used), for cache weights. */
  public int foldedWeight() {
    return folding.weight();
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
        : new SourceFile(path, otherRelativePath, language, lines, folding);
  }

  @Override
  public String toString() {
    return relativePath + " (" + lines.size() + " lines, " + language + ")";
  }
}
