package io.github.slicegrep.dense;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StaticModelTest {
  @TempDir Path tmp;

  @Test
  void loadsTheTableAndTokenizerWrittenByTheTest() throws IOException {
    StaticModel m = StaticModel.load(TinyModel.write(tmp.resolve("m"), 8));
    assertEquals(8, m.dimensions());
    assertEquals(TinyModel.VOCAB.size(), m.vocabularySize());
  }

  @Test
  void aTextIsTheUnitMeanOfItsTokenRows() throws IOException {
    StaticModel m = StaticModel.load(TinyModel.write(tmp.resolve("m"), 32));
    float[] v = m.embed("cache file");
    float h = (float) Math.sqrt(0.5);
    assertEquals(h, v[TinyModel.VOCAB.indexOf("cache")], 1e-6);
    assertEquals(h, v[TinyModel.VOCAB.indexOf("file")], 1e-6);
  }

  @Test
  void identifiersAreCutIntoWordsBeforeTokenizing() throws IOException {
    StaticModel m = StaticModel.load(TinyModel.write(tmp.resolve("m"), 32));
    assertArrayEquals(m.embed("read file"), m.embed("readFile"), 1e-6f);
    assertArrayEquals(m.embed("read file"), m.embed("READ_FILE"), 1e-6f);
    assertEquals("parse HTTP Request", CodeText.words("parseHTTPRequest"));
  }

  @Test
  void similarTextsScoreAboveUnrelatedOnes() throws IOException {
    StaticModel m = StaticModel.load(TinyModel.write(tmp.resolve("m"), 32));
    float[] q = m.embed("parse the request");
    double near = StaticModel.cosine(q, m.embed("def parse(request): ..."));
    double far = StaticModel.cosine(q, m.embed("budget packing"));
    assertTrue(near > 0.5, "near " + near);
    assertEquals(0.0, far, 1e-9);
  }

  @Test
  void unknownTextEmbedsToZeros() throws IOException {
    StaticModel m = StaticModel.load(TinyModel.write(tmp.resolve("m"), 4));
    assertArrayEquals(new float[4], m.embed("zzz qqq"));
    assertEquals(0.0, StaticModel.cosine(new float[4], m.embed("cache")));
  }

  @Test
  void refusesATableShorterThanTheVocabulary() throws IOException {
    Path dir = TinyModel.write(tmp.resolve("m"), 4);
    Safetensors.write(dir.resolve(StaticModel.TABLE_FILE),
        Map.of(StaticModel.TABLE_TENSOR, new Safetensors.Tensor(new long[] {3, 4}, new float[12])),
        Map.of());
    IOException e = assertThrows(IOException.class, () -> StaticModel.load(dir));
    assertTrue(e.getMessage().contains("3 rows for a vocabulary of"), e.getMessage());
  }

  @Test
  void refusesAMissingTokenizer() throws IOException {
    Path dir = TinyModel.write(tmp.resolve("m"), 4);
    Files.delete(dir.resolve(StaticModel.TOKENIZER_FILE));
    assertThrows(IOException.class, () -> StaticModel.load(dir));
  }
}
