package io.github.slicegrep.hook;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Real-shaped inputs: generated source files with known line numbers, hook events, transcripts. */
final class Fixtures {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private Fixtures() {}

  /** A generated Python module and where each of its functions lies (1-based, inclusive). */
  record Module(String text, Map<String, int[]> functions, List<String> focusFunctions) {}

  /**
   * A Python module of {@code count} functions; every seventh one uses {@code retry_budget}. Lines
   * end with {@code eol}; with {@code bom} the file starts with a byte-order mark and has a
   * form-feed line, neither of which may shift line numbers.
   */
  static Module python(int count, String eol, boolean bom) {
    StringBuilder sb = new StringBuilder();
    Map<String, int[]> functions = new TreeMap<>();
    List<String> focus = new ArrayList<>();
    int line = 0;
    if (bom) {
      sb.append('\uFEFF');
    }
    sb.append("\"\"\"Generated module for hook tests.\"\"\"").append(eol);
    line++;
    if (bom) {
      sb.append('\f').append(eol);
      line++;
    }
    sb.append("import os").append(eol).append(eol);
    line += 2;
    for (int k = 0; k < count; k++) {
      String name = "handler_" + k;
      boolean uses = k % 7 == 3;
      int start = line + 1;
      List<String> body = new ArrayList<>();
      body.add("def " + name + "(request, payload):");
      body.add("    \"\"\"Handle request kind " + k + " and account for its weight.\"\"\"");
      body.add("    total = 0");
      for (int j = 0; j < 6; j++) {
        body.add("    for item in payload.items_" + j + ":");
        body.add("        total += item.weight * " + (k + j) + "  # step " + j);
      }
      if (uses) {
        body.add("    if total > retry_budget(request):");
        body.add("        total = retry_budget(request)");
        focus.add(name);
      }
      body.add("    return total");
      for (String b : body) {
        sb.append(b).append(eol);
        line++;
      }
      functions.put(name, new int[] {start, line});
      sb.append(eol);
      line++;
    }
    return new Module(sb.toString(), functions, focus);
  }

  /** The file's lines as the Read tool numbers them: split on LF, CR of CRLF dropped, BOM dropped. */
  static List<String> readToolLines(byte[] bytes) {
    String text = new String(bytes, StandardCharsets.UTF_8);
    if (text.startsWith("\uFEFF")) {
      text = text.substring(1);
    }
    List<String> out = new ArrayList<>();
    for (String l : text.split("\n", -1)) {
      out.add(l.endsWith("\r") ? l.substring(0, l.length() - 1) : l);
    }
    return out;
  }

  /** A PreToolUse event for Read as Claude Code sends it. */
  static String readEvent(String session, Path transcript, Path file, Map<String, Object> extra) {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("session_id", session);
    root.put("transcript_path", transcript.toString());
    root.put("cwd", file.getParent().toString());
    root.put("permission_mode", "default");
    root.put("hook_event_name", "PreToolUse");
    root.put("tool_name", "Read");
    ObjectNode input = root.putObject("tool_input");
    input.put("file_path", file.toString());
    extra.forEach((k, v) -> input.set(k, MAPPER.valueToTree(v)));
    root.put("tool_use_id", "toolu_01HookTest");
    return root.toString();
  }

  /** A transcript line: a user or assistant message in Claude Code's JSONL shape. */
  static String message(String role, String session, int n, Object content) {
    ObjectNode line = MAPPER.createObjectNode();
    line.putNull("parentUuid");
    line.put("isSidechain", false);
    line.put("userType", "external");
    line.put("cwd", "/work/project");
    line.put("sessionId", session);
    line.put("version", "2.1.9");
    line.put("type", role);
    ObjectNode message = line.putObject("message");
    message.put("role", role);
    message.set("content", MAPPER.valueToTree(content));
    line.put("uuid", "00000000-0000-0000-0000-" + String.format("%012d", n));
    line.put("timestamp", "2026-11-30T02:00:" + String.format("%02d", n % 60) + ".000Z");
    return line.toString();
  }

  static Map<String, Object> text(String text) {
    return Map.of("type", "text", "text", text);
  }

  static Map<String, Object> toolUse(String name, Map<String, Object> input) {
    return Map.of("type", "tool_use", "id", "toolu_01" + name, "name", name, "input", input);
  }

  static Map<String, Object> toolResult(String content) {
    return Map.of("type", "tool_result", "tool_use_id", "toolu_01Read", "content", content);
  }

  /** Writes a transcript whose last user turn asks about {@code subject}. */
  static Path transcript(Path dir, String session, String... userThenAssistant) throws IOException {
    List<String> lines = new ArrayList<>();
    lines.add("{\"type\":\"summary\",\"summary\":\"Hook tests\",\"leafUuid\":\"x\"}");
    for (int i = 0; i < userThenAssistant.length; i++) {
      String role = i % 2 == 0 ? "user" : "assistant";
      Object content =
          role.equals("user") ? userThenAssistant[i] : List.of(text(userThenAssistant[i]));
      lines.add(message(role, session, i, content));
    }
    Path t = dir.resolve(session + ".jsonl");
    Files.write(t, lines, StandardCharsets.UTF_8);
    return t;
  }

  /** The session most hook tests run in: a user asking where retry_budget is enforced. */
  static Path retryBudgetTranscript(Path dir) throws IOException {
    return transcript(
        dir, "session-1",
        "Where is retry_budget enforced in the handlers? Is backoff_policy involved?",
        "I'll read handlers.py and look for retry_budget.");
  }

  /**
   * Hook settings for tests: state under {@code dir}, small budgets, and a generous timeout
   * (shared CI cores; the timeout has tests of its own).
   */
  static Map<String, String> testEnvironment(Path dir) {
    Map<String, String> env = new HashMap<>();
    env.put("SLICEGREP_HOOK_STATE_DIR", dir.resolve("state").toString());
    env.put("SLICEGREP_HOOK_TIMEOUT", "60");
    env.put("SLICEGREP_HOOK_BUDGET", "300");
    env.put("SLICEGREP_HOOK_MAX_BUDGET", "600");
    return env;
  }
}
