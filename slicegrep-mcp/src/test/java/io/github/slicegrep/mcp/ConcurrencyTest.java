package io.github.slicegrep.mcp;

import static io.github.slicegrep.mcp.Harness.call;
import static io.github.slicegrep.mcp.Harness.request;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Ordering between a slow tool call, a ping and a cancellation, driven through pipes. */
class ConcurrencyTest {
  /** A tool that blocks until released, to hold a call in flight. */
  private static final class Gate implements Tool {
    final CountDownLatch started = new CountDownLatch(1);
    final CountDownLatch release = new CountDownLatch(1);

    @Override
    public String name() {
      return "gate";
    }

    @Override
    public ObjectNode definition() {
      return Harness.JSON.createObjectNode().put("name", "gate");
    }

    @Override
    public ToolResult call(ObjectNode arguments) {
      started.countDown();
      try {
        release.await(30, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return ToolResult.success(List.of("opened"), null);
    }
  }

  /** The server's stdout, as a queue of lines; {@link #END} once closed. */
  private static final class Lines extends OutputStream {
    static final String END = "<end of output>";
    final BlockingQueue<String> queue = new LinkedBlockingQueue<>();
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();

    @Override
    public synchronized void write(int b) {
      if (b == '\n') {
        queue.add(line.toString(StandardCharsets.UTF_8));
        line.reset();
      } else {
        line.write(b);
      }
    }

    @Override
    public void close() {
      queue.add(END);
    }
  }

  private final Gate gate = new Gate();
  private final PipedOutputStream client = new PipedOutputStream();
  private final Lines serverOut = new Lines();
  private Thread server;

  private void start() throws IOException {
    PipedInputStream serverIn = new PipedInputStream(client, 1 << 16);
    Log log = new Log(new PrintStream(OutputStream.nullOutputStream()), false);
    McpProtocol protocol = new McpProtocol(Harness.JSON, List.of(gate), "test", log);
    server = new Thread(() -> {
      new StdioServer(protocol, Harness.JSON, serverOut, log).run(serverIn);
      serverOut.close();
    });
    server.start();
  }

  private void send(String line) throws IOException {
    client.write((line + "\n").getBytes(StandardCharsets.UTF_8));
    client.flush();
  }

  private JsonNode next() throws IOException, InterruptedException {
    String line = serverOut.queue.poll(20, TimeUnit.SECONDS);
    if (line == null) {
      throw new AssertionError("no output within 20 s");
    }
    return line.equals(Lines.END) ? null : Harness.JSON.readTree(line);
  }

  private List<JsonNode> rest() throws IOException, InterruptedException {
    List<JsonNode> out = new ArrayList<>();
    for (JsonNode r = next(); r != null; r = next()) {
      out.add(r);
    }
    return out;
  }

  @Test
  void aPingIsAnsweredWhileAToolCallIsStillRunning() throws Exception {
    start();
    send(call(1, "gate", Map.of()));
    assertTrue(gate.started.await(10, TimeUnit.SECONDS));
    send(request(2, "ping", null));
    assertEquals(2, next().get("id").asInt(), "the ping overtakes the running call");
    gate.release.countDown();
    assertEquals(1, next().get("id").asInt());
    client.close();
    assertEquals(List.of(), rest());
    server.join(10_000);
  }

  @Test
  void aCancelledCallIsNotAnsweredAndTheServerGoesOn() throws Exception {
    start();
    send(call(1, "gate", Map.of()));
    assertTrue(gate.started.await(10, TimeUnit.SECONDS));
    send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\","
        + "\"params\":{\"requestId\":1,\"reason\":\"user gave up\"}}");
    send(request(2, "ping", null));
    assertEquals(2, next().get("id").asInt());
    gate.release.countDown();
    send(request(3, "ping", null));
    client.close();
    List<JsonNode> rest = rest();
    assertEquals(1, rest.size(), rest.toString());
    assertEquals(3, rest.get(0).get("id").asInt());
    server.join(10_000);
  }

  @Test
  void callsInFlightAtEndOfInputAreStillAnswered() throws Exception {
    start();
    send(call(1, "gate", Map.of()));
    assertTrue(gate.started.await(10, TimeUnit.SECONDS));
    client.close();
    Thread.sleep(200);
    gate.release.countDown();
    List<JsonNode> rest = rest();
    assertEquals(1, rest.size(), rest.toString());
    assertEquals("opened", rest.get(0).at("/result/content/0/text").asText());
    server.join(10_000);
    assertFalse(server.isAlive());
  }
}
