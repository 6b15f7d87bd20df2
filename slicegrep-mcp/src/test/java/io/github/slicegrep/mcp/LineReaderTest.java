package io.github.slicegrep.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class LineReaderTest {
  private static List<String> lines(InputStream in, int max) throws IOException {
    LineReader reader = new LineReader(in, max);
    List<String> out = new ArrayList<>();
    for (LineReader.Line l = reader.next(); l != null; l = reader.next()) {
      out.add(l.tooLong() ? "<too long>" : new String(l.bytes(), StandardCharsets.UTF_8));
    }
    return out;
  }

  private static InputStream of(String s) {
    return new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void splitsOnNewlineDropsACarriageReturnBeforeItAndKeepsALastUnterminatedLine()
      throws IOException {
    assertEquals(List.of("a", "b", "", "ü€", "last"), lines(of("a\nb\r\n\nü€\nlast"), 100));
    assertEquals(List.of(), lines(of(""), 100));
    assertEquals(List.of("x"), lines(of("x\n"), 100));
  }

  @Test
  void aLineOverTheCapIsSkippedWholeAndReadingGoesOn() throws IOException {
    assertEquals(List.of("ok", "<too long>", "next"), lines(of("ok\n123456\nnext\n"), 5));
    assertEquals(List.of("12345"), lines(of("12345"), 5));
  }

  @Test
  void readsTheSameLinesWhateverSizeTheReadsComeIn() throws IOException {
    StringBuilder text = new StringBuilder();
    Random random = new Random(42);
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      String line = "{\"id\":" + i + ",\"pad\":\"" + "x".repeat(random.nextInt(200_000)) + "\"}";
      expected.add(line);
      text.append(line).append(random.nextBoolean() ? "\n" : "\r\n");
    }
    byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
    InputStream trickle =
        new ByteArrayInputStream(bytes) {
          @Override
          public synchronized int read(byte[] b, int off, int len) {
            return super.read(b, off, Math.min(len, 1 + random.nextInt(100_000)));
          }
        };
    assertEquals(expected, lines(trickle, 1 << 20));
  }

  @Test
  void endOfInputIsNullAndStaysNull() throws IOException {
    LineReader reader = new LineReader(of("one"), 10);
    LineReader.Line first = reader.next();
    assertFalse(first.tooLong());
    assertNull(reader.next());
    assertNull(reader.next());
    assertEquals(3, first.bytes().length);
  }
}
