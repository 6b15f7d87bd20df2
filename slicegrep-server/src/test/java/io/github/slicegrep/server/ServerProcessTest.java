package io.github.slicegrep.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Servers as processes of their own, started by the client: one per build however many clients
 * arrive together, a killed server replaced by the next call, and an idle one gone with its
 * socket.
 */
class ServerProcessTest {
  private static final Pattern PID = Pattern.compile("^pid=(\\d+)$", Pattern.MULTILINE);

  @TempDir Path tmp;

  private Path dir;

  @BeforeEach
  void directory() throws IOException {
    dir = tmp.resolve("srv");
    ServerDirectory.open(dir);
  }

  @AfterEach
  void stopServers() {
    ServerControl.stop(dir, new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
  }

  private ClientConfig config(String id, String idle) {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    return new ClientConfig(dir, id, List.of("/usr/bin/env", "SLICEGREP_SERVER_IDLE=" + idle,
        java, "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"),
        EchoServerMain.class.getName()), true);
  }

  private static long pid(Calls.Answer a) {
    assertEquals(0, a.status(), a.err());
    Matcher m = PID.matcher(a.out());
    assertTrue(m.find(), a.out());
    return Long.parseLong(m.group(1));
  }

  @Test
  void clientsArrivingTogetherStartOneServer() throws Exception {
    ClientConfig config = config("00000000000000b1", "2m");
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<Calls.Answer>> answers = new ArrayList<>();
      for (int i = 0; i < 8; i++) {
        String n = Integer.toString(i);
        answers.add(pool.submit(() -> Calls.call(config, Calls.request("echo", "call", n))));
      }
      Set<Long> pids = new HashSet<>();
      int i = 0;
      for (Future<Calls.Answer> f : answers) {
        Calls.Answer a = f.get(120, TimeUnit.SECONDS);
        pids.add(pid(a));
        assertTrue(a.out().contains("args=call " + i++ + "\n"), a.out());
      }
      assertEquals(1, pids.size(), "one server answered them all: " + pids);
      assertNotEquals(ProcessHandle.current().pid(), pids.iterator().next());
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void aKilledServerIsReplacedByTheNextCall() throws Exception {
    ClientConfig config = config("00000000000000b2", "2m");
    long first = pid(Calls.call(config, Calls.request("echo", "one")));
    ProcessHandle server = ProcessHandle.of(first).orElseThrow();
    server.destroyForcibly(); // SIGKILL: its socket file stays behind, stale
    server.onExit().get(60, TimeUnit.SECONDS);
    assertTrue(Files.exists(config.socket()), "a stale socket is left");
    long second = pid(Calls.call(config, Calls.request("echo", "two")));
    assertNotEquals(first, second);
    assertTrue(ProcessHandle.of(second).map(ProcessHandle::isAlive).orElse(false));
  }

  @Test
  void aClientProcessKilledMidCallDoesNotHurtTheServer() throws Exception {
    ClientConfig config = config("00000000000000b4", "2m");
    long server = pid(Calls.call(config, Calls.request("echo", "start")));
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process client = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
        EchoClientMain.class.getName(), dir.toString(), config.id(), "sleep", "3000")
        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    Calls.eventually(() -> status().contains("1 in flight"), "the client's call is running");
    client.destroyForcibly(); // SIGKILL, mid-call
    assertTrue(client.waitFor(60, TimeUnit.SECONDS));
    Calls.Answer after = Calls.call(config, Calls.request("echo", "after"));
    assertEquals(server, pid(after), "the same server answers");
    assertTrue(after.out().contains("args=after\n"), after.out());
    // The killed client's call runs to its end: then three calls have been answered.
    Calls.eventually(() -> status().contains("calls: 3 answered, 0 in flight"),
        "the killed client's call ends");
  }

  private String status() {
    StringWriter out = new StringWriter();
    ServerControl.status(dir, "", new PrintWriter(out), new PrintWriter(new StringWriter()));
    return out.toString();
  }

  @Test
  void anIdleServerExitsAndTakesItsSocketWithIt() throws Exception {
    ClientConfig config = config("00000000000000b3", "500ms");
    long pid = pid(Calls.call(config, Calls.request("echo", "one")));
    ProcessHandle.of(pid).ifPresent(p -> {
      try {
        p.onExit().get(60, TimeUnit.SECONDS);
      } catch (Exception e) {
        throw new AssertionError("the idle server did not exit", e);
      }
    });
    assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));
    assertFalse(Files.exists(config.socket()));
    String log = Files.readString(config.log());
    assertTrue(log.contains("stopped: idle for 500 ms"), log);
    long again = pid(Calls.call(config, Calls.request("echo", "two")));
    assertNotEquals(pid, again, "the next call starts a new one");
  }
}
