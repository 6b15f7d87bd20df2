package io.github.slicegrep.hook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class HookInputTest {
  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void readsTheFieldsTheHookNeeds() {
    HookInput in =
        HookInput.parse(utf8("{\"session_id\":\"s1\",\"transcript_path\":\"/t.jsonl\","
            + "\"cwd\":\"/w\",\"hook_event_name\":\"PreToolUse\",\"tool_name\":\"Read\","
            + "\"tool_input\":{\"file_path\":\"/w/ünï.py\"}}")).orElseThrow();
    assertEquals("s1", in.sessionId());
    assertEquals("/t.jsonl", in.transcriptPath());
    assertEquals("Read", in.toolName());
    assertEquals("/w/ünï.py", in.filePath());
    assertFalse(in.isRanged());
  }

  @Test
  void offsetZeroStillMeansRanged() {
    HookInput in = HookInput.parse(utf8(
        "{\"tool_name\":\"Read\",\"tool_input\":{\"file_path\":\"a.py\",\"offset\":0}}"))
        .orElseThrow();
    assertEquals(OptionalInt.of(0), in.offset());
    assertTrue(in.isRanged());
  }

  @Test
  void toleratesAByteOrderMark() {
    assertTrue(HookInput.parse(utf8("\uFEFF{\"tool_name\":\"Read\"}")).isPresent());
  }

  @Test
  void malformedInputIsEmptyNotAnException() {
    assertEquals(Optional.empty(), HookInput.parse(utf8("{not json")));
    assertEquals(Optional.empty(), HookInput.parse(utf8("[1,2]")));
    assertEquals(Optional.empty(), HookInput.parse(new byte[0]));
    assertEquals(Optional.empty(), HookInput.parse(new byte[] {(byte) 0xFF, (byte) 0xFE}));
  }
}
