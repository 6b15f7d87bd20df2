package io.github.slicegrep.mcp;

import static io.github.slicegrep.mcp.Harness.call;
import static io.github.slicegrep.mcp.Harness.initialize;
import static io.github.slicegrep.mcp.Harness.isToolError;
import static io.github.slicegrep.mcp.Harness.notification;
import static io.github.slicegrep.mcp.Harness.request;
import static io.github.slicegrep.mcp.Harness.text;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StdioServerTest {
  @TempDir Path dir;

  @Test
  void answersEveryRequestOfABurstThatEndsInEof() throws IOException {
    Path proj = Fixtures.project(dir);
    List<String> lines = new ArrayList<>();
    lines.add(initialize(0, McpProtocol.LATEST_VERSION));
    lines.add(notification("notifications/initialized"));
    for (int i = 1; i <= 60; i++) {
      lines.add(i % 3 == 0
          ? request(i, "ping", null)
          : call(i, "focused_read", Map.of("path", proj.toString(), "pattern", "def score|Scorer",
              "budget", 200 + i)));
    }
    Harness.Run run = Harness.run(List.of(), lines);
    assertEquals(0, run.exit());
    assertEquals(61, run.responses().size(), run.stdout());
    for (int i = 0; i <= 60; i++) {
      JsonNode r = run.byId(i);
      assertTrue(r.has("result"), r.toString());
      if (i > 0 && i % 3 != 0) {
        assertFalse(isToolError(r), r.toString());
        assertTrue(text(r).startsWith("=== slicegrep: "), text(r));
        assertEquals(200 + i, r.at("/result/structuredContent/budget").asInt());
      }
    }
  }

  @Test
  void malformedJsonGetsAParseErrorWithNullIdAndTheServerStaysAlive() {
    Harness.Run run =
        Harness.run(List.of(), List.of("{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": ", "[1, 2",
            "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"} trailing", request(7, "ping", null)));
    assertEquals(4, run.responses().size(), run.stdout());
    for (int i = 0; i < 3; i++) {
      JsonNode r = run.responses().get(i);
      assertEquals(-32700, r.at("/error/code").asInt(), r.toString());
      assertTrue(r.get("id").isNull(), r.toString());
    }
    assertEquals("{}", run.byId(7).get("result").toString());
  }

  @Test
  void unknownMethodIsMethodNotFoundAndNotificationsAreNeverAnswered() {
    Harness.Run run =
        Harness.run(List.of(), List.of(
            request(1, "resources/list", null),
            notification("notifications/initialized"),
            notification("notifications/something_new"),
            notification("no/such/method"),
            request(2, "ping", null)));
    assertEquals(2, run.responses().size(), run.stdout());
    assertEquals(-32601, run.byId(1).at("/error/code").asInt());
    assertTrue(run.byId(1).at("/error/message").asText().contains("resources/list"));
    assertTrue(run.byId(2).has("result"));
  }

  @Test
  void invalidRequestsGetInvalidRequestErrors() {
    Harness.Run run =
        Harness.run(List.of(), List.of(
            "{\"id\":1,\"method\":\"ping\"}",
            "{\"jsonrpc\":\"1.0\",\"id\":2,\"method\":\"ping\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":{\"x\":1},\"method\":\"ping\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":42}",
            "{\"jsonrpc\":\"2.0\",\"id\":5}",
            "\"just a string\"",
            "[]",
            "{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"ping\",\"params\":[1]}"));
    assertEquals(8, run.responses().size(), run.stdout());
    assertEquals(-32600, run.byId(1).at("/error/code").asInt());
    assertEquals(-32600, run.byId(2).at("/error/code").asInt());
    assertEquals(-32600, run.byId(4).at("/error/code").asInt());
    assertEquals(-32600, run.byId(5).at("/error/code").asInt());
    assertEquals(-32602, run.byId(8).at("/error/code").asInt());
    long nullIdInvalid =
        run.responses().stream()
            .filter(r -> r.get("id").isNull() && r.at("/error/code").asInt() == -32600)
            .count();
    assertEquals(3, nullIdInvalid, run.stdout());
  }

  @Test
  void aBatchIsAnsweredWithOneArrayWithoutItsNotifications() {
    Harness.Run run =
        Harness.run(List.of(), List.of(
            "[" + request(1, "ping", null) + "," + notification("notifications/initialized")
                + "," + request(2, "nope", null) + "]",
            "[" + notification("notifications/initialized") + "]",
            request(3, "ping", null)));
    assertEquals(2, run.responses().size(), run.stdout());
    JsonNode batch = run.responses().stream().filter(JsonNode::isArray).findFirst().orElseThrow();
    assertEquals(2, batch.size(), batch.toString());
    assertEquals(3, run.responses().stream().filter(JsonNode::isObject).findFirst().orElseThrow()
        .get("id").asInt());
  }

  @Test
  void initializeNegotiatesTheProtocolVersion() {
    Harness.Run run =
        Harness.run(List.of(), List.of(
            initialize(1, "2024-11-05"),
            initialize(2, "2025-06-18"),
            initialize(3, "1999-01-01"),
            request(4, "initialize", null)));
    assertEquals("2024-11-05", run.byId(1).at("/result/protocolVersion").asText());
    assertEquals("2025-06-18", run.byId(2).at("/result/protocolVersion").asText());
    assertEquals(McpProtocol.LATEST_VERSION, run.byId(3).at("/result/protocolVersion").asText());
    JsonNode result = run.byId(1).get("result");
    assertTrue(result.at("/capabilities/tools").isObject(), result.toString());
    assertEquals("slicegrep-mcp", result.at("/serverInfo/name").asText());
    assertFalse(result.at("/serverInfo/version").asText().isEmpty());
    assertFalse(result.path("instructions").asText().isEmpty());
    assertEquals(-32602, run.byId(4).at("/error/code").asInt());
  }

  @Test
  void toolsListDescribesTheToolsForAModel() {
    Harness.Run run = Harness.run(List.of(), List.of(request(1, "tools/list", Map.of())));
    JsonNode tools = run.byId(1).at("/result/tools");
    JsonNode focused = tools.get(0);
    assertEquals("focused_read", focused.get("name").asText());
    assertTrue(focused.get("description").asText().length() > 200);
    assertEquals("[\"path\",\"pattern\"]", focused.at("/inputSchema/required").toString());
    for (String arg : List.of("path", "pattern", "budget", "boundary", "before", "after",
        "objective", "recursive", "dedupe", "dense", "history")) {
      JsonNode p = focused.at("/inputSchema/properties/" + arg);
      assertTrue(p.has("type") && p.has("description"), arg + ": " + p);
    }
    assertEquals(800, focused.at("/inputSchema/properties/budget/default").asInt());
    assertFalse(focused.at("/inputSchema/properties/dense/default").asBoolean(true));
    assertFalse(focused.at("/inputSchema/properties/history/default").asBoolean(true));
    assertEquals("object", focused.at("/outputSchema/type").asText());
    assertTrue(focused.at("/annotations/readOnlyHint").asBoolean());
    JsonNode map = tools.get(1);
    assertEquals("file_map", map.get("name").asText());
    assertEquals("[\"path\"]", map.at("/inputSchema/required").toString());
    assertTrue(map.get("description").asText().contains("line"));
    assertEquals(2, tools.size());
  }

  @Test
  void anUnknownToolIsAProtocolErrorButABadArgumentIsAToolError() throws IOException {
    Path proj = Fixtures.project(dir);
    String p = proj.toString();
    Harness.Run run =
        Harness.run(List.of(), List.of(
            call(1, "no_such_tool", Map.of()),
            call(2, "focused_read", Map.of("path", p, "pattern", "score", "boundary", "sideways")),
            call(3, "focused_read", Map.of("path", p, "pattern", "score", "budget", -5)),
            call(4, "focused_read", Map.of("path", p)),
            call(5, "focused_read", Map.of("path", p, "query", "score")),
            call(6, "focused_read", Map.of("path", p, "pattern", "score", "budget", "lots")),
            call(7, "focused_read", Map.of("path", p + "/missing", "pattern", "score")),
            call(8, "focused_read", Map.of("path", p, "pattern", "|")),
            call(9, "focused_read", Map.of("path", p, "pattern", "score", "objective", "all")),
            call(10, "focused_read", Map.of("path", p, "pattern", "score", "recursive", "maybe")),
            call(11, "focused_read", Map.of("path", p, "pattern", "score", "before", 1_000_000)),
            request(12, "tools/call", Map.of("arguments", Map.of())),
            call(13, "focused_read", Map.of("path", p, "pattern", "score", "budget", "300",
                "dedupe", "false")),
            call(14, "focused_read", Map.of("path", p, "pattern", "score", "history", "often")),
            call(15, "focused_read", Map.of("path", p, "pattern", "score", "dense", true,
                "history", true))));
    assertEquals(-32602, run.byId(1).at("/error/code").asInt());
    assertTrue(run.byId(1).at("/error/message").asText().contains("no_such_tool"));
    assertEquals(-32602, run.byId(12).at("/error/code").asInt());
    Map<Integer, String> expected =
        Map.of(2, "unknown boundary 'sideways'",
            3, "'budget' must be a whole number of tokens, 0 or more, got -5",
            4, "missing required argument 'pattern'", 5, "unknown argument query",
            6, "'budget' must be a whole number", 7, "path not found",
            8, "pattern is empty", 9, "unknown objective 'all'",
            10, "'recursive' must be true or false", 11, "'before' must be between 0 and 10000");
    expected.forEach(
        (id, message) -> {
          JsonNode r = run.byId(id);
          assertTrue(isToolError(r), r.toString());
          assertTrue(text(r).contains(message), id + ": " + text(r));
        });
    assertFalse(isToolError(run.byId(13)), run.byId(13).toString());
    assertEquals(300, run.byId(13).at("/result/structuredContent/budget").asInt());
    assertTrue(isToolError(run.byId(14)), run.byId(14).toString());
    assertTrue(text(run.byId(14)).contains("'history' must be true or false"));
    assertFalse(isToolError(run.byId(15)), run.byId(15).toString());
  }

  @Test
  void aLineOverTheSizeCapIsRefusedAndTheNextOneAnswered() {
    String huge = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"pad\":\""
        + "x".repeat(StdioServer.MAX_MESSAGE_BYTES) + "\"}}";
    Harness.Run run = Harness.run(List.of(), List.of(huge, request(2, "ping", null)));
    assertEquals(2, run.responses().size(), run.stderr());
    assertEquals(-32600, run.responses().get(0).at("/error/code").asInt());
    assertTrue(run.byId(2).has("result"));
  }
}
