package io.github.slicegrep.hook;

import io.github.slicegrep.FocusedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;

/**
 * The {@code slicegrep-hook} command: a Claude Code PreToolUse hook for Read. Reads the event on
 * stdin and either prints a decision that replaces the Read or prints nothing, and always exits
 * 0. Nothing that goes wrong here (bad input, a missing file, a slow disk, a bug, an
 * {@link Error}) may block the agent: every failure, and a run longer than
 * {@code SLICEGREP_HOOK_TIMEOUT}, lets the normal Read happen.
 */
public final class HookMain {
  private HookMain() {}

  /** What runs on the worker thread: stdin bytes in, a decision or nothing out. */
  @FunctionalInterface
  interface Work {
    Optional<ReadHook.Decision> apply(byte[] stdin) throws Exception;
  }

  private static void debug(HookSettings settings, String what, @Nullable Throwable cause) {
    if (settings.debug()) {
      System.err.println("slicegrep-hook: " + what + "; the Read goes through");
      if (cause != null) {
        cause.printStackTrace(System.err);
      }
    }
  }

  /**
   * The {@code slicegrep-hook} command: reads one event on stdin, prints a decision or nothing,
   * and exits 0 whatever happens.
   *
   * @param args ignored; settings come from {@code SLICEGREP_HOOK_*} environment variables
   */
  public static void main(String[] args) {
    inProcess(System.in);
  }

  /**
   * Decides on the event read from {@code stdin} in this process, prints the decision or
   * nothing, and halts with status 0 whatever happens (also the client's fall-back when the
   * resident server cannot answer).
   *
   * @param stdin the event
   */
  static void inProcess(InputStream stdin) {
    try {
      HookSettings settings = HookSettings.fromEnvironment();
      settings = settings.withTimeout(remaining(settings.timeout()));
      SeenReads seen = new SeenReads(settings.stateDir());
      ReadHook hook = new ReadHook(settings, FocusedReader::new, seen);
      PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
      run(stdin, out, settings, seen, in -> decide(hook, in));
    } catch (Throwable t) {
      // fail open: no output, exit 0
      if ("1".equals(System.getenv("SLICEGREP_HOOK_DEBUG"))) {
        t.printStackTrace(System.err);
      }
    }
    System.out.flush();
    // halt, not exit: a worker still busy past the deadline must not delay the Read
    Runtime.getRuntime().halt(0);
  }

  /** The timeout less the time the JVM took to get here: the bound is on the whole process. */
  static Duration remaining(Duration timeout) {
    return remaining(timeout, ProcessHandle.current().info().startInstant().orElse(Instant.now()));
  }

  /** The timeout less the time since {@code start}, at least 1 ms. */
  static Duration remaining(Duration timeout, Instant start) {
    Duration left = timeout.minus(Duration.between(start, Instant.now()));
    return left.toMillis() < 1 ? Duration.ofMillis(1) : left;
  }

  /** Parses the event and lets {@code hook} decide; input that is not an event passes through. */
  static Optional<ReadHook.Decision> decide(ReadHook hook, byte[] stdin)
      throws IOException {
    Optional<HookInput> in = HookInput.parse(stdin);
    return in.isPresent() ? hook.decide(in.get()) : Optional.empty();
  }

  /**
   * Runs {@code work} on a daemon thread for at most the configured timeout (stdin included, in
   * case it is never closed) and prints the decision when there is one and it could be recorded.
   *
   * @return whether a replacement was printed
   */
  static boolean run(
      InputStream stdin, PrintStream out, HookSettings settings, SeenReads seen, Work work) {
    ExecutorService worker =
        Executors.newSingleThreadExecutor(
            r -> {
              Thread t = new Thread(r, "slicegrep-hook");
              t.setDaemon(true);
              return t;
            });
    try {
      Future<Optional<ReadHook.Decision>> future =
          worker.submit(() -> work.apply(stdin.readAllBytes()));
      Optional<ReadHook.Decision> decision;
      try {
        decision = future.get(settings.timeout().toMillis(), TimeUnit.MILLISECONDS);
      } catch (TimeoutException e) {
        future.cancel(true);
        debug(settings, "timed out after " + settings.timeout().toMillis() + " ms", null);
        return false;
      } catch (ExecutionException e) {
        debug(settings, "failed", e.getCause());
        return false;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
      if (decision.isEmpty()) {
        return false;
      }
      ReadHook.Decision d = decision.get();
      try {
        seen.record(d.session(), d.pathKey());
      } catch (IOException | RuntimeException e) {
        debug(settings, "cannot record the replacement", e);
        // Unrecorded, the next Read would be replaced again and the agent could be trapped.
        return false;
      }
      out.println(d.json());
      out.flush();
      return true;
    } catch (RuntimeException e) {
      debug(settings, "failed", e);
      return false;
    } finally {
      worker.shutdownNow();
    }
  }
}
