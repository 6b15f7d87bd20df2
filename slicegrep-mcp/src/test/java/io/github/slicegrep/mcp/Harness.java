package io.github.slicegrep.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Runs the server in-process on given input lines until their end, and collects its output. */
final class Harness {
  static final ObjectMapper JSON = new ObjectMapper();

  /** What one run wrote: stdout split into parsed lines, and stderr. */
  record Run(int exit, List<JsonNode> responses, String stdout, String stderr) {
    /** The response with {@code id}, which must appear exactly once. */
    JsonNode byId(int id) {
      List<JsonNode> hits =
          responses.stream().filter(r -> r.path("id").isInt() && r.get("id").asInt() == id)
              .toList();
      assertEquals(1, hits.size(), "responses with id " + id + " in " + stdout + " stderr " + stderr);
      return hits.get(0);
    }

    Map<Integer, Integer> idCounts() {
      Map<Integer, Integer> counts = new HashMap<>();
      for (JsonNode r : responses) {
        if (r.path("id").isInt()) {
          counts.merge(r.get("id").asInt(), 1, Integer::sum);
        }
      }
      return counts;
    }
  }

  private Harness() {}

  static Run run(List<String> args, List<String> lines) {
    StringBuilder input = new StringBuilder();
    for (String line : lines) {
      input.append(line).append('\n');
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit =
        SlicegrepMcp.serve(
            args.toArray(String[]::new),
            new ByteArrayInputStream(input.toString().getBytes(StandardCharsets.UTF_8)),
            out,
            new PrintStream(err, true, StandardCharsets.UTF_8));
    String stdout = out.toString(StandardCharsets.UTF_8);
    List<JsonNode> responses = new ArrayList<>();
    for (String line : stdout.split("\n")) {
      if (!line.isEmpty()) {
        try {
          responses.add(JSON.readTree(line));
        } catch (IOException e) {
          throw new UncheckedIOException("stdout line is not JSON: " + line, e);
        }
      }
    }
    return new Run(exit, responses, stdout, err.toString(StandardCharsets.UTF_8));
  }

  static String request(int id, String method, Object params) {
    ObjectNode r = JSON.createObjectNode().put("jsonrpc", "2.0").put("id", id).put("method", method);
    if (params != null) {
      r.set("params", JSON.valueToTree(params));
    }
    return r.toString();
  }

  static String notification(String method) {
    return JSON.createObjectNode().put("jsonrpc", "2.0").put("method", method).toString();
  }

  static String call(int id, String tool, Map<String, ?> arguments) {
    return request(id, "tools/call", Map.of("name", tool, "arguments", arguments));
  }

  static String initialize(int id, String version) {
    return request(
        id,
        "initialize",
        Map.of("protocolVersion", version, "capabilities", Map.of(),
            "clientInfo", Map.of("name", "harness", "version", "1")));
  }

  /** The first text block of a tools/call response. */
  static String text(JsonNode response) {
    return response.path("result").path("content").path(0).path("text").asText();
  }

  static boolean isToolError(JsonNode response) {
    return response.path("result").path("isError").asBoolean(false);
  }
}
