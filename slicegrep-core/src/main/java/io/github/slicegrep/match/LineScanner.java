package io.github.slicegrep.match;

import com.google.common.collect.ImmutableList;
import io.github.slicegrep.parallel.Parallel;
import io.github.slicegrep.query.Fragment;
import io.github.slicegrep.query.Query;
import io.github.slicegrep.source.FoldedText;
import io.github.slicegrep.source.SourceFile;
import io.github.slicegrep.source.TreeFilter;
import io.github.slicegrep.source.Vocabulary;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;
import java.util.stream.IntStream;
import org.jspecify.annotations.Nullable;

/** Runs every fragment of a query over every line of a file. */
public final class LineScanner {
  /**
   * Longer lines are minified bundles or data blobs: matching them costs time and the slice
   * around them would be useless to a reader.
   */
  public static final int MAX_MATCHED_LINE_CHARS = 5000;

  private static final int[] NO_LINES = new int[0];
  /** Nothing known of which spellings a file holds. */
  private static final long ALL_SPELLINGS = -1L;

  private final List<Fragment> fragments;
  /** Per fragment, the folded literal every match contains, or null to test every line. */
  private final String[] literals;
  /**
   * Per fragment, the indexes in {@link #spellings} of the folded literals that are the whole
   * of a match, or null.
   */
  private final int[][] exact;
  /** Every fragment's exact literals, each once. */
  private final String[] spellings;
  /**
   * Per spelling, the longest other spelling it contains, or -1. A question's compound
   * ({@code console_decide}) holds its words' literals ({@code consol}): it can only occur where
   * they do, so it is looked for there instead of in the whole file again.
   */
  private final int[] base;
  /** Per spelling with a base, where the base stands inside it. */
  private final int[] offset;
  /** Per spelling, whether another is found through it (then every occurrence is kept). */
  private final boolean[] isBase;
  /** Per spelling, whether a file's {@link Vocabulary} can find its lines. */
  private final boolean[] inVocabulary;
  /** Whether every fragment matches only lines holding one of its spellings. */
  private final boolean onlySpellings;

  private LineScanner(Query query) {
    this.fragments = query.fragments();
    this.literals = new String[fragments.size()];
    this.exact = new int[fragments.size()][];
    List<String> distinct = new ArrayList<>();
    for (int f = 0; f < fragments.size(); f++) {
      literals[f] = RequiredLiteral.of(fragments.get(f)).orElse(null);
      List<String> spelled = RequiredLiteral.exact(fragments.get(f)).orElse(null);
      if (spelled != null) {
        exact[f] = new int[spelled.size()];
        for (int k = 0; k < spelled.size(); k++) {
          int at = distinct.indexOf(spelled.get(k));
          if (at < 0) {
            at = distinct.size();
            distinct.add(spelled.get(k));
          }
          exact[f][k] = at;
        }
      }
    }
    this.spellings = distinct.toArray(String[]::new);
    this.onlySpellings = Arrays.stream(exact).allMatch(Objects::nonNull);
    this.base = new int[spellings.length];
    this.offset = new int[spellings.length];
    this.isBase = new boolean[spellings.length];
    this.inVocabulary = new boolean[spellings.length];
    for (int s = 0; s < spellings.length; s++) {
      inVocabulary[s] = Vocabulary.answersFor(spellings[s]);
    }
    for (int s = 0; s < spellings.length; s++) {
      base[s] = -1;
      for (int b = 0; b < spellings.length; b++) {
        if (spellings[b].length() < spellings[s].length() && spellings[s].contains(spellings[b])
            && (base[s] < 0 || spellings[b].length() > spellings[base[s]].length())) {
          base[s] = b;
        }
      }
      if (base[s] >= 0) {
        offset[s] = spellings[s].indexOf(spellings[base[s]]);
        isBase[base[s]] = true;
      }
    }
  }

  /** A scanner for {@code query}, to run over many files; immutable and thread-safe. */
  public static LineScanner of(Query query) {
    return new LineScanner(query);
  }

  /** The hits in {@code file}, ordered by line, then fragment. */
  public static List<Hit> scan(SourceFile file, Query query) {
    return of(query).scan(file);
  }

  /** The hits in {@code file}, ordered by line, then fragment. */
  public List<Hit> scan(SourceFile file) {
    return scan(file, ALL_SPELLINGS, true);
  }

  /**
   * The hits in each of {@code files}, in order, the files scanned in parallel. With a tree
   * filter built for (most of) these files, a spelling it rules out of a file is not looked
   * for there, and a file where it rules out every spelling of a query made only of spellings
   * is not scanned at all; the hits are the same.
   */
  public List<List<Hit>> scanAll(List<SourceFile> files, TreeFilter.@Nullable Fit filter) {
    if (filter == null || spellings.length == 0 || spellings.length > Long.SIZE) {
      return Parallel.map(files, this::scan);
    }
    long[][] may = new long[spellings.length][];
    for (int s = 0; s < spellings.length; s++) {
      may[s] = filter.mayContain(spellings[s]);
    }
    return Parallel.map(files.size(), i -> {
      if (!filter.answersFor(i)) {
        return scan(files.get(i)); // read since the filter was built: it cannot tell
      }
      long possible = 0;
      for (int s = 0; s < may.length; s++) {
        if (TreeFilter.isSet(may[s], i)) {
          possible |= 1L << s;
        }
      }
      if (possible == 0 && onlySpellings) {
        return List.<Hit>of();
      }
      return scan(files.get(i), possible, !filter.asSharpAsTheFile(i));
    });
  }

  /**
   * @param possible bit s clear when spelling s is known not to be in the file ({@link
   *     #ALL_SPELLINGS} when nothing is known)
   * @param askFile whether the file's own filter is asked too, for the spellings that may be
   *     there (it can rule out more than what answered for {@code possible})
   */
  private List<Hit> scan(SourceFile file, long possible, boolean askFile) {
    int count = fragments.size();
    // Hits as sortable keys (line * count + fragment), gathered fragment by fragment.
    long[] found = new long[16];
    int size = 0;
    FileScan state = new FileScan(file, possible, askFile);
    for (int f = 0; f < count; f++) {
      int[] lines =
          exact[f] != null
              ? exactLines(file, fragments.get(f), exact[f], state)
              : matchingLines(file, fragments.get(f), literals[f], Integer.MAX_VALUE);
      for (int line : lines) {
        found = grow(found, size);
        found[size++] = key(line, f, count);
      }
    }
    if (size == 0) {
      return List.of();
    }
    Arrays.sort(found, 0, size);
    ImmutableList.Builder<Hit> hits = ImmutableList.builderWithExpectedSize(size);
    for (int k = 0; k < size; k++) {
      hits.add(new Hit((int) (found[k] / count), (int) (found[k] % count)));
    }
    return hits.build();
  }

  /**
   * Whether {@code fragment} matches a line of any of {@code files}, by {@link #scan}'s rules and
   * fast path. With a tree filter built for (most of) these files, only the files it does not
   * rule out are looked at.
   */
  public static boolean occursIn(
      List<SourceFile> files, Fragment fragment, TreeFilter.@Nullable Fit filter) {
    String literal = RequiredLiteral.of(fragment).orElse(null);
    Predicate<SourceFile> holds = file -> matchingLines(file, fragment, literal, 1).length > 0;
    if (filter == null || literal == null) {
      return files.parallelStream().anyMatch(holds);
    }
    long[] may = filter.mayContain(literal);
    return IntStream.range(0, files.size())
        .parallel()
        .filter(i -> !filter.answersFor(i) || TreeFilter.isSet(may, i))
        .anyMatch(i -> holds.test(files.get(i)));
  }

  /**
   * The lines (1-based, ascending) where {@code fragment} matches, at most {@code limit} of
   * them. With a literal every match must contain, a file whose filter rules it out is not even
   * read, and otherwise the literal is looked for in the whole folded file at once: only the
   * lines holding it are given to the fragment's own matcher.
   */
  private static int[] matchingLines(
      SourceFile file, Fragment fragment, @Nullable String literal, int limit) {
    if (literal != null && !file.mayContain(literal)) {
      return NO_LINES;
    }
    List<String> lines = file.lines();
    int[] out = NO_LINES;
    int size = 0;
    if (literal == null) {
      for (int i = 0; i < lines.size() && size < limit; i++) {
        if (matches(fragment, lines.get(i))) {
          out = growInts(out, size);
          out[size++] = i + 1;
        }
      }
      return trimmed(out, size);
    }
    FoldedText folded = file.folded();
    String text = folded.text();
    int at = text.indexOf(literal);
    while (at >= 0 && size < limit) {
      int line = folded.lineAt(at);
      if (matches(fragment, lines.get(line - 1))) {
        out = growInts(out, size);
        out[size++] = line;
      }
      at = line < lines.size() ? text.indexOf(literal, folded.lineStart(line + 1)) : -1;
    }
    return trimmed(out, size);
  }

  /**
   * The lines holding one of a fragment's exact literals, taken without running the fragment's
   * matcher where the text found is plain ASCII (then the literal is there, up to case; always
   * so in a file without the few non-ASCII characters that fold to ASCII letters); a question's
   * compounds and words are all of this kind, and running a regex engine on each line that
   * holds them was most of the scan.
   *
   * @param state what this scan of the file has found so far
   */
  private int[] exactLines(SourceFile file, Fragment fragment, int[] spelled, FileScan state) {
    int[] out = NO_LINES;
    int size = 0;
    for (int s : spelled) {
      int[] found = inVocabulary[s] ? state.vocabularyLines(s) : null;
      if (found != null) {
        if (found.length == 0) {
          continue; // ruled out (often by the filter alone): a deferred file stays unread
        }
        List<String> lines = file.lines();
        FoldedText folded = file.folded();
        for (int line : found) {
          if (keeps(fragment, lines.get(line - 1), folded, line, spellings[s])) {
            out = growInts(out, size);
            out[size++] = line;
          }
        }
        continue;
      }
      int[] at = occurrencesOf(s, state);
      if (at.length == 0) {
        continue;
      }
      List<String> lines = file.lines();
      FoldedText folded = file.folded();
      int nextLine = 0; // offset where the line after the last one looked at starts
      for (int offsetInText : at) {
        if (offsetInText < nextLine) {
          continue; // the line was looked at already: whether it matches is a line-wide answer
        }
        int line = folded.lineAt(offsetInText);
        nextLine = line < lines.size() ? folded.lineStart(line + 1) : Integer.MAX_VALUE;
        if (keeps(fragment, lines.get(line - 1), folded, line, spellings[s])) {
          out = growInts(out, size);
          out[size++] = line;
        }
      }
    }
    if (spelled.length > 1) {
      size = Vocabulary.sortDistinct(out, size);
    }
    return trimmed(out, size);
  }

  /**
   * One scan of one file: each spelling's occurrences and lines as found, and the file's
   * vocabulary.
   */
  private final class FileScan {
    final SourceFile file;
    final int[][] occurrences = new int[spellings.length][];
    private final int[][] vocabularyLines = new int[spellings.length][];
    /** Bit s clear when spelling s is known not to be in the file. */
    private final long possible;
    private final boolean askFile;
    private boolean asked;
    private @Nullable Vocabulary vocabulary;

    FileScan(SourceFile file, long possible, boolean askFile) {
      this.file = file;
      this.possible = possible;
      this.askFile = askFile;
    }

    /**
     * Whether spelling {@code s} may be in the file, by what is known without reading it: the
     * tree filter's answer, and the file's own filter where the tree's is coarser (a probe into
     * it is spared where they are equally sharp).
     */
    boolean mayHold(int s) {
      return (possible & (1L << s)) != 0 && (!askFile || file.mayContain(spellings[s]));
    }

    /**
     * The lines whose folded text holds spelling {@code s} (one {@link Vocabulary} accepts),
     * from the file's words, or null when its vocabulary is not built yet. A spelling whose base
     * is on no line is on none either, and is not even looked for.
     */
    int @Nullable [] vocabularyLines(int s) {
      if (vocabularyLines[s] == null) {
        int[] baseLines = base[s] >= 0 ? vocabularyLines(base[s]) : null;
        if ((baseLines != null && baseLines.length == 0) || !mayHold(s)) {
          vocabularyLines[s] = NO_LINES;
        } else {
          // Asked only of a file that may hold a spelling: only those get a vocabulary.
          Vocabulary v = vocabulary();
          if (v == null) {
            return null;
          }
          vocabularyLines[s] = v.linesWith(spellings[s]);
        }
      }
      return vocabularyLines[s];
    }

    /** The file's vocabulary, asked for at most once a scan (see SourceFile#vocabulary). */
    private @Nullable Vocabulary vocabulary() {
      if (!asked) {
        asked = true;
        vocabulary = file.vocabulary(MAX_MATCHED_LINE_CHARS);
      }
      return vocabulary;
    }
  }

  /**
   * Where spelling {@code s} occurs in the folded file, ascending: found in the whole text, or
   * among the occurrences of its base. A spelling nothing is found through keeps only the first
   * occurrence on each line, which is all {@link #exactLines} looks at.
   */
  private int[] occurrencesOf(int s, FileScan state) {
    int[][] occurrences = state.occurrences;
    if (occurrences[s] != null) {
      return occurrences[s];
    }
    SourceFile file = state.file;
    String literal = spellings[s];
    int[] out = NO_LINES;
    int size = 0;
    if (state.mayHold(s)) {
      FoldedText folded = file.folded();
      String text = folded.text();
      if (base[s] >= 0) {
        for (int at : occurrencesOf(base[s], state)) {
          int start = at - offset[s];
          if (start >= 0 && text.startsWith(literal, start)) {
            out = growInts(out, size);
            out[size++] = start;
          }
        }
      } else {
        int lineCount = file.lineCount();
        int at = text.indexOf(literal);
        while (at >= 0) {
          out = growInts(out, size);
          out[size++] = at;
          int next = at + 1;
          if (!isBase[s]) {
            int line = folded.lineAt(at);
            if (line >= lineCount) {
              break;
            }
            next = folded.lineStart(line + 1);
          }
          at = text.indexOf(literal, next);
        }
      }
    }
    occurrences[s] = trimmed(out, size);
    return occurrences[s];
  }

  /**
   * Whether a line whose folded text holds {@code literal} is a hit. It is unless it is too long
   * to match, or the file holds characters that folding made ASCII and the text where the
   * literal first stands on the line is not plain ASCII: then the fragment's matcher decides.
   */
  private static boolean keeps(
      Fragment fragment, String original, FoldedText folded, int line, String literal) {
    if (original.length() > MAX_MATCHED_LINE_CHARS) {
      return false;
    }
    if (folded.literalsExact()) {
      return true;
    }
    int at = folded.text().indexOf(literal, folded.lineStart(line)) - folded.lineStart(line);
    return isAscii(original, at, literal.length()) || matches(fragment, original);
  }

  private static boolean isAscii(String s, int from, int length) {
    for (int i = from; i < from + length; i++) {
      if (s.charAt(i) >= 0x80) {
        return false;
      }
    }
    return true;
  }

  private static int[] trimmed(int[] a, int size) {
    return size == 0 ? NO_LINES : size == a.length ? a : Arrays.copyOf(a, size);
  }

  private static int[] growInts(int[] a, int size) {
    return size < a.length ? a : Arrays.copyOf(a, Math.max(8, a.length * 2));
  }

  private static boolean matches(Fragment fragment, String line) {
    return !line.isEmpty() && line.length() <= MAX_MATCHED_LINE_CHARS && fragment.matches(line);
  }

  private static long key(int line, int fragment, int count) {
    return (long) line * count + fragment;
  }

  private static long[] grow(long[] a, int size) {
    return size < a.length ? a : Arrays.copyOf(a, a.length * 2);
  }
}
