package io.github.slicegrep.source;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * A decoded text file: its lines exactly as an editor numbers them, its language and where it
 * sits relative to the searched root. Immutable; the lines of a file restored from an index are
 * read on first use (see {@link #deferred}).
 */
public final class SourceFile {
  private final Path path;
  private final String relativePath;
  private final Language language;
  /** Shared by the copies {@link #withRelativePath} makes, so reading and folding happen once. */
  private final Content content;

  public SourceFile(Path path, String relativePath, Language language, List<String> lines) {
    this(path, relativePath, language, new Content(List.copyOf(lines), null, null));
  }

  private SourceFile(Path path, String relativePath, Language language, Content content) {
    this.path = path;
    this.relativePath = relativePath;
    this.language = language;
    this.content = content;
  }

  /**
   * A file whose lines are read only when first asked for, with a filter that answers for its
   * text meanwhile: a search through an index reads only the files that may match.
   * {@code loader} must not throw; it returns what is on disk when called.
   */
  public static SourceFile deferred(
      Path path, String relativePath, Supplier<List<String>> loader, ContentFilter filter) {
    return new SourceFile(
        path, relativePath, Language.of(path.getFileName().toString()),
        new Content(null, loader, filter));
  }

  /** The lines (read on demand for a deferred file) and what is derived from them. */
  private static final class Content {
    private volatile @Nullable List<String> lines;
    private @Nullable Supplier<List<String>> loader;
    private volatile @Nullable ContentFilter filter;
    private volatile @Nullable FoldedText folded;

    Content(
        @Nullable List<String> lines,
        @Nullable Supplier<List<String>> loader,
        @Nullable ContentFilter filter) {
      this.lines = lines;
      this.loader = loader;
      this.filter = filter;
    }

    List<String> lines() {
      List<String> v = lines;
      if (v == null) {
        synchronized (this) {
          v = lines;
          if (v == null) {
            v = List.copyOf(Objects.requireNonNull(loader).get());
            lines = v;
            loader = null;
          }
        }
      }
      return v;
    }

    /**
     * The folded text, computed on first use and kept: a cached file is searched many times,
     * and a literal search over it is one {@code indexOf} instead of a regex per line.
     */
    FoldedText folded() {
      FoldedText v = folded;
      if (v == null) {
        v = FoldedText.of(lines());
        if (filter == null) {
          TrigramFilter t = TrigramFilter.of(v);
          trigrams = t;
          filter = t;
        }
        folded = v;
      }
      return v;
    }

    /**
     * The trigram filter of the folded text, made with it when the file has no filter yet, else
     * on first ask: a file restored from the index has its filter already, and making another
     * for every file a command-line search reads was a tenth of its line scan.
     */
    private volatile @Nullable TrigramFilter trigrams;

    private volatile @Nullable Vocabulary vocabulary;
    /** Searches that asked for the vocabulary before it was built. */
    private final AtomicInteger vocabularyAsks = new AtomicInteger();

    @Nullable Vocabulary vocabulary(int maxLineChars) {
      Vocabulary v = vocabulary;
      if (v == null && vocabularyAsks.incrementAndGet() >= 2) {
        v = Vocabulary.of(folded(), maxLineChars);
        vocabulary = v;
      }
      return v;
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
    return content.lines();
  }

  public int lineCount() {
    return lines().size();
  }

  /**
   * Whether the text may contain {@code foldedLiteral} (folded as {@link FoldedText#fold}):
   * false only when a filter proves it absent (a deferred file's from the index, without reading
   * the file; a searched file's, without scanning it).
   */
  public boolean mayContain(String foldedLiteral) {
    ContentFilter filter = content.filter;
    return filter == null || filter.mayContain(foldedLiteral);
  }

  /** The filter that answers for the text now, if there is one yet (nothing is computed). */
  @Nullable ContentFilter filter() {
    return content.filter;
  }

  /** The trigram filter of the folded text (computing both on first use). */
  public TrigramFilter trigrams() {
    FoldedText folded = content.folded();
    TrigramFilter t = content.trigrams;
    if (t == null) {
      t = TrigramFilter.of(folded); // two threads may both make it: the same filter
      content.trigrams = t;
    }
    return t;
  }

  /** Whether {@code other} is this file's content seen from any root (read once, shared). */
  public boolean sameContent(SourceFile other) {
    return content == other.content;
  }

  /** Whether the lines are in memory (always, except for a deferred file not yet read). */
  public boolean loaded() {
    return content.lines != null;
  }

  /** The lines joined and case-folded for fast literal search (see {@link FoldedText}). */
  public FoldedText folded() {
    return content.folded();
  }

  /**
   * The file's {@link Vocabulary}, built when a second search asks for it: a file searched once
   * (a command-line run) is scanned faster than its vocabulary is built, while a file searched
   * again and again (a long-lived reader) is searched faster through it. Ask once per search.
   *
   * @param maxLineChars lines longer than this are left out (the one caller, the scanner, never
   *     matches on them, and always passes the same limit)
   * @return the vocabulary, or null for the first search that asks
   */
  public @Nullable Vocabulary vocabulary(int maxLineChars) {
    return content.vocabulary(maxLineChars);
  }

  /** Line {@code n}, 1-based. */
  public String line(int n) {
    return lines().get(n - 1);
  }

  /** Lines {@code from..to} (1-based, inclusive) joined with {@code \n}. */
  public String text(int from, int to) {
    return String.join("\n", lines().subList(from - 1, to));
  }

  /** The same content seen from another root (a cached file reused by another search). */
  public SourceFile withRelativePath(String otherRelativePath) {
    return otherRelativePath.equals(relativePath)
        ? this
        : new SourceFile(path, otherRelativePath, language, content);
  }

  @Override
  public String toString() {
    return relativePath + " (" + (loaded() ? lines().size() + " lines" : "not read") + ", "
        + language + ")";
  }
}
