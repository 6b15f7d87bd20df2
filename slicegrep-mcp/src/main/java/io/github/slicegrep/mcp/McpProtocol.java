package io.github.slicegrep.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.slicegrep.SlicegrepException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The MCP methods this server answers: {@code initialize} (with version negotiation),
 * {@code ping}, {@code tools/list} and {@code tools/call}. Transport-free: the stdio server
 * hands it a method and its params and writes back what it returns or throws.
 */
final class McpProtocol {
  /** The newest protocol revision this server speaks; offered when the client's is unknown. */
  static final String LATEST_VERSION = "2025-11-25";

  /**
   * Revisions this server can answer as asked. Its messages are the same in all of them;
   * older clients ignore {@code structuredContent}, {@code outputSchema} and {@code title}.
   */
  static final List<String> SUPPORTED_VERSIONS =
      List.of(LATEST_VERSION, "2025-06-18", "2025-03-26", "2024-11-05");

  static final String INSTRUCTIONS =
      "slicegrep finds the code that answers a question and returns only those slices, ranked"
          + " and packed under a token budget. Prefer focused_read over grep followed by"
          + " reading whole files: it returns whole functions around the matches, says what it"
          + " left out (with line ranges to read next) and what does not exist. Use file_map to"
          + " see a file's definitions with line numbers before reading parts of it.";

  private final ObjectMapper mapper;
  private final Map<String, Tool> tools = new LinkedHashMap<>();
  private final String version;
  private final Log log;

  McpProtocol(ObjectMapper mapper, List<Tool> tools, String version, Log log) {
    this.mapper = mapper;
    for (Tool t : tools) {
      this.tools.put(t.name(), t);
    }
    this.version = version;
    this.log = log;
  }

  /** Whether a request may take long enough that it belongs on a worker thread. */
  static boolean isSlow(String method) {
    return method.equals("tools/call");
  }

  /**
   * The result of request {@code method}.
   *
   * @param params the request's params: an object, or null when absent
   * @throws RpcError for an unknown method or unusable params
   */
  JsonNode handle(String method, @Nullable ObjectNode params) {
    return switch (method) {
      case "initialize" -> initialize(params);
      case "ping" -> mapper.createObjectNode();
      case "tools/list" -> listTools();
      case "tools/call" -> callTool(params);
      default -> throw new RpcError(RpcError.METHOD_NOT_FOUND, "Method not found: " + method);
    };
  }

  private JsonNode initialize(@Nullable ObjectNode params) {
    if (params == null || !params.path("protocolVersion").isTextual()) {
      throw new RpcError(RpcError.INVALID_PARAMS,
          "initialize needs params.protocolVersion (a string such as \"" + LATEST_VERSION
              + "\")");
    }
    String asked = params.get("protocolVersion").asText();
    String agreed = SUPPORTED_VERSIONS.contains(asked) ? asked : LATEST_VERSION;
    JsonNode client = params.path("clientInfo");
    log.info(
        String.format("initialize from %s %s, protocol %s (asked %s)",
            client.path("name").asText("unnamed client"), client.path("version").asText(""),
            agreed, asked));
    ObjectNode result = mapper.createObjectNode();
    result.put("protocolVersion", agreed);
    result.putObject("capabilities").putObject("tools").put("listChanged", false);
    result.putObject("serverInfo")
        .put("name", "slicegrep-mcp")
        .put("title", "slicegrep")
        .put("version", version);
    result.put("instructions", INSTRUCTIONS);
    return result;
  }

  private JsonNode listTools() {
    ObjectNode result = mapper.createObjectNode();
    ArrayNode list = result.putArray("tools");
    tools.values().forEach(t -> list.add(t.definition()));
    return result;
  }

  private JsonNode callTool(@Nullable ObjectNode params) {
    if (params == null || !params.path("name").isTextual()) {
      throw new RpcError(RpcError.INVALID_PARAMS, "tools/call needs params.name (a string)");
    }
    String name = params.get("name").asText();
    Tool tool = tools.get(name);
    if (tool == null) {
      throw new RpcError(RpcError.INVALID_PARAMS,
          "Unknown tool: " + name + " (this server has " + String.join(", ", tools.keySet())
              + ")");
    }
    JsonNode arguments = params.get("arguments");
    if (arguments != null && !arguments.isNull() && !arguments.isObject()) {
      throw new RpcError(RpcError.INVALID_PARAMS, "tools/call params.arguments must be an object");
    }
    ObjectNode args =
        arguments == null || arguments.isNull() ? mapper.createObjectNode() : (ObjectNode) arguments;
    ToolResult result;
    try {
      result = tool.call(args);
    } catch (SlicegrepException e) {
      result = ToolResult.error(e.getMessage());
    } catch (RuntimeException | StackOverflowError e) {
      log.error("tool " + name + " failed on " + args, e);
      result = ToolResult.error("internal error in " + name + ": " + e);
    }
    return result.toJson(mapper);
  }
}
