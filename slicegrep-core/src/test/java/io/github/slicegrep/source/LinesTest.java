package io.github.slicegrep.source;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.List;
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
}
