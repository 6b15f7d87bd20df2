package io.github.slicegrep.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server in this JVM with {@link EchoHandler}, and clients talking to it over its socket: the
 * answer arrives whole and in order, failures are handed back, a client that goes away mid-call
 * does not hurt the server, many clients at once each get their own answer, and an idle server
 * stops and removes its socket. (Waits are bounded generously; no assertion is on speed.)
 */
class ResidentServerTest {
  private static final String ID = "00000000000000aa";

  @TempDir Path tmp;

  private Path dir;
  private EchoHandler echo;
  private ResidentServer server;
  private ClientConfig client;

  @BeforeEach
  void start() throws IOException {
    dir = tmp.resolve("srv");
    ServerDirectory.open(dir);
    echo = new EchoHandler();
    server = ResidentServer.start(dir, ID, Map.of("echo", echo), Duration.ofMinutes(5));
    client = new ClientConfig(dir, ID, List.of(), true); // never starts a server of its own
  }

  @AfterEach
  void stop() {
    echo.release.countDown();
    server.close();
  }

  @Test
  void aCallGetsItsOutputErrorsAndStatus() {
    Calls.Answer a = Calls.call(client, Calls.request("echo", "exit", "3"));
    assertEquals(3, a.status());
    assertEquals("pid=" + ProcessHandle.current().pid() + "\nargs=exit 3\ncwd=/some/where\n"
        + "var=v1\nstdin=in ü\n", a.out());
    assertEquals("err line 0 ü\nerr line 1 ü\nerr line 2 ü\n", a.err());
  }

  @Test
  void aFailureOrAnUnknownToolIsHandedBackWithNothingOnStdout() {
    for (Request r : List.of(Calls.request("echo", "fail"), Calls.request("echo", "back"),
        Calls.request("nobody-here"))) {
      Calls.Answer a = Calls.call(client, r);
      assertEquals(ServerClient.FALLBACK, a.status());
      assertEquals("", a.out());
    }
    assertEquals(0, Calls.call(client, Calls.request("echo", "again")).status(),
        "and the server goes on");
  }

  @Test
  void aClientKilledMidCallDoesNotHurtTheServer() throws Exception {
    SocketChannel raw = SocketChannel.open(StandardProtocolFamily.UNIX);
    raw.connect(UnixDomainSocketAddress.of(client.socket()));
    DataInputStream in = new DataInputStream(new BufferedInputStream(Channels.newInputStream(raw)));
    assertEquals(Wire.ACCEPTED, Wire.read(in).type);
    OutputStream toServer = Channels.newOutputStream(raw);
    toServer.write(Calls.request("echo", "block").encode());
    toServer.flush();
    assertTrue(echo.blocked.await(60, TimeUnit.SECONDS), "the call is running");
    raw.close(); // what the kernel does when the client process is killed
    echo.release.countDown(); // the handler now writes to a connection nobody reads
    Calls.Answer after = Calls.call(client, Calls.request("echo", "exit", "0"));
    assertEquals(0, after.status());
    assertTrue(after.out().contains("args=exit 0"), after.out());
    Calls.eventually(() -> echo.finished.get() == 2, "the abandoned call runs to its end");
    Calls.eventually(() -> status().contains("0 in flight"), "no call is left in flight");
  }

  @Test
  void aConnectionThatNeverSendsItsRequestIsNotACallInFlight() throws Exception {
    SocketChannel silent = SocketChannel.open(StandardProtocolFamily.UNIX);
    silent.connect(UnixDomainSocketAddress.of(client.socket()));
    silent.close();
    assertEquals(0, Calls.call(client, Calls.request("echo", "x")).status());
    Calls.eventually(() -> status().contains("0 in flight"), "no call is left in flight");
  }

  @Test
  void eightClientsAtOnceEachGetTheirOwnCompleteAnswer() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<Calls.Answer>> answers = new ArrayList<>();
      for (int round = 0; round < 5; round++) {
        for (int i = 0; i < 8; i++) {
          String n = round + "-" + i;
          answers.add(pool.submit(() -> Calls.call(client, Calls.request("echo", "exit", "0", n))));
        }
      }
      int k = 0;
      for (Future<Calls.Answer> f : answers) {
        Calls.Answer a = f.get(120, TimeUnit.SECONDS);
        String n = (k / 8) + "-" + (k % 8);
        assertEquals(0, a.status());
        assertTrue(a.out().contains("args=exit 0 " + n + "\n"), a.out());
        assertEquals("err line 0 ü\nerr line 1 ü\nerr line 2 ü\n", a.err());
        k++;
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void aSecondServerForTheSameBuildRefusesToStart() {
    IOException e = assertThrows(IOException.class,
        () -> ResidentServer.start(dir, ID, Map.of(), Duration.ofMinutes(1)));
    assertTrue(e.getMessage().contains("already answers"), e.getMessage());
  }

  @Test
  void stopRemovesTheSocketAndStatusListsTheServer() {
    String text = status();
    assertTrue(text.contains("pid: " + ProcessHandle.current().pid()), text);
    assertTrue(text.contains("build: " + ID + " (this command's build)"), text);
    StringWriter out = new StringWriter();
    assertEquals(0, ServerControl.stop(dir, new PrintWriter(out), new PrintWriter(new StringWriter())));
    assertTrue(out.toString().contains("stopping server " + ID), out.toString());
    assertTrue(server.awaitStop(Duration.ofSeconds(60)), "the server stops");
    assertEquals("stopped on request", server.stopReason());
    assertFalse(Files.exists(client.socket()));
    assertEquals(ServerClient.FALLBACK, Calls.call(client, Calls.request("echo", "x")).status());
  }

  @Test
  void anIdleServerStopsAndRemovesItsSocket() throws IOException {
    server.close();
    ResidentServer idle =
        ResidentServer.start(dir, ID, Map.of("echo", new EchoHandler()), Duration.ofMillis(300));
    assertEquals(0, Calls.call(client, Calls.request("echo", "x")).status());
    assertTrue(idle.awaitStop(Duration.ofSeconds(60)), "the idle server stops");
    assertNotNull(idle.stopReason());
    assertTrue(idle.stopReason().startsWith("idle for 300 ms"), idle.stopReason());
    assertFalse(Files.exists(client.socket()));
  }

  @Test
  void aStaleSocketIsReplacedAndAServerWhoseSocketWasTakenOverStops() throws IOException {
    server.close();
    // A socket file nobody listens on: what a killed server leaves.
    ServerSocketChannel dead = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
    dead.bind(UnixDomainSocketAddress.of(client.socket()));
    dead.close();
    assertTrue(Files.exists(client.socket()));
    assertEquals(ServerClient.FALLBACK, Calls.call(client, Calls.request("echo", "x")).status(),
        "nobody answers");
    ResidentServer first = ResidentServer.start(dir, ID, Map.of("echo", new EchoHandler()),
        Duration.ofMinutes(5));
    assertEquals(0, Calls.call(client, Calls.request("echo", "x")).status());
    // Given up for dead (its socket removed), then replaced: the old one must leave the new
    // one's socket alone.
    Files.delete(client.socket());
    ResidentServer second = ResidentServer.start(dir, ID, Map.of("echo", new EchoHandler()),
        Duration.ofMinutes(5));
    assertTrue(first.awaitStop(Duration.ofSeconds(60)), "the replaced server stops");
    assertEquals("its socket was removed or taken over", first.stopReason());
    assertTrue(Files.exists(client.socket()));
    assertEquals(0, Calls.call(client, Calls.request("echo", "x")).status());
    second.close();
    server = second; // already closed; @AfterEach closes it again harmlessly
  }

  @Test
  void idleTimesAreReadAsPeopleWriteThem() {
    assertEquals(Duration.ofSeconds(90), ResidentServer.idleTime("90"));
    assertEquals(Duration.ofSeconds(90), ResidentServer.idleTime("90s"));
    assertEquals(Duration.ofMillis(250), ResidentServer.idleTime("250ms"));
    assertEquals(Duration.ofMinutes(2), ResidentServer.idleTime(" 2m "));
    assertEquals(Duration.ofHours(1), ResidentServer.idleTime("1h"));
    for (String bad : new String[] {null, "", "soon", "-5", "0", "0.0001"}) {
      assertEquals(ResidentServer.DEFAULT_IDLE, ResidentServer.idleTime(bad), bad);
    }
  }

  private String status() {
    StringWriter out = new StringWriter();
    assertEquals(0, ServerControl.status(dir, ID, new PrintWriter(out),
        new PrintWriter(new StringWriter())));
    return out.toString();
  }
}
