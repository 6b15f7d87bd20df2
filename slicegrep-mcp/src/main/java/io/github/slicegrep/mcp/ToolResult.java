package io.github.slicegrep.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A {@code tools/call} result: text blocks for the model, an optional structured copy for
 * programs, and whether the call failed.
 */
record ToolResult(
    List<String> texts, @Nullable Map<String, Object> structured, boolean isError) {

  static ToolResult success(List<String> texts, Map<String, Object> structured) {
    return new ToolResult(List.copyOf(texts), structured, false);
  }

  /** A failure the model can read and act on (a bad argument, a path outside the roots). */
  static ToolResult error(String message) {
    return new ToolResult(List.of(message), null, true);
  }

  ObjectNode toJson(ObjectMapper mapper) {
    ObjectNode out = mapper.createObjectNode();
    ArrayNode content = out.putArray("content");
    for (String text : texts) {
      content.addObject().put("type", "text").put("text", text);
    }
    if (structured != null) {
      out.set("structuredContent", mapper.valueToTree(structured));
    }
    out.put("isError", isError);
    return out;
  }
}
