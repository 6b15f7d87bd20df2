package io.github.slicegrep.mcp;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;

/**
 * JSON-RPC 2.0 over stdio, as MCP frames it: one message per line, UTF-8, in and out. Requests
 * are answered in any order (tool calls run on worker threads, so a slow search does not hold
 * up a ping); each response is written whole under one lock, so lines never interleave.
 * Notifications are never answered. At end of input the server stops reading, finishes and
 * writes what is in flight (for at most {@link #DRAIN_MILLIS}), then returns.
 */
final class StdioServer {
  /** A line longer than this is refused unread: no legitimate request comes near it. */
  static final int MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

  /**
   * How long answers still in flight at end of input are waited for. A client that closes
   * stdin waits about two seconds before it signals the process; a burst of warm searches
   * finishes well inside that, and a cold search of a huge tree is not worth holding exit for.
   */
  static final long DRAIN_MILLIS = 10_000;

  /** Concurrent tool calls; each search also uses the shared fork-join pool for its files. */
  static final int WORKERS = 4;

  private final McpProtocol protocol;
  private final ObjectMapper mapper;
  private final OutputStream out;
  private final Log log;
  private final ExecutorService workers;
  private final AtomicInteger workerNumber = new AtomicInteger();
  private final Object pendingLock = new Object();
  private int pending;
  private final Set<String> inFlight = ConcurrentHashMap.newKeySet();
  private final Set<String> cancelled = ConcurrentHashMap.newKeySet();
  private volatile boolean outputClosed;

  StdioServer(McpProtocol protocol, ObjectMapper mapper, OutputStream out, Log log) {
    this.protocol = protocol;
    this.mapper = mapper;
    this.out = out;
    this.log = log;
    this.workers =
        Executors.newFixedThreadPool(
            WORKERS,
            r -> {
              Thread t = new Thread(r, "slicegrep-mcp-worker-" + workerNumber.incrementAndGet());
              t.setDaemon(true);
              return t;
            });
  }

  /** Serves {@code in} until it ends (or stdout is gone), then drains and returns. */
  void run(InputStream in) {
    LineReader reader = new LineReader(in, MAX_MESSAGE_BYTES);
    try {
      LineReader.Line line;
      while (!outputClosed && (line = reader.next()) != null) {
        accept(line);
      }
    } catch (IOException e) {
      log.info("stdin failed, stopping: " + e.getMessage());
    } finally {
      drain();
    }
  }

  private void accept(LineReader.Line line) {
    if (line.tooLong()) {
      send(error(NullNode.getInstance(), RpcError.INVALID_REQUEST,
          "message longer than " + MAX_MESSAGE_BYTES + " bytes"));
      return;
    }
    if (isBlank(line.bytes())) {
      return;
    }
    JsonNode message;
    try {
      message = mapper.readTree(line.bytes());
    } catch (JacksonException e) {
      send(error(NullNode.getInstance(), RpcError.PARSE_ERROR,
          "Parse error: " + e.getOriginalMessage()));
      return;
    } catch (IOException e) {
      send(error(NullNode.getInstance(), RpcError.PARSE_ERROR, "Parse error: " + e.getMessage()));
      return;
    }
    begin();
    CompletableFuture<@Nullable JsonNode> reply;
    if (message != null && message.isArray()) {
      reply = batch((ArrayNode) message);
    } else {
      reply = process(message);
    }
    reply.whenComplete(
        (response, failure) -> {
          try {
            if (failure != null) {
              log.error("unexpected failure while answering", failure);
            } else if (response != null) {
              send(response);
            }
          } finally {
            end();
          }
        });
  }

  /** A JSON-RPC batch: one array of responses, or nothing when it held only notifications. */
  private CompletableFuture<@Nullable JsonNode> batch(ArrayNode messages) {
    if (messages.isEmpty()) {
      return CompletableFuture.completedFuture(
          error(NullNode.getInstance(), RpcError.INVALID_REQUEST, "empty batch"));
    }
    List<CompletableFuture<@Nullable JsonNode>> parts = new ArrayList<>();
    messages.forEach(m -> parts.add(process(m)));
    return CompletableFuture.allOf(parts.toArray(CompletableFuture[]::new))
        .thenApply(
            done -> {
              ArrayNode responses = mapper.createArrayNode();
              parts.forEach(p -> {
                JsonNode r = p.join();
                if (r != null) {
                  responses.add(r);
                }
              });
              return responses.isEmpty() ? null : responses;
            });
  }

  /** The response to one message, or null for a notification or a client's response. */
  private CompletableFuture<@Nullable JsonNode> process(@Nullable JsonNode message) {
    if (message == null || !message.isObject()) {
      return done(error(NullNode.getInstance(), RpcError.INVALID_REQUEST,
          "Invalid request: expected a JSON-RPC 2.0 object"));
    }
    JsonNode id = message.get("id");
    boolean hasId = id != null;
    if (hasId && !(id.isTextual() || id.isIntegralNumber())) {
      return done(error(NullNode.getInstance(), RpcError.INVALID_REQUEST,
          "Invalid request: id must be a string or an integer"));
    }
    JsonNode replyId = hasId ? id : NullNode.getInstance();
    if (!"2.0".equals(message.path("jsonrpc").asText(null))) {
      return done(error(replyId, RpcError.INVALID_REQUEST,
          "Invalid request: \"jsonrpc\" must be \"2.0\""));
    }
    JsonNode method = message.get("method");
    if (method == null) {
      if (hasId && (message.has("result") || message.has("error"))) {
        log.debug("ignoring a response from the client for id " + id);
        return done(null);
      }
      return done(error(replyId, RpcError.INVALID_REQUEST, "Invalid request: no method"));
    }
    if (!method.isTextual()) {
      return done(error(replyId, RpcError.INVALID_REQUEST,
          "Invalid request: method must be a string"));
    }
    JsonNode params = message.get("params");
    if (!hasId) {
      notification(method.asText(), params);
      return done(null);
    }
    if (params != null && !params.isNull() && !params.isObject()) {
      return done(error(id, RpcError.INVALID_PARAMS, "params must be an object"));
    }
    @Nullable ObjectNode object = params instanceof ObjectNode o ? o : null;
    String name = method.asText();
    log.debug("request " + id + " " + name);
    if (!McpProtocol.isSlow(name)) {
      return done(answer(id, name, object));
    }
    String key = id.toString();
    inFlight.add(key);
    return CompletableFuture.supplyAsync(
        () -> {
          try {
            JsonNode response = cancelled.contains(key) ? null : answer(id, name, object);
            return cancelled.remove(key) ? null : response;
          } finally {
            inFlight.remove(key);
          }
        },
        workers);
  }

  private JsonNode answer(JsonNode id, String method, @Nullable ObjectNode params) {
    try {
      ObjectNode response = envelope(id);
      response.set("result", protocol.handle(method, params));
      return response;
    } catch (RpcError e) {
      return error(id, e.code(), e.getMessage());
    } catch (RuntimeException | StackOverflowError e) {
      log.error("request " + method + " failed", e);
      return error(id, RpcError.INTERNAL_ERROR, "Internal error: " + e);
    }
  }

  /**
   * Notifications get no answer. {@code notifications/cancelled} stops a tool call that has not
   * answered yet (its response is dropped, as the protocol asks); the rest, including
   * {@code notifications/initialized}, need nothing from this server.
   */
  private void notification(String method, @Nullable JsonNode params) {
    log.debug("notification " + method);
    if (method.equals("notifications/cancelled") && params != null) {
      JsonNode requestId = params.get("requestId");
      if (requestId != null && inFlight.contains(requestId.toString())) {
        cancelled.add(requestId.toString());
      }
    }
  }

  /** Writes one message as one line; callers on any thread, never two lines interleaved. */
  private void send(JsonNode message) {
    byte[] bytes;
    try {
      bytes = mapper.writeValueAsBytes(message);
    } catch (IOException e) {
      log.error("could not serialise a response", e);
      return;
    }
    synchronized (out) {
      if (outputClosed) {
        return;
      }
      try {
        out.write(bytes);
        out.write('\n');
        out.flush();
      } catch (IOException e) {
        outputClosed = true;
        log.info("stdout closed, stopping: " + e.getMessage());
      }
    }
  }

  private void begin() {
    synchronized (pendingLock) {
      pending++;
    }
  }

  private void end() {
    synchronized (pendingLock) {
      pending--;
      pendingLock.notifyAll();
    }
  }

  private void drain() {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(DRAIN_MILLIS);
    synchronized (pendingLock) {
      while (pending > 0) {
        long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
        if (left <= 0) {
          log.info(pending + " request(s) still running at exit; their answers are dropped");
          break;
        }
        try {
          pendingLock.wait(left);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          break;
        }
      }
    }
    workers.shutdownNow();
  }

  private ObjectNode envelope(JsonNode id) {
    ObjectNode response = mapper.createObjectNode();
    response.put("jsonrpc", "2.0");
    response.set("id", id);
    return response;
  }

  private ObjectNode error(JsonNode id, int code, String message) {
    ObjectNode response = envelope(id);
    response.putObject("error").put("code", code).put("message", message);
    return response;
  }

  private static CompletableFuture<@Nullable JsonNode> done(@Nullable JsonNode response) {
    return CompletableFuture.completedFuture(response);
  }

  private static boolean isBlank(byte[] bytes) {
    for (byte b : bytes) {
      if (b != ' ' && b != '\t' && b != '\r') {
        return false;
      }
    }
    return true;
  }
}
