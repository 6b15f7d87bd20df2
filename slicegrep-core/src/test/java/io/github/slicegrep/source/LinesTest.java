package io.github.slicegrep.source;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class LinesTest {

  @Test
  void splitsOnNewlineCarriageReturnAndBoth() {
    assertEquals(List.of("a", "b", "c", "d"), Lines.split("a\nb\r\nc\rd"));
    assertEquals(List.of("a", "", "b"), Lines.split("a\n\nb\n"));
    assertEquals(List.of("a", ""), Lines.split("a\r\n\r\n"));
  }

  @Test
  void neverSplitsOnFormFeedVerticalTabOrUnicodeSeparators() {
    String text = "one\fstill one\u000Bstill\u2028and\u2029more\u0085x\ntwo";
    assertEquals(2, Lines.split(text).size());
  }

  @Test
  void emptyTextHasNoLines() {
    assertEquals(List.of(), Lines.split(""));
  }

  @Test
  void invalidUtf8IsReplacedNotFatal() {
    byte[] bytes = {'o', 'k', (byte) 0xC3, (byte) 0x28, '\n', (byte) 0xFF, 'x'};
    String text = Decoding.utf8(bytes);
    assertEquals(List.of("ok\uFFFD(", "\uFFFDx"), Lines.split(text));
  }

  @Test
  void byteOrderMarkIsDropped() {
    byte[] bytes = "\uFEFFhello".getBytes(StandardCharsets.UTF_8);
    assertEquals("hello", Decoding.utf8(bytes));
  }

  @Test
  void nulInTheHeadMeansBinary() {
    assertEquals(true, Decoding.looksBinary(new byte[] {'P', 'K', 3, 4, 0, 0}));
    assertEquals(false, Decoding.looksBinary("plain text".getBytes(StandardCharsets.UTF_8)));
  }

  /** Text with and without carriage returns splits as a character-by-character reading does. */
  @Test
  void splitsAsEachCharacterIsRead() {
    Random random = new Random(20261202);
    String[] pieces = {"a", "bc", "\n", "\r", "\r\n", "\n\n", "\f", "\u00e9", "\u2028", ""};
    for (int round = 0; round < 2000; round++) {
      StringBuilder text = new StringBuilder();
      boolean withReturns = random.nextBoolean();
      for (int k = random.nextInt(12); k > 0; k--) {
        String piece = pieces[random.nextInt(pieces.length)];
        text.append(withReturns ? piece : piece.replace("\r", ""));
      }
      assertEquals(readEachCharacter(text.toString()), Lines.split(text.toString()), text.toString());
    }
  }

  private static List<String> readEachCharacter(String text) {
    List<String> out = new ArrayList<>();
    int start = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\n' || c == '\r') {
        out.add(text.substring(start, i));
        if (c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
          i++;
        }
        start = i + 1;
      }
    }
    if (start < text.length()) {
      out.add(text.substring(start));
    }
    return out;
  }

  /**
   * Any bytes decode as a replacing UTF-8 decoder decodes them: ASCII, well-formed sequences of
   * every length, and every way of being malformed (stray continuations, overlong and surrogate
   * forms, leads past U+10FFFF, sequences cut short).
   */
  @Test
  void decodesAsAReplacingDecoder() throws Exception {
    Random random = new Random(20261202);
    int[] leads = {0x00, 0x41, 0x7F, 0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xED, 0xEF,
        0xF0, 0xF1, 0xF4, 0xF5, 0xF8, 0xFE, 0xFF};
    for (int round = 0; round < 20_000; round++) {
      byte[] bytes = new byte[random.nextInt(24)];
      for (int i = 0; i < bytes.length; i++) {
        int kind = random.nextInt(4);
        bytes[i] =
            (byte) (kind == 0 ? leads[random.nextInt(leads.length)]
                : kind == 1 ? 0x80 + random.nextInt(0x40)
                : kind == 2 ? random.nextInt(0x80) : random.nextInt(0x100));
      }
      if (round % 7 == 0) {
        bytes = ("\uFEFF" + new String(bytes, StandardCharsets.ISO_8859_1))
            .getBytes(StandardCharsets.UTF_8);
      }
      String expected =
          StandardCharsets.UTF_8.newDecoder()
              .onMalformedInput(CodingErrorAction.REPLACE)
              .onUnmappableCharacter(CodingErrorAction.REPLACE)
              .decode(ByteBuffer.wrap(bytes))
              .toString();
      if (expected.startsWith("\uFEFF")) {
        expected = expected.substring(1);
      }
      assertEquals(expected, Decoding.utf8(bytes));
    }
  }
}
