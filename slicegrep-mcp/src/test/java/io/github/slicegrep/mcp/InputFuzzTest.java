package io.github.slicegrep.mcp;

import static io.github.slicegrep.mcp.Harness.call;
import static io.github.slicegrep.mcp.Harness.initialize;
import static io.github.slicegrep.mcp.Harness.notification;
import static io.github.slicegrep.mcp.Harness.request;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fuzzes the server's input lines with seeded random and mutated real requests. Every fuzzed
 * line is followed by a sentinel {@code ping}: the server must answer every sentinel (it
 * survived), answer each well-formed request by its id, write only JSON-RPC lines, exit 0 at
 * end of input, and finish each batch in time. Cases: {@code -Dslicegrep.fuzz.cases=N}
 * (default 800 lines), seed {@code -Dslicegrep.fuzz.seed=S} (default 9).
 */
class InputFuzzTest {
  private static final int CASES = Integer.getInteger("slicegrep.fuzz.cases", 800);
  private static final long SEED = Long.getLong("slicegrep.fuzz.seed", 9L);
  private static final int BATCH = 100;
  private static final int SENTINEL_BASE = 1_000_000;
  /** Like the server's parser: trailing content after the object makes the line malformed. */
  private static final ObjectMapper STRICT =
      new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

  @TempDir Path dir;

  @Test
  void everyFuzzedLineIsAnsweredOrIgnoredAndTheServerSurvives() throws IOException {
    Path proj = Fixtures.project(dir);
    String p = proj.toString();
    List<String> real = List.of(
        initialize(1, McpProtocol.LATEST_VERSION),
        notification("notifications/initialized"),
        request(2, "tools/list", null),
        request(3, "ping", null),
        call(4, "focused_read", Map.of("path", p, "pattern", "def score|Scorer", "budget", 300)),
        call(5, "focused_read", Map.of("path", p, "pattern", "score(", "boundary", "fn",
            "before", 3, "after", 3)),
        call(6, "file_map", Map.of("path", p + "/src/rank/scorer.py")),
        "[" + request(7, "ping", null) + "," + notification("x") + "]",
        call(8, "focused_read", Map.of("path", "../../etc", "pattern", "root")));
    for (int start = 0; start < CASES; start += BATCH) {
      long seed = SEED * 1_000_003L + start;
      Random rnd = new Random(seed);
      List<String> lines = new ArrayList<>();
      Map<Integer, Integer> expected = new HashMap<>();
      int n = Math.min(BATCH, CASES - start);
      for (int k = 0; k < n; k++) {
        String line = rnd.nextInt(6) == 0 ? random(rnd) : mutate(rnd, real.get(rnd.nextInt(
            real.size())));
        lines.add(line);
        expectAnswer(line, expected);
        lines.add(request(SENTINEL_BASE + k, "ping", null));
      }
      String where = "batch seed " + seed + " (cases " + start + "-" + (start + n - 1) + "): ";
      Harness.Run run = assertTimeoutPreemptively(Duration.ofSeconds(120),
          () -> Harness.run(List.of("--root", p), lines), where + "past the deadline");
      assertEquals(0, run.exit(), where + run.stderr());
      Map<Integer, Integer> counts = run.idCounts();
      for (int k = 0; k < n; k++) {
        assertTrue(counts.getOrDefault(SENTINEL_BASE + k, 0) >= 1,
            where + "no answer to the ping after line " + lines.get(2 * k));
      }
      expected.forEach((id, c) -> assertTrue(counts.getOrDefault(id, 0) >= c,
          where + "request id " + id + " answered " + counts.getOrDefault(id, 0) + " < " + c
              + "; lines: " + lines.stream().filter(l -> l.contains("\"id\":" + id)).toList()
              + "; answers: " + run.responses().stream()
                  .filter(r -> r.path("id").asInt(-1) == id).toList()));
      for (JsonNode r : run.responses()) {
        for (JsonNode one : r.isArray() ? r : List.of(r)) {
          assertEquals("2.0", one.path("jsonrpc").asText(), where + one);
          assertTrue(one.has("result") ^ one.has("error"), where + one);
          assertTrue(one.has("id"), where + one);
        }
      }
    }
  }

  /** Counts a line that is one well-formed request with an int id and a method. */
  private static void expectAnswer(String line, Map<Integer, Integer> expected) {
    try {
      JsonNode node = STRICT.readTree(line);
      if (node != null && node.isObject() && node.path("id").isInt()
          && node.path("method").isTextual() && "2.0".equals(node.path("jsonrpc").asText())
          && node.get("id").asInt() < SENTINEL_BASE) {
        expected.merge(node.get("id").asInt(), 1, Integer::sum);
      }
    } catch (IOException | RuntimeException e) {
      // not JSON: answered with a parse error, counted by the sentinel check
    }
  }

  private static final String[] INSERTS = {
    "\"", "{", "}", "[", "]", ",", ":", "null", "true", "-1", "1e999999", "9223372036854775808",
    "\\u0000", "\\ud800", "\uFEFF", "\u2028", "\"id\":null,", "\"id\":{},", "\"id\":1.5,",
    "\"method\":\"tools/call\",", "\"params\":[],", "\"arguments\":null,", "\"budget\":1e308,",
    "\"pattern\":\"(a+)+$\",", "\"pattern\":\"a{1000}{1000}\",", "\"path\":\"/dev/zero\",",
    "\"path\":\"/proc/self/fd/0\",", "\"path\":\"..\",", "\"path\":\"C:\\\\Windows\",",
    "\"before\":2147483647,", "\"after\":-1,", "\"jsonrpc\":\"1.0\",",
  };

  private static String mutate(Random rnd, String text) {
    StringBuilder sb = new StringBuilder(text);
    int edits = rnd.nextInt(4);
    for (int e = 0; e < edits; e++) {
      int at = sb.length() == 0 ? 0 : rnd.nextInt(sb.length() + 1);
      switch (rnd.nextInt(4)) {
        case 0 -> sb.insert(at, INSERTS[rnd.nextInt(INSERTS.length)]);
        case 1 -> {
          if (at < sb.length()) {
            sb.delete(at, Math.min(sb.length(), at + 1 + rnd.nextInt(8)));
          }
        }
        case 2 -> {
          int brace = sb.indexOf("{", at);
          if (brace >= 0) {
            sb.insert(brace + 1, INSERTS[rnd.nextInt(INSERTS.length)]);
          }
        }
        default -> {
          if (at < sb.length()) {
            char c = (char) rnd.nextInt(0x80);
            sb.setCharAt(at, c == '\n' || c == '\r' ? ' ' : c);
          }
        }
      }
    }
    return sb.toString().replace('\n', ' ').replace('\r', ' ');
  }

  private static String random(Random rnd) {
    return switch (rnd.nextInt(5)) {
      case 0 -> "[".repeat(1 + rnd.nextInt(5000));
      case 1 -> "{\"a\":".repeat(1 + rnd.nextInt(3000));
      case 2 -> "\"" + "x".repeat(rnd.nextInt(100_000)) + "\"";
      case 3 -> "[" + "{},".repeat(rnd.nextInt(200)) + "{}]";
      default -> {
        StringBuilder sb = new StringBuilder();
        int len = rnd.nextInt(200);
        for (int i = 0; i < len; i++) {
          char c = (char) (0x20 + rnd.nextInt(0x2000));
          sb.append(Character.isSurrogate(c) ? '?' : c);
        }
        yield sb.toString().replace('\u2028', ' ').replace('\u2029', ' ').replace('\u0085', ' ');
      }
    };
  }
}
