package io.github.slicegrep.distill;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.slicegrep.dense.Safetensors;
import io.github.slicegrep.dense.StaticModel;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DistillerTest {
  @TempDir Path tmp;

  /**
   * The real pipeline on the real network, for the first few hundred vocabulary ids only so the
   * test stays fast ({@code -Dslicegrep.distill.tokens=N} for more): the written directory loads
   * in the core runtime and embeds text.
   */
  @Test
  void writesAModelTheRuntimeLoads() throws Exception {
    int tokens = Integer.getInteger("slicegrep.distill.tokens", 200);
    Path out = tmp.resolve("model");
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    Distiller.run(out, new Distiller.Settings(16, 1e-4, 256, tokens, List.of()),
        new PrintStream(log, true, StandardCharsets.UTF_8));
    StaticModel m = StaticModel.load(out);
    assertEquals(16, m.dimensions());
    assertEquals(30522, m.vocabularySize());
    Safetensors.Tensor t = Safetensors.read(out.resolve(StaticModel.TABLE_FILE))
        .get(StaticModel.TABLE_TENSOR);
    assertTrue(norm(t.data(), tokens - 1, 16) > 0, "embedded rows are filled");
    assertEquals(0.0, norm(t.data(), tokens, 16), "rows past the limit stay empty");
    // [CLS] (101) and [SEP] (102) are among the first 200 ids, and kept whole from raw text.
    float[] v = m.embed("[CLS] [SEP]");
    assertEquals(1.0, Math.sqrt(dot(v, v)), 1e-5);
    assertTrue(Files.readString(out.resolve(StaticModel.CONFIG_FILE)).contains("\"hidden_dim\": 16"));
    assertTrue(log.toString(StandardCharsets.UTF_8).contains("embedded " + tokens + " tokens"));
  }

  @Test
  void pcaKeepsTheDirectionsOfLargestVariance() {
    Random r = new Random(7);
    float[][] rows = new float[500][3];
    for (float[] row : rows) {
      double main = r.nextGaussian() * 10;
      double second = r.nextGaussian() * 3;
      double noise = r.nextGaussian() * 0.1;
      // Variance lies along (1,1,0)/sqrt2, then (1,-1,0)/sqrt2, then z.
      row[0] = (float) ((main + second) / Math.sqrt(2) + 5);
      row[1] = (float) ((main - second) / Math.sqrt(2) - 2);
      row[2] = (float) noise;
    }
    float[][] reduced = Pca.reduce(rows, 2);
    double v0 = variance(reduced, 0);
    double v1 = variance(reduced, 1);
    assertEquals(100, v0, 15);
    assertEquals(9, v1, 2);
  }

  @Test
  void sifWeighsCommonTokensDown() {
    float[][] rows = new float[1000][1];
    for (float[] row : rows) {
      row[0] = 1;
    }
    Distiller.applySif(rows, 1e-3);
    assertTrue(rows[0][0] < rows[10][0] && rows[10][0] < rows[999][0]);
    assertTrue(rows[999][0] > 0.8);
  }

  @Test
  void countsTokensAsTheRuntimeTokenizesThem() throws Exception {
    Path dir = java.nio.file.Files.createDirectories(tmp.resolve("text"));
    java.nio.file.Files.writeString(dir.resolve("a.py"), "def readFile(path):\n    return path\n");
    java.nio.file.Files.write(dir.resolve("b.bin"), new byte[] {1, 0, 2});
    io.github.slicegrep.dense.WordPieceTokenizer tok =
        io.github.slicegrep.dense.WordPieceTokenizer.read(new java.io.ByteArrayInputStream(
            Distiller.resource(Distiller.TOKENIZER_RESOURCE)));
    long[] counts = TokenCounts.count(tok, List.of(dir),
        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    assertEquals(2, counts[tok.id("path")]);
    assertEquals(1, counts[tok.id("read")]);
    assertEquals(1, counts[tok.id("file")]);
    double[] p = TokenCounts.probabilities(counts, counts.length);
    assertTrue(p[tok.id("path")] > p[tok.id("read")]);
    assertTrue(p[tok.id("zebra")] > 0);
  }

  private static double norm(float[] table, int row, int dims) {
    double s = 0;
    for (int d = 0; d < dims; d++) {
      s += table[row * dims + d] * table[row * dims + d];
    }
    return s;
  }

  private static double dot(float[] a, float[] b) {
    double s = 0;
    for (int i = 0; i < a.length; i++) {
      s += a[i] * b[i];
    }
    return s;
  }

  private static double variance(float[][] rows, int col) {
    double mean = 0;
    for (float[] r : rows) {
      mean += r[col];
    }
    mean /= rows.length;
    double s = 0;
    for (float[] r : rows) {
      s += (r[col] - mean) * (r[col] - mean);
    }
    return s / (rows.length - 1);
  }
}
