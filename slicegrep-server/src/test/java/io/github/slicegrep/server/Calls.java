package io.github.slicegrep.server;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Assertions;

/** Requests and their answers, for tests. */
final class Calls {
  private Calls() {}

  static Request request(String tool, String... args) {
    return new Request(tool, args, "/some/where", Map.of("ECHO_VAR", "v1"), false, 0,
        "in ü".getBytes(StandardCharsets.UTF_8));
  }

  /** One call's answer: its status and both streams. */
  record Answer(int status, String out, String err) {}

  static Answer call(ClientConfig config, Request request) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = ServerClient.call(config, request, out, err);
    return new Answer(status, out.toString(StandardCharsets.UTF_8),
        err.toString(StandardCharsets.UTF_8));
  }

  /** Waits (at most a minute, a bound for a hung test, not a speed check) until it holds. */
  static void eventually(BooleanSupplier condition, String what) {
    long until = System.nanoTime() + 60_000_000_000L;
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > until) {
        Assertions.fail("never happened: " + what);
      }
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        Assertions.fail("interrupted waiting until " + what);
      }
    }
  }
}
