package io.github.slicegrep.server;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A handler for tests: writes what it was asked back. {@code fail} throws, {@code back} hands
 * the call back, {@code block} waits for {@link #release} first, {@code sleep MS} sleeps,
 * {@code exit N} returns N.
 */
final class EchoHandler implements Handler {
  final CountDownLatch release = new CountDownLatch(1);
  final CountDownLatch blocked = new CountDownLatch(1);
  final AtomicInteger finished = new AtomicInteger();

  @Override
  public int handle(Request request, OutputStream out, OutputStream err) throws Exception {
    String[] args = request.args();
    String first = args.length == 0 ? "" : args[0];
    switch (first) {
      case "fail":
        throw new IllegalStateException("planted failure");
      case "back":
        return FALLBACK;
      case "block":
        blocked.countDown();
        release.await(60, TimeUnit.SECONDS);
        break;
      case "sleep":
        Thread.sleep(Long.parseLong(args[1]));
        break;
      default:
        break;
    }
    StringBuilder sb = new StringBuilder();
    sb.append("pid=").append(ProcessHandle.current().pid()).append('\n');
    sb.append("args=").append(String.join(" ", args)).append('\n');
    sb.append("cwd=").append(request.workingDirectory()).append('\n');
    sb.append("var=").append(request.environment().get("ECHO_VAR")).append('\n');
    sb.append("stdin=").append(new String(request.stdin(), StandardCharsets.UTF_8)).append('\n');
    out.write(sb.toString().getBytes(StandardCharsets.UTF_8));
    for (int i = 0; i < 3; i++) {
      err.write(("err line " + i + " ü\n").getBytes(StandardCharsets.UTF_8));
    }
    finished.incrementAndGet();
    return first.equals("exit") ? Integer.parseInt(args[1]) : 0;
  }
}
