package io.github.slicegrep.distill;

import io.github.slicegrep.dense.CodeText;
import io.github.slicegrep.dense.WordPieceTokenizer;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Token frequencies measured on real text, tokenized exactly as the runtime tokenizes a block
 * (identifiers cut into words, then WordPiece), for SIF weights that reflect what code says
 * rather than what the vocabulary's order suggests.
 */
final class TokenCounts {
  /** Larger files are generated data more often than code. */
  static final long MAX_FILE_BYTES = 1L << 20;

  private TokenCounts() {}

  /** Counts of each token id over the readable UTF-8 text files below {@code folders}. */
  static long[] count(WordPieceTokenizer tokenizer, List<Path> folders, PrintStream log)
      throws IOException {
    long[] counts = new long[tokenizer.vocabularySize()];
    int files = 0;
    long tokens = 0;
    for (Path folder : folders) {
      List<Path> paths;
      try (Stream<Path> walk = Files.walk(folder)) {
        paths = walk.filter(Files::isRegularFile).sorted().toList();
      }
      for (Path p : paths) {
        if (Files.size(p) > MAX_FILE_BYTES) {
          continue;
        }
        String text;
        try {
          byte[] bytes = Files.readAllBytes(p);
          if (contains(bytes, (byte) 0)) {
            continue;
          }
          text = StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(bytes))
              .toString();
        } catch (CharacterCodingException e) {
          continue;
        }
        for (int id : tokenizer.encode(CodeText.words(text))) {
          counts[id]++;
          tokens++;
        }
        files++;
      }
    }
    log.printf("counted %d tokens in %d files%n", tokens, files);
    return counts;
  }

  /**
   * Add-one smoothed probabilities of the first {@code rows} ids, so a token never seen in the
   * sample is treated as rare, not as impossible.
   */
  static double[] probabilities(long[] counts, int rows) {
    long total = 0;
    for (long c : counts) {
      total += c;
    }
    double[] p = new double[rows];
    for (int i = 0; i < rows; i++) {
      p[i] = (counts[i] + 1.0) / (total + counts.length);
    }
    return p;
  }

  private static boolean contains(byte[] bytes, byte b) {
    for (byte x : bytes) {
      if (x == b) {
        return true;
      }
    }
    return false;
  }
}
