package io.github.slicegrep.mcp;

import static io.github.slicegrep.mcp.Harness.call;
import static io.github.slicegrep.mcp.Harness.initialize;
import static io.github.slicegrep.mcp.Harness.notification;
import static io.github.slicegrep.mcp.Harness.request;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The server as a real process: its stdout, its exit, its stderr. */
class ProcessTest {
  @TempDir Path dir;

  @Test
  void stdoutCarriesNothingButProtocolAndEveryRequestOfABurstIsAnsweredBeforeExit()
      throws Exception {
    Path proj = Fixtures.project(dir);
    Path stderr = dir.resolve("stderr.txt");
    Process p = ServerProcess.start(List.of("--root", proj.toString(), "--verbose"),
        stderr.toFile());
    List<String> lines = new ArrayList<>();
    lines.add(initialize(0, McpProtocol.LATEST_VERSION));
    lines.add(notification("notifications/initialized"));
    lines.add(request(1, "tools/list", null));
    lines.add("this is not json");
    for (int i = 2; i < 42; i++) {
      lines.add(call(i, "focused_read", Map.of("path", i % 2 == 0 ? "src" : ".",
          "pattern", i % 4 < 2 ? "def score|Scorer" : "rank_all", "budget", 300)));
    }
    lines.add(call(42, "focused_read", Map.of("path", "../outside.py", "pattern", "x")));
    byte[] input = (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8);
    long start = System.nanoTime();
    try (OutputStream stdin = p.getOutputStream()) {
      stdin.write(input);
    }
    String stdout = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(30, TimeUnit.SECONDS), "server exits after stdin closes");
    long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    assertEquals(0, p.exitValue());

    Set<Integer> ids = new HashSet<>();
    int parseErrors = 0;
    assertTrue(stdout.endsWith("\n"));
    for (String line : stdout.split("\n")) {
      JsonNode m = Harness.JSON.readTree(line);
      assertEquals("2.0", m.path("jsonrpc").asText(), line);
      assertTrue(m.has("id") && (m.has("result") ^ m.has("error")), line);
      if (m.get("id").isNull()) {
        assertEquals(-32700, m.at("/error/code").asInt(), line);
        parseErrors++;
      } else {
        assertTrue(ids.add(m.get("id").asInt()), "answered twice: " + line);
      }
    }
    assertEquals(1, parseErrors);
    assertEquals(43, ids.size(), stdout);
    String log = Files.readString(stderr);
    assertFalse(log.contains("SLF4J"), log);
    assertTrue(log.contains("ready on stdio"), log);
    System.err.println("burst of 41 tool calls + exit: " + millis + " ms (JVM start included)");
  }

  @Test
  void exitsPromptlyWhenStdinClosesWithNothingSent() throws Exception {
    Process p = ServerProcess.start(List.of(), dir.resolve("stderr.txt").toFile());
    p.getOutputStream().close();
    assertTrue(p.waitFor(10, TimeUnit.SECONDS), "server exits when stdin closes");
    assertEquals(0, p.exitValue());
    assertEquals(0, p.getInputStream().readAllBytes().length);
  }

  @Test
  void exitsWhenStdinClosesAfterAHandshakeWhileTheClientKeepsStdoutOpen() throws Exception {
    Process p = ServerProcess.start(List.of(), dir.resolve("stderr.txt").toFile());
    OutputStream stdin = p.getOutputStream();
    stdin.write((initialize(1, "2025-06-18") + "\n").getBytes(StandardCharsets.UTF_8));
    stdin.flush();
    byte[] first = new byte[16];
    assertEquals(16, p.getInputStream().readNBytes(first, 0, 16), "initialize answered");
    long start = System.nanoTime();
    stdin.close();
    assertTrue(p.waitFor(10, TimeUnit.SECONDS), "server exits when stdin closes");
    assertEquals(0, p.exitValue());
    System.err.println("exit after stdin close: "
        + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) + " ms");
  }

  @Test
  void stopsWhenTheClientClosesItsEndOfStdout() throws Exception {
    Process p = ServerProcess.start(List.of(), dir.resolve("stderr.txt").toFile());
    p.getInputStream().close();
    OutputStream stdin = p.getOutputStream();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    try {
      for (int i = 0; p.isAlive() && System.nanoTime() < deadline; i++) {
        stdin.write((request(i, "ping", null) + "\n").getBytes(StandardCharsets.UTF_8));
        stdin.flush();
        Thread.sleep(20);
      }
    } catch (IOException expected) {
      // The server has gone and its stdin with it.
    }
    assertTrue(p.waitFor(5, TimeUnit.SECONDS), "server stops once its answers cannot be read");
    assertEquals(0, p.exitValue());
    assertTrue(Files.readString(dir.resolve("stderr.txt")).contains("stdout closed"));
  }
}
