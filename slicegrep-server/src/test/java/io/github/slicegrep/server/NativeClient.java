package io.github.slicegrep.server;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * The native client (src/main/c/slicegrep-client.c) for tests in any module: compiled once per
 * test JVM with the machine's C compiler, warnings as errors, into the module's target folder.
 * Where no compiler exists the tests that need it are skipped, as the launchers then use the
 * Java client.
 */
public final class NativeClient {
  private static Path binary;

  private NativeClient() {}

  /** The source, found from any module folder of the checkout. */
  public static Path source() {
    return Path.of("").toAbsolutePath().getParent()
        .resolve("slicegrep-server/src/main/c/slicegrep-client.c");
  }

  /** The compiled client; skips the calling test where there is no C compiler. */
  public static synchronized Path binary() throws IOException, InterruptedException {
    if (binary == null) {
      Path out = Files.createDirectories(Path.of("target", "native-client")).toAbsolutePath()
          .resolve("slicegrep-client");
      Process cc;
      try {
        cc = new ProcessBuilder("cc", "-O2", "-std=c11", "-Wall", "-Wextra", "-Werror", "-o",
            out.toString(), source().toString()).redirectErrorStream(true).start();
      } catch (IOException e) {
        Assumptions.abort("no C compiler (cc): the launchers use the Java client");
        return null;
      }
      String log = new String(cc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!cc.waitFor(120, TimeUnit.SECONDS) || cc.exitValue() != 0) {
        throw new AssertionError("the native client did not compile:\n" + log);
      }
      binary = out;
    }
    return binary;
  }

  /** One run: status and both streams. */
  public record Run(int status, byte[] out, byte[] err) {
    public String outText() {
      return new String(out, StandardCharsets.UTF_8);
    }

    public String errText() {
      return new String(err, StandardCharsets.UTF_8);
    }
  }

  /**
   * Runs the client with {@code options} before {@code --} and {@code command} after it.
   *
   * @param environment the whole environment of the run
   * @param cwd its working directory
   * @param stdin what it reads
   */
  public static Run run(List<String> options, List<String> command, Map<String, String> environment,
      Path cwd, byte[] stdin) throws IOException, InterruptedException {
    List<String> all = new ArrayList<>();
    all.add(binary().toString());
    all.addAll(options);
    all.add("--");
    all.addAll(command);
    ProcessBuilder pb = new ProcessBuilder(all).directory(cwd.toFile());
    pb.environment().clear();
    pb.environment().putAll(environment);
    Path dir = Files.createTempDirectory("native-run");
    Path in = Files.write(dir.resolve("in"), stdin);
    pb.redirectInput(in.toFile()).redirectOutput(dir.resolve("out").toFile())
        .redirectError(dir.resolve("err").toFile());
    Process p = pb.start();
    if (!p.waitFor(180, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("the native client did not finish: " + all);
    }
    Run run = new Run(p.exitValue(), Files.readAllBytes(dir.resolve("out")),
        Files.readAllBytes(dir.resolve("err")));
    for (String f : List.of("in", "out", "err")) {
      Files.delete(dir.resolve(f));
    }
    Files.delete(dir);
    return run;
  }
}
