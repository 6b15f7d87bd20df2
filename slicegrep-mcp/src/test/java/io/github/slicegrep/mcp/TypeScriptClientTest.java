package io.github.slicegrep.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The acceptance test: the official MCP TypeScript SDK client (which nobody here wrote) starts
 * the server over stdio, lists its tools, calls both, gets a tool error for a bad argument and
 * a path outside the root, and closes. Needs {@code node}; skipped, saying so, only where node
 * is not installed. The SDK comes from {@code src/test/node/package-lock.json}: installed with
 * {@code npm ci} by .ci/run, or here when it is missing.
 */
class TypeScriptClientTest {
  private static final Path NODE_DIR =
      Path.of(System.getProperty("basedir", "."), "src", "test", "node");
  private static final int WARM_CALLS = 20;

  @TempDir Path dir;

  @Test
  void theOfficialTypeScriptClientConnectsListsCallsAndCloses() throws Exception {
    Optional<Path> node = onPath("node");
    Assumptions.assumeTrue(node.isPresent(),
        "node is not installed, so the MCP TypeScript SDK client cannot run");
    installSdkIfMissing();
    Path proj = Fixtures.project(dir);

    List<String> server = ServerProcess.command(List.of("--root", proj.toString()));
    Map<String, Object> config =
        Map.of(
            "command", server.get(0),
            "args", server.subList(1, server.size()),
            "fixture", proj.toString(),
            "warmCalls", WARM_CALLS);
    Process p =
        new ProcessBuilder(node.get().toString(), "client.mjs",
            Harness.JSON.writeValueAsString(config))
            .directory(NODE_DIR.toFile())
            .redirectError(ProcessBuilder.Redirect.to(dir.resolve("client-stderr.txt").toFile()))
            .start();
    p.getOutputStream().close();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "client finished");
    String err = Files.readString(dir.resolve("client-stderr.txt"));
    assertEquals(0, p.exitValue(), "client failed:\n" + err + "\n" + out);

    JsonNode summary = Harness.JSON.readTree(out);
    assertEquals("slicegrep-mcp", summary.at("/server/name").asText());
    assertTrue(summary.at("/capabilities/tools").isObject(), summary.toString());
    assertTrue(summary.get("tools").toString().contains("\"focused_read\""), summary.toString());
    String text = summary.get("text").asText();
    assertTrue(text.startsWith("=== slicegrep: "), text);
    assertTrue(text.contains("src/scorer.py"), text);
    JsonNode structured = summary.get("structured");
    assertEquals("src/scorer.py", structured.at("/chunks/0/file").asText(), structured.toString());
    assertEquals("Scorer", structured.at("/chunks/0/symbol").asText());
    assertEquals(400, structured.get("budget").asInt());
    assertTrue(structured.get("total_tokens").asInt() <= 400);
    assertTrue(summary.get("tools").toString().contains("\"file_map\""), summary.toString());
    assertTrue(summary.get("map").asText().contains("\n10    def score(self, hits):\n"),
        summary.get("map").asText());
    assertEquals("Scorer.score", summary.at("/mapStructured/definitions/2/name").asText());
    assertTrue(summary.get("badArgument").asText().contains("unknown boundary 'sideways'"),
        summary.toString());
    assertTrue(summary.get("outside").asText().contains("outside the allowed roots"),
        summary.toString());
    assertTrue(summary.get("closed").asBoolean());
    System.err.println("TypeScript client: median warm focused_read round trip "
        + summary.get("warmMedianMs").asDouble() + " ms over " + WARM_CALLS + " calls");
  }

  private static void installSdkIfMissing() throws IOException, InterruptedException {
    if (Files.isDirectory(NODE_DIR.resolve("node_modules/@modelcontextprotocol/sdk"))) {
      return;
    }
    Optional<Path> npm = onPath("npm");
    if (npm.isEmpty()) {
      fail("node is installed but npm is not, and " + NODE_DIR + "/node_modules is missing:"
          + " install the client with 'npm ci' in " + NODE_DIR);
    }
    Process p =
        new ProcessBuilder(npm.get().toString(), "ci", "--no-audit", "--no-fund")
            .directory(NODE_DIR.toFile())
            .redirectErrorStream(true)
            .start();
    p.getOutputStream().close();
    String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(300, TimeUnit.SECONDS) || p.exitValue() != 0) {
      fail("'npm ci' in " + NODE_DIR + " failed:\n" + log);
    }
  }

  private static Optional<Path> onPath(String program) {
    String path = System.getenv("PATH");
    if (path == null) {
      return Optional.empty();
    }
    List<Path> candidates = new ArrayList<>();
    for (String d : path.split(File.pathSeparator)) {
      if (!d.isEmpty()) {
        candidates.add(Path.of(d, program));
      }
    }
    return candidates.stream().filter(Files::isExecutable).findFirst();
  }
}
