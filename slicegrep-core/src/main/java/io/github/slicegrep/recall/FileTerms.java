package io.github.slicegrep.recall;

import io.github.slicegrep.match.LineScanner;
import io.github.slicegrep.source.SourceFile;
import java.io.ByteArrayOutputStream;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The terms of one file, analysed once and kept with the file as postings: for each distinct
 * term, the positions (in the file's sequence of terms) where it occurs. A search then looks up
 * only its question's few terms in each file instead of walking every term of every file.
 * Immutable.
 */
public final class FileTerms {
  private static final int[] NONE = new int[0];

  /** Each term's positions, ascending. */
  private final Map<String, int[]> postings;
  /** Positions {@code lineStart[k-1] .. lineStart[k])} are the terms of line k (1-based). */
  private final int[] lineStart;

  private FileTerms(Map<String, int[]> postings, int[] lineStart) {
    this.postings = postings;
    this.lineStart = lineStart;
  }

  /** The terms of {@code file}, analysed afresh. */
  public static FileTerms of(SourceFile file) {
    return analyse(file, new TermCache());
  }

  /** The terms of {@code file}, each identifier's terms from {@code cache}. */
  public static FileTerms of(SourceFile file, TermCache cache) {
    return analyse(file, cache);
  }

  private static FileTerms analyse(SourceFile file, TermCache cache) {
    int n = file.lineCount();
    int[] lineStart = new int[n + 1];
    PostingsBuilder postings = new PostingsBuilder(cache);
    for (int line = 1; line <= n; line++) {
      lineStart[line - 1] = postings.position();
      String text = file.line(line);
      if (text.length() <= LineScanner.MAX_MATCHED_LINE_CHARS) {
        postings.addLine(text);
      }
    }
    lineStart[n] = postings.position();
    return new FileTerms(postings.postings(), lineStart);
  }

  /**
   * This analysis as bytes, for a persistent index: the line starts, then each term with its
   * positions, numbers as variable-length deltas (a few bytes a term occurrence).
   */
  public byte[] encode() {
    ByteArrayOutputStream out = new ByteArrayOutputStream(16 + lineStart.length * 2);
    writeVarint(out, lineStart.length);
    writeDeltas(out, lineStart);
    writeVarint(out, postings.size());
    for (Map.Entry<String, int[]> e : postings.entrySet()) {
      byte[] term = e.getKey().getBytes(StandardCharsets.UTF_8);
      writeVarint(out, term.length);
      out.write(term, 0, term.length);
      writeVarint(out, e.getValue().length);
      writeDeltas(out, e.getValue());
    }
    return out.toByteArray();
  }

  /**
   * An analysis stored by {@link #encode}.
   *
   * @throws IllegalArgumentException when the bytes are not one
   */
  public static FileTerms decode(byte[] bytes) {
    ByteBuffer in = ByteBuffer.wrap(bytes);
    try {
      int[] lineStart = readDeltas(in, readCount(in));
      int terms = readCount(in);
      Map<String, int[]> postings = new HashMap<>(terms * 4 / 3 + 1);
      for (int i = 0; i < terms; i++) {
        byte[] term = new byte[readCount(in)];
        in.get(term);
        postings.put(new String(term, StandardCharsets.UTF_8), readDeltas(in, readCount(in)));
      }
      if (in.hasRemaining() || lineStart.length == 0) {
        throw new IllegalArgumentException("not a stored analysis");
      }
      return new FileTerms(postings, lineStart);
    } catch (BufferUnderflowException e) {
      throw new IllegalArgumentException("not a stored analysis", e);
    }
  }

  private static void writeDeltas(ByteArrayOutputStream out, int[] ascending) {
    int previous = 0;
    for (int v : ascending) {
      writeVarint(out, v - previous);
      previous = v;
    }
  }

  private static int[] readDeltas(ByteBuffer in, int n) {
    int[] out = new int[n];
    int previous = 0;
    for (int i = 0; i < n; i++) {
      previous += readVarint(in);
      out[i] = previous;
    }
    return out;
  }

  private static void writeVarint(ByteArrayOutputStream out, int v) {
    while ((v & ~0x7F) != 0) {
      out.write((v & 0x7F) | 0x80);
      v >>>= 7;
    }
    out.write(v);
  }

  private static int readVarint(ByteBuffer in) {
    int v = 0;
    for (int shift = 0; shift < 32; shift += 7) {
      byte b = in.get();
      v |= (b & 0x7F) << shift;
      if (b >= 0) {
        return v;
      }
    }
    throw new IllegalArgumentException("varint too long");
  }

  /** A count, which must fit in what is left of the input (at least a byte per item). */
  private static int readCount(ByteBuffer in) {
    int n = readVarint(in);
    if (n < 0 || n > in.remaining()) {
      throw new IllegalArgumentException("count " + n + " past the end");
    }
    return n;
  }

  /** Where {@code term} occurs, ascending; empty when it does not. */
  int[] positions(String term) {
    return postings.getOrDefault(term, NONE);
  }

  /** Positions of {@code term} or any of {@code others}, ascending, each once. */
  int[] positions(String term, String[] others) {
    int[] a = positions(term);
    for (String other : others) {
      int[] b = positions(other);
      if (b.length == 0) {
        continue;
      }
      int[] out = new int[a.length + b.length];
      int i = 0;
      int j = 0;
      int n = 0;
      while (i < a.length || j < b.length) {
        int next = j == b.length || i < a.length && a[i] <= b[j] ? a[i++] : b[j++];
        if (n == 0 || out[n - 1] != next) {
          out[n++] = next;
        }
      }
      a = Arrays.copyOf(out, n);
    }
    return a;
  }

  /** Number of terms on lines {@code from..to} (1-based, inclusive). */
  int length(int from, int to) {
    return lineStart[to] - lineStart[from - 1];
  }

  /** Position of the first term of line {@code line} (one past the last term for n + 1). */
  int firstTerm(int line) {
    return lineStart[line - 1];
  }

  /**
   * The line (1-based) holding the term at {@code position}, known to be line {@code atLeast}
   * or a later one: found by galloping forward from there, so that walking a span's occurrences
   * in order costs little more than the lines they are on.
   */
  int lineOf(int position, int atLeast) {
    int lo = atLeast - 1;
    int step = 1;
    int hi = lo + 1;
    while (hi < lineStart.length && lineStart[hi] <= position) {
      lo = hi;
      step <<= 1;
      hi = lo + step;
    }
    return lastStartAtOrBefore(position, lo, Math.min(hi, lineStart.length - 1)) + 1;
  }

  /** The line (1-based) holding the term at {@code position}. */
  int lineOf(int position) {
    return lastStartAtOrBefore(position, 0, lineStart.length - 1) + 1;
  }

  /**
   * The last index from {@code lo} to {@code hi} whose line start is at or before {@code
   * position} (empty lines share their start), given that {@code lo}'s is.
   */
  private int lastStartAtOrBefore(int position, int lo, int hi) {
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (lineStart[mid] <= position) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
  }

  /** Index of the first position at or after {@code value}. */
  static int lowerBound(int[] positions, int value) {
    int lo = 0;
    int hi = positions.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (positions[mid] < value) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }
}
