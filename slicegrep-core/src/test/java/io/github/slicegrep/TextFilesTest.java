package io.github.slicegrep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The public view of a file that the hook decides by: the same rules a search applies. */
class TextFilesTest {
  @Test
  void linesAreCountedAsTheReadToolCountsThem() {
    assertEquals(List.of("a", "b", "c", "d"), TextFiles.lines("a\nb\r\nc\rd\n"));
    assertEquals(List.of("x\fy\u2028z"), TextFiles.lines("x\fy\u2028z"));
    assertEquals(List.of(), TextFiles.lines(""));
  }

  @Test
  void binaryIsANulByteInTheHead() {
    byte[] text = "def f():\n    pass\n".getBytes(StandardCharsets.UTF_8);
    assertFalse(TextFiles.looksBinary(text));
    byte[] late = new byte[9000];
    java.util.Arrays.fill(late, (byte) 'a');
    late[8500] = 0; // past the 8 KiB a search sniffs
    assertFalse(TextFiles.looksBinary(late));
    late[100] = 0;
    assertTrue(TextFiles.looksBinary(late));
  }

  @Test
  void decodingNeverFailsAndDropsTheByteOrderMark() {
    byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, 'o', 'k', (byte) 0xFF};
    assertEquals("ok\uFFFD", TextFiles.decode(bom));
  }

  @Test
  void tokensAreCharactersOverFourRoundedUp() {
    assertEquals(0, TextFiles.estimateTokens(""));
    assertEquals(1, TextFiles.estimateTokens("abcd"));
    assertEquals(2, TextFiles.estimateTokens("abcde"));
    assertEquals(4, TextFiles.CHARS_PER_TOKEN);
  }

  @Test
  void codeIsKnownByName() {
    assertTrue(TextFiles.isCode("scorer.py"));
    assertTrue(TextFiles.isCode("Main.java"));
    assertFalse(TextFiles.isCode("README.md"));
    assertFalse(TextFiles.isCode("logo.png"));
  }
}
