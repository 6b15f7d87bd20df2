package io.github.slicegrep.hook;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The PreToolUse event Claude Code sends a hook on stdin, reduced to what the Read hook needs.
 * Parsing never throws: input that is not a usable event yields empty, and the hook then lets
 * the Read happen (it fails open).
 *
 * @param sessionId the session, for per-session state
 * @param transcriptPath the session's JSONL transcript, or empty
 * @param cwd the session's working directory, or empty
 * @param toolName the tool about to run ({@code Read} for this hook)
 * @param filePath {@code tool_input.file_path}, or empty
 * @param offset {@code tool_input.offset} when present (0 included: present means ranged)
 * @param limit {@code tool_input.limit} when present
 */
public record HookInput(
    String sessionId,
    String transcriptPath,
    String cwd,
    String toolName,
    String filePath,
    OptionalInt offset,
    OptionalInt limit) {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  /**
   * Parses the event from raw stdin bytes (UTF-8, a leading byte-order mark tolerated).
   *
   * @param stdin everything the hook read from stdin
   * @return the event, or empty when the bytes are not a JSON object
   */
  public static Optional<HookInput> parse(byte[] stdin) {
    String text = new String(stdin, StandardCharsets.UTF_8);
    if (text.startsWith("\uFEFF")) {
      text = text.substring(1);
    }
    JsonNode root;
    try {
      root = MAPPER.readTree(text);
    } catch (IOException e) {
      return Optional.empty();
    }
    if (root == null || !root.isObject()) {
      return Optional.empty();
    }
    JsonNode input = root.path("tool_input");
    return Optional.of(
        new HookInput(
            root.path("session_id").asText(""),
            root.path("transcript_path").asText(""),
            root.path("cwd").asText(""),
            root.path("tool_name").asText(""),
            input.path("file_path").asText(""),
            intField(input, "offset"),
            intField(input, "limit")));
  }

  /**
   * Whether the Read asks for a range rather than the whole file.
   *
   * @return true when {@code offset} or {@code limit} is present (0 included)
   */
  public boolean isRanged() {
    return offset.isPresent() || limit.isPresent();
  }

  private static OptionalInt intField(JsonNode node, String name) {
    JsonNode v = node.get(name);
    if (v == null || v.isNull()) {
      return OptionalInt.empty();
    }
    if (v.canConvertToInt() || v.isTextual() && v.asText().matches("-?\\d{1,9}")) {
      return OptionalInt.of(v.asInt());
    }
    // Present but unusable still means the caller asked for a range: keep it ranged.
    return OptionalInt.of(0);
  }
}
