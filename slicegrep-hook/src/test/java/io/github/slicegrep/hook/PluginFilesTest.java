package io.github.slicegrep.hook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The plugin files at the repository root, and the launcher that hooks.json runs. */
class PluginFilesTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final Path ROOT = Path.of("").toAbsolutePath().getParent();
  private static final Path LAUNCHER = ROOT.resolve("hooks/slicegrep-hook");

  @TempDir Path dir;

  @Test
  void hooksJsonRunsTheLauncherOnReadWithAQuotedPluginRoot() throws IOException {
    JsonNode hooks = MAPPER.readTree(ROOT.resolve("hooks/hooks.json").toFile()).path("hooks");
    JsonNode entry = hooks.path("PreToolUse").get(0);
    assertEquals("Read", entry.path("matcher").asText());
    JsonNode command = entry.path("hooks").get(0);
    assertEquals("command", command.path("type").asText());
    assertEquals(
        "bash \"${CLAUDE_PLUGIN_ROOT}/hooks/slicegrep-hook\"", command.path("command").asText());
    assertTrue(command.path("timeout").asInt() > 5, "backstop above the hook's own 5 s bound");
    assertTrue(Files.isRegularFile(LAUNCHER));
  }

  @Test
  void manifestAndMarketplaceAgree() throws IOException {
    JsonNode plugin = MAPPER.readTree(ROOT.resolve(".claude-plugin/plugin.json").toFile());
    JsonNode market = MAPPER.readTree(ROOT.resolve(".claude-plugin/marketplace.json").toFile());
    assertEquals("slicegrep", plugin.path("name").asText());
    assertTrue(market.path("owner").path("name").isTextual());
    JsonNode listed = market.path("plugins").get(0);
    assertEquals(plugin.path("name").asText(), listed.path("name").asText());
    assertEquals("./", listed.path("source").asText());
  }

  @Test
  void pluginLicenseIsTheRepositorysLicense() throws IOException {
    JsonNode plugin = MAPPER.readTree(ROOT.resolve(".claude-plugin/plugin.json").toFile());
    String license = Files.readAllLines(ROOT.resolve("LICENSE")).get(0);
    assertEquals("MIT License", license, "LICENSE names its license on its first line");
    assertEquals("MIT", plugin.path("license").asText(), "the SPDX name of " + license);
    assertTrue(Files.readString(ROOT.resolve("pom.xml")).contains("<name>MIT License</name>"));
  }

  /** Copies the launcher into a plugin root whose path has a space, with no jar built. */
  private Path pluginWithoutJar() throws IOException {
    Path root = dir.resolve("plugin root");
    Files.createDirectories(root.resolve("hooks"));
    Files.copy(LAUNCHER, root.resolve("hooks/slicegrep-hook"));
    return root;
  }

  private static String runLauncher(Path root, Map<String, String> env) throws Exception {
    ProcessBuilder pb =
        new ProcessBuilder(List.of("bash", root.resolve("hooks/slicegrep-hook").toString()));
    pb.environment().putAll(env);
    pb.redirectErrorStream(true);
    long start = System.nanoTime();
    Process p = pb.start();
    try {
      p.getOutputStream().write("{\"tool_name\":\"Read\"}".getBytes(StandardCharsets.UTF_8));
      p.getOutputStream().close();
    } catch (IOException e) {
      // the launcher may exit before reading its input (disabled, no Java): that is fine
    }
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(30, TimeUnit.SECONDS));
    assertEquals(0, p.exitValue(), out);
    assertTrue(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start) < 10, "not held up");
    return out;
  }

  /** A PATH directory holding only the named commands (as wrappers around the real ones). */
  private Path bin(String... commands) throws IOException {
    Path bin = Files.createDirectories(dir.resolve("bin"));
    for (String c : commands) {
      for (String d : List.of("/usr/bin", "/bin", System.getProperty("java.home") + "/bin")) {
        Path target = Path.of(d, c);
        if (Files.isExecutable(target)) {
          Path wrapper = bin.resolve(c);
          Files.writeString(wrapper, "#!/bin/sh\nexec '" + target + "' \"$@\"\n");
          assertTrue(wrapper.toFile().setExecutable(true));
          break;
        }
      }
    }
    return bin;
  }

  @Test
  void launcherFailsOpenWithoutJava() throws Exception {
    Path root = pluginWithoutJar();
    assertEquals("", runLauncher(root, Map.of("PATH", bin("dirname", "find").toString())));
  }

  @Test
  void launcherFailsOpenWhenTheJarIsMissingAndCannotBeBuilt() throws Exception {
    Path root = pluginWithoutJar();
    Path bin = bin("dirname", "find", "mkdir", "rmdir", "java");
    assertEquals("", runLauncher(root, Map.of("PATH", bin.toString())));
    assertTrue(Files.notExists(root.resolve("slicegrep-hook/target/slicegrep-hook.jar")));
  }

  @Test
  void launcherDoesNothingWhenDisabled() throws Exception {
    assertEquals("", runLauncher(pluginWithoutJar(), Map.of("SLICEGREP_HOOK_DISABLE", "1")));
  }
}
