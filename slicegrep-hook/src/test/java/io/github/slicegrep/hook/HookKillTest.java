package io.github.slicegrep.hook;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real hook command in its own JVM, killed with SIGKILL in the middle of a run on a large
 * file: the state it leaves is never corrupt nor readable by others, and the next run answers
 * correctly. One kill lands as soon as the run starts recording its state, one at a seeded
 * point of the run; {@code -Dslicegrep.hook.kills=N} adds seeded kills, seed
 * {@code -Dslicegrep.hook.seed=S} (default 11).
 */
class HookKillTest {
  private static final int EXTRA_KILLS = Integer.getInteger("slicegrep.hook.kills", 0);
  private static final long SEED = Long.getLong("slicegrep.hook.seed", 11L);
  private static final Set<PosixFilePermission> OWNER_ONLY_FILE =
      PosixFilePermissions.fromString("rw-------");

  @TempDir Path dir;

  private Path state;
  private Map<String, String> env;
  private Path big;
  private Path transcript;

  private Process launch(String session) throws IOException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    ProcessBuilder pb =
        new ProcessBuilder(
            List.of(java, "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-cp",
                System.getProperty("java.class.path"), HookMain.class.getName()));
    pb.environment().putAll(env);
    pb.redirectError(ProcessBuilder.Redirect.DISCARD);
    Process p = pb.start();
    p.getOutputStream().write(
        Fixtures.readEvent(session, transcript, big, Map.of()).getBytes(StandardCharsets.UTF_8));
    p.getOutputStream().close();
    return p;
  }

  private static String finish(Process p) throws Exception {
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the hook did not finish");
    assertEquals(0, p.exitValue());
    return out;
  }

  private static void kill(Process p) throws InterruptedException {
    p.destroyForcibly(); // SIGKILL on POSIX: no shutdown hook, no finally block runs
    assertTrue(p.waitFor(30, TimeUnit.SECONDS));
  }

  /** Every file in the state folder, by name, with its bytes. */
  private Map<String, byte[]> snapshot() throws IOException {
    Map<String, byte[]> files = new HashMap<>();
    if (!Files.isDirectory(state)) {
      return files;
    }
    try (Stream<Path> s = Files.list(state)) {
      for (Path p : s.toList()) {
        files.put(p.getFileName().toString(), Files.readAllBytes(p));
      }
    }
    return files;
  }

  /**
   * What a kill may leave: session files whose every line is a whole recorded path, their lock
   * files, and temporary files, all owner-only in an owner-only folder.
   */
  private void assertStateSound(String when) throws IOException {
    if (!Files.isDirectory(state)) {
      return;
    }
    assertEquals(PosixFilePermissions.fromString("rwx------"),
        Files.getPosixFilePermissions(state, LinkOption.NOFOLLOW_LINKS), when);
    try (Stream<Path> s = Files.list(state)) {
      for (Path p : s.toList()) {
        String name = p.getFileName().toString();
        assertEquals(OWNER_ONLY_FILE, Files.getPosixFilePermissions(p, LinkOption.NOFOLLOW_LINKS),
            when + ": " + name + " is readable by others");
        if (name.endsWith(".seen")) {
          for (String line : Files.readAllLines(p, StandardCharsets.UTF_8)) {
            assertTrue(line.startsWith("/") && line.endsWith(".py"), when + ": torn line " + line);
          }
        } else if (!name.endsWith(".seen.lock") && !name.endsWith(".tmp")) {
          fail(when + ": unexpected state file " + name);
        }
      }
    }
  }

  private boolean recorded(String session) throws IOException {
    Path file = new SeenReads(state).file(session);
    return Files.exists(file)
        && Files.readAllLines(file, StandardCharsets.UTF_8).contains(big.toString());
  }

  /**
   * After a kill: a run of the same session replaces the Read unless the killed run had already
   * recorded it (then the Read goes through, and the agent gets the whole file); either way the
   * state then holds the file, so later Reads of it go through.
   */
  private void assertNextRunsAnswer(String session, String when) throws Exception {
    boolean already = recorded(session);
    String next = finish(launch(session));
    if (already) {
      assertEquals("", next, when + ": recorded before the kill, so the Read goes through");
    } else {
      ReadHookTest.assertValidReplacement(next);
    }
    assertTrue(recorded(session), when + ": the rerun recorded its replacement");
    assertStateSound(when + ", after the rerun");
  }

  @Test
  void killedMidRunLeavesSoundOwnerOnlyStateAndTheNextRunAnswers() throws Exception {
    state = dir.resolve("state");
    env = new HashMap<>(Fixtures.testEnvironment(dir));
    env.put("SLICEGREP_HOOK_TIMEOUT", "120");
    transcript = Fixtures.retryBudgetTranscript(dir);
    big = dir.resolve("src/handlers.py");
    Files.createDirectories(big.getParent());
    Files.writeString(big, Fixtures.python(1000, "\n", false).text());

    // Other sessions' state, which no kill may touch.
    SeenReads seen = new SeenReads(state);
    for (int i = 0; i < 3; i++) {
      seen.record("bystander-" + i, "/w/other" + i + ".py");
    }
    Map<String, byte[]> bystanders = snapshot();

    // Kill 0 lands as soon as the run takes its state lock (inside or just after the state
    // write) and times how long a run takes to get there; the others land at seeded points of
    // that time (JVM start-up, reading, searching, recording). Each kill has a session of its
    // own, so that every killed run has its work still ahead of it.
    Random random = new Random(SEED);
    List<String> log = new ArrayList<>();
    List<String> sessions = new ArrayList<>();
    long toLockNanos = 0;
    for (int k = 0; k < 2 + EXTRA_KILLS; k++) {
      String session = "killed-" + k;
      sessions.add(session);
      long start = System.nanoTime();
      Process p = launch(session);
      String how;
      if (k == 0) {
        Path lock = state.resolve(session + ".seen.lock");
        long deadline = start + TimeUnit.SECONDS.toNanos(60);
        while (!Files.exists(lock) && p.isAlive() && System.nanoTime() < deadline) {
          Thread.onSpinWait();
        }
        toLockNanos = System.nanoTime() - start;
        how = "at the state lock, " + TimeUnit.NANOSECONDS.toMillis(toLockNanos) + " ms";
      } else {
        long delay = (long) (toLockNanos * (0.3 + 0.75 * random.nextDouble()));
        TimeUnit.NANOSECONDS.sleep(delay);
        how = "after " + TimeUnit.NANOSECONDS.toMillis(delay) + " ms";
      }
      boolean wasAlive = p.isAlive();
      kill(p);
      String when = "seed " + SEED + ", kill " + k + " " + how + (wasAlive ? "" : " (had exited)");
      log.add(when + (recorded(session) ? ": recorded" : ": not recorded"));
      assertStateSound(when);
      for (Map.Entry<String, byte[]> b : bystanders.entrySet()) {
        if (b.getKey().endsWith(".seen")) {
          assertArrayEquals(b.getValue(), snapshot().get(b.getKey()), when + ": " + b.getKey());
        }
      }
    }
    for (int k = 0; k < sessions.size(); k++) {
      assertNextRunsAnswer(sessions.get(k), log.get(k));
    }
    System.out.println("HookKillTest: " + log);
  }
}
