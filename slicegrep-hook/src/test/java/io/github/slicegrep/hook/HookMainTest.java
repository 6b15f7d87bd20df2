package io.github.slicegrep.hook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HookMainTest {
  @TempDir Path dir;

  private String runWith(Map<String, String> env, HookMain.Work work) {
    HookSettings settings = HookSettings.from(env);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    boolean printed =
        HookMain.run(
            new ByteArrayInputStream("{}".getBytes(StandardCharsets.UTF_8)),
            new PrintStream(bytes, true, StandardCharsets.UTF_8), settings,
            new SeenReads(dir.resolve("state")), work);
    String out = bytes.toString(StandardCharsets.UTF_8);
    assertEquals(printed, !out.isEmpty());
    return out;
  }

  private static Optional<ReadHook.Decision> decision() {
    return Optional.of(new ReadHook.Decision(ReadHook.json("ctx"), "s", "/w/a.py", 1200, "ctx"));
  }

  @Test
  void printsTheDecisionAndRecordsIt() {
    assertTrue(runWith(Map.of(), stdin -> decision()).contains("\"permissionDecision\":\"deny\""));
    assertTrue(new SeenReads(dir.resolve("state")).seen("s", "/w/a.py"));
  }

  @Test
  void anExceptionFailsOpen() {
    assertEquals("", runWith(Map.of(), stdin -> {
      throw new IllegalStateException("boom");
    }));
  }

  @Test
  void anErrorFailsOpen() {
    assertEquals("", runWith(Map.of(), stdin -> {
      throw new StackOverflowError();
    }));
  }

  @Test
  void aRunPastTheTimeoutFailsOpenWithoutWaitingForTheWork() {
    long start = System.nanoTime();
    String out =
        runWith(Map.of("SLICEGREP_HOOK_TIMEOUT", "200ms"), stdin -> {
          Thread.sleep(20_000);
          return decision();
        });
    long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    assertEquals("", out);
    assertTrue(millis < 5_000, millis + " ms");
    assertFalse(new SeenReads(dir.resolve("state")).seen("s", "/w/a.py"));
  }

  @Test
  void stdinThatNeverClosesIsCoveredByTheTimeout() {
    HookSettings settings = HookSettings.from(Map.of("SLICEGREP_HOOK_TIMEOUT", "200ms"));
    InputStream endless =
        new InputStream() {
          @Override
          public int read() {
            try {
              Thread.sleep(20_000);
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
            return -1;
          }
        };
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    assertFalse(
        HookMain.run(endless, new PrintStream(bytes), settings, new SeenReads(dir),
            stdin -> decision()));
    assertEquals(0, bytes.size());
  }

  @Test
  void theBoundCountsFromTheStartOfTheProcess() {
    Duration left = HookMain.remaining(Duration.ofSeconds(60));
    assertTrue(left.compareTo(Duration.ofSeconds(60)) < 0, left.toString());
    assertTrue(left.compareTo(Duration.ZERO) > 0, left.toString());
    assertEquals(Duration.ofMillis(1), HookMain.remaining(Duration.ofMillis(1)));
  }

  /** The real command in its own JVM: exit status 0 and nothing on stdout in every failure. */
  private Process launch(String stdin, Map<String, String> env) throws IOException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    ProcessBuilder pb =
        new ProcessBuilder(
            List.of(java, "-cp", System.getProperty("java.class.path"),
                HookMain.class.getName()));
    pb.environment().put("SLICEGREP_HOOK_STATE_DIR", dir.resolve("pstate").toString());
    pb.environment().putAll(env);
    Process p = pb.start();
    p.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
    p.getOutputStream().close();
    return p;
  }

  private static String finish(Process p) throws Exception {
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    assertEquals(0, p.exitValue());
    return out;
  }

  @Test
  void theCommandFailsOpenOnGarbageAndOnTimeoutAndReplacesOtherwise() throws Exception {
    Path file = dir.resolve("handlers.py");
    Files.writeString(file, Fixtures.python(40, "\n", false).text());
    Path transcript = Fixtures.transcript(dir, "p1", "Where is retry_budget enforced?");
    String event = Fixtures.readEvent("p1", transcript, file, Map.of());

    assertEquals("", finish(launch("\u0000\u0001 not json", Map.of())));
    assertEquals("", finish(launch(event, Map.of("SLICEGREP_HOOK_TIMEOUT", "1ms"))));
    String out = finish(launch(event, Map.of("SLICEGREP_HOOK_TIMEOUT", "60")));
    ReadHookTest.assertValidReplacement(out);
    assertEquals("", finish(launch(event, Map.of("SLICEGREP_HOOK_TIMEOUT", "60"))));
  }
}
