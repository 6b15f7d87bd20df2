package io.github.slicegrep.dense;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * A static embedding model in the model2vec layout: a directory holding {@code tokenizer.json}
 * (WordPiece), {@code model.safetensors} with one {@code [vocabulary, dimensions]} table named
 * {@code embeddings}, and an optional {@code config.json} ({@code "normalize": false} turns off
 * unit-length output). A text's vector is the mean of its tokens' rows, so embedding costs one
 * tokenization and a few additions per token: no neural network runs at query time.
 */
public final class StaticModel {
  public static final String TOKENIZER_FILE = "tokenizer.json";
  public static final String TABLE_FILE = "model.safetensors";
  public static final String CONFIG_FILE = "config.json";
  public static final String TABLE_TENSOR = "embeddings";
  /** Tokens of one text that are pooled; beyond that a block's tail adds little to its mean. */
  static final int MAX_TOKENS = 2048;

  private final WordPieceTokenizer tokenizer;
  private final float[] table;
  private final int dimensions;
  private final boolean normalize;

  StaticModel(WordPieceTokenizer tokenizer, float[] table, int dimensions, boolean normalize) {
    this.tokenizer = tokenizer;
    this.table = table;
    this.dimensions = dimensions;
    this.normalize = normalize;
  }

  /** Loads the model in {@code dir}; every problem is an {@link IOException} naming it. */
  public static StaticModel load(Path dir) throws IOException {
    WordPieceTokenizer tokenizer = WordPieceTokenizer.load(dir.resolve(TOKENIZER_FILE));
    Map<String, Safetensors.Tensor> tensors = Safetensors.read(dir.resolve(TABLE_FILE));
    Safetensors.Tensor t = tensors.get(TABLE_TENSOR);
    if (t == null && tensors.size() == 1) {
      t = tensors.values().iterator().next();
    }
    if (t == null) {
      throw new IOException(dir + ": no '" + TABLE_TENSOR + "' tensor in " + TABLE_FILE);
    }
    if (t.shape().length != 2 || t.shape()[1] < 1) {
      throw new IOException(dir + ": the embedding table must be two-dimensional");
    }
    if (t.shape()[0] < tokenizer.vocabularySize()) {
      throw new IOException(
          dir + ": the table has " + t.shape()[0] + " rows for a vocabulary of "
              + tokenizer.vocabularySize());
    }
    boolean normalize = true;
    Path config = dir.resolve(CONFIG_FILE);
    if (Files.isRegularFile(config)) {
      JsonNode c = new ObjectMapper().readTree(config.toFile());
      if (c != null) {
        normalize = c.path("normalize").asBoolean(true);
      }
    }
    return new StaticModel(tokenizer, t.data(), (int) t.shape()[1], normalize);
  }

  public int dimensions() {
    return dimensions;
  }

  public int vocabularySize() {
    return tokenizer.vocabularySize();
  }

  public WordPieceTokenizer tokenizer() {
    return tokenizer;
  }

  /**
   * The vector of {@code text}: the mean of its known tokens' rows, of unit length unless the
   * model says otherwise; all zeros when no token is known.
   */
  public float[] embed(String text) {
    int[] ids = tokenizer.encode(CodeText.words(text));
    float[] v = new float[dimensions];
    int used = 0;
    int unk = tokenizer.unknownId();
    for (int id : ids) {
      if (id == unk) {
        continue;
      }
      int base = id * dimensions;
      for (int d = 0; d < dimensions; d++) {
        v[d] += table[base + d];
      }
      if (++used == MAX_TOKENS) {
        break;
      }
    }
    if (used == 0) {
      return v;
    }
    double norm = 0;
    for (int d = 0; d < dimensions; d++) {
      v[d] /= used;
      norm += (double) v[d] * v[d];
    }
    if (normalize && norm > 0) {
      float inv = (float) (1 / Math.sqrt(norm));
      for (int d = 0; d < dimensions; d++) {
        v[d] *= inv;
      }
    }
    return v;
  }

  /** Cosine similarity; 0 when either vector is all zeros. */
  public static double cosine(float[] a, float[] b) {
    double dot = 0;
    double na = 0;
    double nb = 0;
    for (int i = 0; i < a.length; i++) {
      dot += (double) a[i] * b[i];
      na += (double) a[i] * a[i];
      nb += (double) b[i] * b[i];
    }
    return na == 0 || nb == 0 ? 0 : dot / Math.sqrt(na * nb);
  }
}
