package io.github.slicegrep.dense;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A small static model written by a test: a BERT-style tokenizer.json and a safetensors table. */
public final class TinyModel {
  static final List<String> VOCAB =
      List.of("[PAD]", "[UNK]", "[CLS]", "[SEP]", "parse", "##r", "request", "http", "cache",
          "read", "file", ",", ".", "(", ")", "a", "##b", "##c", "hello", "budget", "pack",
          "##ing", "un", "##known", "cafe");

  private TinyModel() {}

  static String tokenizerJson(List<String> vocab) throws IOException {
    ObjectMapper json = new ObjectMapper();
    ObjectNode root = json.createObjectNode();
    root.put("version", "1.0");
    ObjectNode special = root.putArray("added_tokens").addObject();
    special.put("id", 2).put("content", "[CLS]").put("special", true);
    ObjectNode norm = root.putObject("normalizer");
    norm.put("type", "BertNormalizer").put("clean_text", true).put("handle_chinese_chars", true)
        .putNull("strip_accents");
    norm.put("lowercase", true);
    root.putObject("pre_tokenizer").put("type", "BertPreTokenizer");
    ObjectNode model = root.putObject("model");
    model.put("type", "WordPiece").put("unk_token", "[UNK]")
        .put("continuing_subword_prefix", "##").put("max_input_chars_per_word", 100);
    ObjectNode v = model.putObject("vocab");
    for (int i = 0; i < vocab.size(); i++) {
      v.put(vocab.get(i), i);
    }
    return json.writerWithDefaultPrettyPrinter().writeValueAsString(root);
  }

  /**
   * Writes the tiny model: row i is the unit vector on axis {@code i % dims}, except that
   * {@code parse}/{@code request} share an axis and {@code cache}/{@code read} another, so
   * similar texts are easy to tell apart in a test.
   */
  public static Path write(Path dir, int dims) throws IOException {
    Files.createDirectories(dir);
    Files.writeString(dir.resolve(StaticModel.TOKENIZER_FILE), tokenizerJson(VOCAB));
    float[] table = new float[VOCAB.size() * dims];
    for (int i = 0; i < VOCAB.size(); i++) {
      int axis = i % dims;
      String t = VOCAB.get(i);
      if (t.equals("request")) {
        axis = VOCAB.indexOf("parse") % dims;
      } else if (t.equals("read")) {
        axis = VOCAB.indexOf("cache") % dims;
      }
      table[i * dims + axis] = 1f;
    }
    Map<String, Safetensors.Tensor> tensors = new LinkedHashMap<>();
    tensors.put(StaticModel.TABLE_TENSOR,
        new Safetensors.Tensor(new long[] {VOCAB.size(), dims}, table));
    Safetensors.write(dir.resolve(StaticModel.TABLE_FILE), tensors, Map.of("source", "test"));
    Files.writeString(dir.resolve(StaticModel.CONFIG_FILE), "{\"normalize\": true}");
    return dir;
  }
}
