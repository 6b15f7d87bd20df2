package io.github.slicegrep.distill;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import ai.djl.huggingface.tokenizers.Encoding;
import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import io.github.slicegrep.dense.WordPieceTokenizer;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * slicegrep's pure-Java WordPiece tokenizer against the reference (Hugging Face's tokenizers, the
 * native library the langchain4j embedding model uses) on MiniLM's own tokenizer.json.
 */
class TokenizerParityTest {
  static final List<String> SAMPLES = List.of(
      "how does budget packing guarantee definitions",
      "def parse_request(self, raw: bytes) -> Request:",
      "public static boolean isBlank(final CharSequence cs) {",
      "getHTTPResponse unbelievably_long_identifier_name42 x86_64",
      "Caf\u00e9 na\u00efve r\u00e9sum\u00e9 \u00c5ngstr\u00f6m \u00df \u0130stanbul",
      "tabs\tand\nnewlines\r\nand\u00a0nbsp \u2003em-space",
      "\u4e2d\u6587\u5b57\u7b26 and \u65e5\u672c\u8a9e mixed",
      "emoji \ud83d\ude00 and symbols \u00a9 \u2122 \u20ac 5\u00b0C",
      "punctuation!!! (nested [brackets] {braces}) <a href=\"x\">; a.b.c",
      "zero\u200bwidth and control\u0001chars and \ufffd replacement",
      "[CLS] literal special [SEP] tokens [MASK] here",
      "Ã£ mojibake Ã© and combining e\u0301 accents",
      "supercalifragilisticexpialidocious" + "x".repeat(120),
      "if (err != nil) { return fmt.Errorf(\"open %s: %w\", path, err) }",
      "");

  @TempDir static Path tmp;
  private static HuggingFaceTokenizer reference;
  private static WordPieceTokenizer ours;

  @BeforeAll
  static void load() throws IOException {
    byte[] json = Distiller.resource(Distiller.TOKENIZER_RESOURCE);
    Path file = tmp.resolve("tokenizer.json");
    Files.write(file, json);
    reference = HuggingFaceTokenizer.newInstance(
        file, Map.of("padding", "false", "truncation", "false", "addSpecialTokens", "false"));
    ours = WordPieceTokenizer.read(new ByteArrayInputStream(json));
  }

  @AfterAll
  static void close() {
    reference.close();
  }

  @Test
  void sameIdsAsTheReferenceOnSampleStrings() {
    for (String s : SAMPLES) {
      Encoding e = reference.encode(s, false, false);
      long[] ids = e.getIds();
      long[] mask = e.getAttentionMask();
      long[] expected = java.util.stream.IntStream.range(0, ids.length)
          .filter(i -> mask[i] == 1).mapToLong(i -> ids[i]).toArray();
      long[] actual = Arrays.stream(ours.encode(s)).asLongStream().toArray();
      assertArrayEquals(expected, actual, () -> "tokens of: " + s + "\n  reference "
          + Arrays.toString(reference.encode(s, false, false).getTokens())
          + "\n  ours      " + ours.tokenize(s));
    }
  }
}
