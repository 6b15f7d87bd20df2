package io.github.slicegrep.source;

import java.util.Arrays;

/**
 * The distinct words of a folded file (maximal runs of {@code a-z}, {@code 0-9} and {@code _})
 * and the lines each one stands on. A literal made only of those characters occurs on a line
 * exactly when one of the line's words contains it, so it is looked for in the words, each
 * spelled once (a fraction of the text), and its lines are theirs. A question's words, stems and
 * compounds are all such literals, and looking for them in the whole text of every file was a
 * warm question's largest cost. Immutable.
 */
public final class Vocabulary {
  private static final int[] NONE = new int[0];

  /** The distinct words, each followed by {@code \n} so that no literal spans two. */
  private final String words;
  /** Where each word starts in {@link #words}, ascending. */
  private final int[] wordStart;
  /** The lines of word k are {@code lines[lineFrom[k] .. lineFrom[k + 1])}, ascending. */
  private final int[] lineFrom;
  private final int[] lines;

  private Vocabulary(String words, int[] wordStart, int[] lineFrom, int[] lines) {
    this.words = words;
    this.wordStart = wordStart;
    this.lineFrom = lineFrom;
    this.lines = lines;
  }

  /** Whether {@link #linesWith} can answer for {@code literal}: non-empty, word characters only. */
  public static boolean answersFor(String literal) {
    if (literal.isEmpty()) {
      return false;
    }
    for (int i = 0; i < literal.length(); i++) {
      if (!isWordChar(literal.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  private static boolean isWordChar(char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
  }

  /**
   * The vocabulary of a folded text, leaving out lines longer than {@code maxLineChars}: no
   * search matches on them (minified bundles, embedded fonts), and their words would be most of
   * it.
   */
  static Vocabulary of(FoldedText folded, int maxLineChars) {
    String text = folded.text();
    int n = text.length();
    // Words are interned in an open-addressing table keyed by their characters in the text,
    // so that no string is made per occurrence; occurrences are (word, line) pairs in order.
    int[] table = new int[tableSize(n / 4 + 16)];
    int[] firstAt = new int[64]; // per word, where it first occurs in the text
    int[] length = new int[64];
    int wordCount = 0;
    long[] occurrences = new long[Math.max(16, n / 6)];
    int occurrenceCount = 0;
    int line = 1;
    int i = 0;
    int lineEnd = -1; // where the current line's newline is, once known
    while (i < n) {
      if (i > lineEnd) {
        lineEnd = text.indexOf('\n', i);
        if (lineEnd < 0) {
          lineEnd = n;
        }
        if (lineEnd - i > maxLineChars) {
          i = lineEnd + 1;
          line++;
          continue;
        }
      }
      char c = text.charAt(i);
      if (c == '\n') {
        line++;
        i++;
        continue;
      }
      if (!isWordChar(c)) {
        i++;
        continue;
      }
      int start = i;
      int hash = 0;
      while (i < n && isWordChar(text.charAt(i))) {
        hash = 31 * hash + text.charAt(i);
        i++;
      }
      int len = i - start;
      int mask = table.length - 1;
      int slot = mix(hash) & mask;
      int id;
      while (true) {
        int entry = table[slot];
        if (entry == 0) {
          if (wordCount == firstAt.length) {
            firstAt = Arrays.copyOf(firstAt, wordCount * 2);
            length = Arrays.copyOf(length, wordCount * 2);
          }
          firstAt[wordCount] = start;
          length[wordCount] = len;
          id = wordCount++;
          table[slot] = id + 1;
          if (wordCount * 2 > table.length) {
            table = rehash(table, wordCount, firstAt, length, text);
          }
          break;
        }
        int known = entry - 1;
        if (length[known] == len && text.regionMatches(firstAt[known], text, start, len)) {
          id = known;
          break;
        }
        slot = (slot + 1) & mask;
      }
      if (occurrenceCount == occurrences.length) {
        occurrences = Arrays.copyOf(occurrences, occurrenceCount * 2);
      }
      occurrences[occurrenceCount++] = (long) id << 32 | line;
    }
    // Each word's lines, by a counting sort on the word; occurrences come in line order.
    int[] lineFrom = new int[wordCount + 1];
    for (int k = 0; k < occurrenceCount; k++) {
      lineFrom[(int) (occurrences[k] >>> 32) + 1]++;
    }
    for (int k = 0; k < wordCount; k++) {
      lineFrom[k + 1] += lineFrom[k];
    }
    int[] fill = Arrays.copyOf(lineFrom, wordCount);
    int[] lines = new int[occurrenceCount];
    for (int k = 0; k < occurrenceCount; k++) {
      int word = (int) (occurrences[k] >>> 32);
      int at = (int) occurrences[k];
      if (fill[word] == lineFrom[word] || lines[fill[word] - 1] != at) {
        lines[fill[word]++] = at;
      }
    }
    // Drop the room left by a word's repeats on one line: compact each word's run.
    int kept = 0;
    int[] compactFrom = new int[wordCount + 1];
    for (int w = 0; w < wordCount; w++) {
      compactFrom[w] = kept;
      for (int k = lineFrom[w]; k < fill[w]; k++) {
        lines[kept++] = lines[k];
      }
    }
    compactFrom[wordCount] = kept;
    StringBuilder spelled = new StringBuilder(n / 3 + 16);
    int[] wordStart = new int[wordCount];
    for (int w = 0; w < wordCount; w++) {
      wordStart[w] = spelled.length();
      spelled.append(text, firstAt[w], firstAt[w] + length[w]).append('\n');
    }
    return new Vocabulary(
        spelled.toString(), wordStart, compactFrom, Arrays.copyOf(lines, kept));
  }

  private static int tableSize(int atLeast) {
    int size = 16;
    while (size < atLeast) {
      size <<= 1;
    }
    return size;
  }

  private static int mix(int hash) {
    return hash ^ (hash >>> 16) * 0x45d9f3b;
  }

  private static int[] rehash(
      int[] table, int wordCount, int[] firstAt, int[] length, String text) {
    int[] bigger = new int[table.length * 2];
    int mask = bigger.length - 1;
    for (int w = 0; w < wordCount; w++) {
      int hash = 0;
      for (int i = firstAt[w]; i < firstAt[w] + length[w]; i++) {
        hash = 31 * hash + text.charAt(i);
      }
      int slot = mix(hash) & mask;
      while (bigger[slot] != 0) {
        slot = (slot + 1) & mask;
      }
      bigger[slot] = w + 1;
    }
    return bigger;
  }

  /**
   * The lines (1-based, ascending, each once) holding {@code literal}, which must be one that
   * {@link #answersFor} accepts (folded: lower case).
   */
  public int[] linesWith(String literal) {
    int at = words.indexOf(literal);
    if (at < 0) {
      return NONE;
    }
    int[] out = NONE;
    int size = 0;
    int runs = 0;
    while (at >= 0) {
      int word = wordAt(at);
      int from = lineFrom[word];
      int to = lineFrom[word + 1];
      if (size + (to - from) > out.length) {
        out = Arrays.copyOf(out, Math.max(size + (to - from), out.length * 2));
      }
      System.arraycopy(lines, from, out, size, to - from);
      size += to - from;
      runs++;
      // This word is taken: go on from the next one.
      at = word + 1 < wordStart.length ? words.indexOf(literal, wordStart[word + 1]) : -1;
    }
    if (runs > 1) {
      size = sortDistinct(out, size);
    }
    return size == out.length ? out : Arrays.copyOf(out, size);
  }

  /**
   * Sorts the first {@code size} line numbers of {@code lines} and drops repeats in place (lines
   * gathered word by word, or spelling by spelling, come in runs that overlap).
   *
   * @return how many distinct lines now lead the array
   */
  public static int sortDistinct(int[] lines, int size) {
    if (size < 2) {
      return size;
    }
    int last = 0;
    for (int k = 0; k < size; k++) {
      last = Math.max(last, lines[k]);
    }
    // Many lines of a file: marked in a bitmap of its lines and read back in order, which costs
    // less than sorting them (a common stem's lines were a warm question's largest sort). A few
    // lines of a long file: sorted.
    if ((last >>> 6) > 4 * size) {
      Arrays.sort(lines, 0, size);
      int distinct = 1;
      for (int k = 1; k < size; k++) {
        if (lines[k] != lines[distinct - 1]) {
          lines[distinct++] = lines[k];
        }
      }
      return distinct;
    }
    long[] marked = new long[(last >>> 6) + 1];
    for (int k = 0; k < size; k++) {
      marked[lines[k] >>> 6] |= 1L << lines[k];
    }
    int distinct = 0;
    for (int w = 0; w < marked.length; w++) {
      for (long bits = marked[w]; bits != 0; bits &= bits - 1) {
        lines[distinct++] = (w << 6) + Long.numberOfTrailingZeros(bits);
      }
    }
    return distinct;
  }

  private int wordAt(int offset) {
    int k = Arrays.binarySearch(wordStart, offset);
    return k >= 0 ? k : -k - 2;
  }
}
