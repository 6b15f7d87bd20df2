package io.github.slicegrep.source;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Which three-character sequences a file's folded text holds, hashed into a bit set (one hash,
 * no false negatives): a literal with a trigram whose bit is clear cannot be in the file. The
 * set has about one bit per character of text, so it costs an eighth of the text's bytes and a
 * literal's trigrams each pass falsely about a quarter of the time: a 10-character literal
 * passes a file without it about once in 40,000. Kept with every searched file (a warm search
 * skips the {@code indexOf} over most files) and stored in the persistent index (a later
 * process skips reading them). Immutable.
 */
public final class TrigramFilter implements ContentFilter {
  public static final int MIN_BITS_LOG2 = 9;
  /** Past 16 KiB a filter of a big file is mostly set, and big files are few. */
  public static final int MAX_BITS_LOG2 = 17;

  private final int bitsLog2;
  private final long[] words;

  public TrigramFilter(int bitsLog2, long[] words) {
    if (bitsLog2 < MIN_BITS_LOG2 || bitsLog2 > MAX_BITS_LOG2
        || words.length != 1 << (bitsLog2 - 6)) {
      throw new IllegalArgumentException("bad filter size " + bitsLog2 + "/" + words.length);
    }
    this.bitsLog2 = bitsLog2;
    this.words = words;
  }

  public static TrigramFilter of(FoldedText folded) {
    String text = folded.text();
    int log2 = MIN_BITS_LOG2;
    while (log2 < MAX_BITS_LOG2 && (1 << log2) < text.length()) {
      log2++;
    }
    long[] words = new long[1 << (log2 - 6)];
    // The folded text is one byte a character: its bytes are read straight, each once, and the
    // window of three slid along.
    byte[] bytes = text.getBytes(StandardCharsets.ISO_8859_1);
    if (bytes.length >= 3) {
      char a;
      char b = (char) (bytes[0] & 0xFF);
      char c = (char) (bytes[1] & 0xFF);
      for (int i = 2; i < bytes.length; i++) {
        a = b;
        b = c;
        c = (char) (bytes[i] & 0xFF);
        int bit = bit(a, b, c, log2);
        words[bit >>> 6] |= 1L << bit;
      }
    }
    return new TrigramFilter(log2, words);
  }

  @Override
  public boolean mayContain(String foldedLiteral) {
    // Trigrams that do not overlap first: neighbours share two letters, so after one is found
    // the next is likely there too, while one three letters on is a fresh test. A long literal
    // (a question checked as a quotation) is ruled out in a few probes instead of dozens.
    for (int offset = 0; offset < 3; offset++) {
      for (int i = offset; i + 2 < foldedLiteral.length(); i += 3) {
        int bit =
            bit(foldedLiteral.charAt(i), foldedLiteral.charAt(i + 1), foldedLiteral.charAt(i + 2),
                bitsLog2);
        if ((words[bit >>> 6] & (1L << bit)) == 0) {
          return false;
        }
      }
    }
    return true;
  }

  public int bitsLog2() {
    return bitsLog2;
  }

  public long[] words() {
    return Arrays.copyOf(words, words.length);
  }

  /** The bit set itself, not to be changed (for {@link TreeFilter}, which only reads it). */
  long[] wordsView() {
    return words;
  }

  /** The bit of trigram {@code abc} in a filter of 2^{@code log2} bits: the hash's top bits. */
  static int bit(char a, char b, char c, int log2) {
    long key = ((long) a << 32) | ((long) b << 16) | c;
    key *= 0x9E3779B97F4A7C15L;
    return (int) (key >>> (64 - log2));
  }
}
