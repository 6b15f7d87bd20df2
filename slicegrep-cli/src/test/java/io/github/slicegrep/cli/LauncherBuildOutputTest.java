package io.github.slicegrep.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launchers' first build, with stderr not a terminal: what Maven prints reaches stderr
 * without its colour escape codes (Maven 3.8 writes ESC[0m even with colour switched off), and
 * a failed build still fails the launcher.
 */
class LauncherBuildOutputTest {
  private static final Path ROOT = Path.of("").toAbsolutePath().getParent();

  @TempDir Path dir;

  @ParameterizedTest
  @ValueSource(strings = {"slicegrep", "slicegrep-mcp.sh"})
  void buildOutputOnANonTerminalHasNoEscapeCodes(String launcher) throws Exception {
    Path checkout = Files.createDirectories(dir.resolve("checkout"));
    Files.copy(ROOT.resolve(launcher), checkout.resolve(launcher));
    Path bin = Files.createDirectories(dir.resolve("bin"));
    Path mvn = bin.resolve("mvn");
    // A stand-in for Maven that talks the way Maven 3.8 does on a failed build.
    Files.writeString(mvn, "#!/usr/bin/env bash\n"
        + "printf '\\033[0m\\033[0m[ERROR] COMPILATION ERROR \\033[1;31mred\\033[m\\n'\n"
        + "printf '\\033[0m[ERROR] on stderr\\n' >&2\nexit 3\n");
    Files.setPosixFilePermissions(mvn, PosixFilePermissions.fromString("rwxr-xr-x"));
    ProcessBuilder pb = new ProcessBuilder(List.of("bash", checkout.resolve(launcher).toString(),
        "src", "query"));
    pb.environment().put("PATH", bin + ":" + System.getenv("PATH"));
    pb.redirectOutput(dir.resolve("out").toFile());
    pb.redirectError(dir.resolve("err").toFile());
    pb.redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
    Process p = pb.start();
    assertTrue(p.waitFor(30, TimeUnit.SECONDS));
    String err = Files.readString(dir.resolve("err"), StandardCharsets.UTF_8);
    assertNotEquals(0, p.exitValue(), "a failed build fails the launcher: " + err);
    assertTrue(err.contains("[ERROR] COMPILATION ERROR red"), err);
    assertTrue(err.contains("[ERROR] on stderr"), err);
    assertFalse(err.contains("\u001b"), "escape codes on a non-terminal stderr: " + err);
    assertTrue(Files.readString(dir.resolve("out")).isEmpty(), "stdout stays clean");
  }
}
