package io.github.slicegrep.hook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.slicegrep.FocusedReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.UserPrincipal;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The hook under hostile stdin and a hostile file system: it fails open (prints nothing or one
 * valid replacement), finishes in time, reads only the requested file, and keeps its state
 * owner-only. Fuzz cases: {@code -Dslicegrep.fuzz.cases=N} (default 600 here), seed
 * {@code -Dslicegrep.fuzz.seed=S} (default 9).
 */
class HookReliabilityTest {
  private static final int CASES = Integer.getInteger("slicegrep.fuzz.cases", 600);
  private static final long SEED = Long.getLong("slicegrep.fuzz.seed", 9L);
  private static final ObjectMapper MAPPER = new ObjectMapper();

  @TempDir Path dir;
  private Path transcript;
  private Path module;
  private Map<String, String> env;

  @BeforeEach
  void setUp() throws IOException {
    transcript = Fixtures.retryBudgetTranscript(dir);
    module = dir.resolve("src/handlers.py");
    Files.createDirectories(module.getParent());
    Files.writeString(module, Fixtures.python(60, "\n", false).text());
    env = Fixtures.testEnvironment(dir);
  }

  /** Runs the hook as its command does; returns what it printed. */
  private String run(byte[] stdin, FocusedReader reader) {
    HookSettings settings = HookSettings.from(env);
    SeenReads seen = new SeenReads(settings.stateDir());
    ReadHook hook = new ReadHook(settings, () -> reader, seen);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    HookMain.run(new ByteArrayInputStream(stdin),
        new PrintStream(bytes, true, StandardCharsets.UTF_8), settings, seen,
        in -> HookMain.decide(hook, in));
    return bytes.toString(StandardCharsets.UTF_8);
  }

  private static void assertNothingOrAReplacement(String out, String where) {
    if (out.isEmpty()) {
      return;
    }
    try {
      JsonNode node = MAPPER.readTree(out);
      JsonNode o = node.path("hookSpecificOutput");
      assertEquals("PreToolUse", o.path("hookEventName").asText(), where + out);
      assertEquals("deny", o.path("permissionDecision").asText(), where + out);
      assertFalse(o.path("additionalContext").asText().isBlank(), where + out);
      assertTrue(out.endsWith("\n") && out.indexOf('\n') == out.length() - 1,
          where + "one line expected: " + out);
    } catch (IOException e) {
      fail(where + "output is not JSON: " + out, e);
    }
  }

  @Test
  void fuzzedStdinFailsOpenInTimeAndNeverThrowsAnUncheckedException() throws IOException {
    String real = Fixtures.readEvent("SESSIONX", transcript, module, Map.of());
    List<String> seeds = List.of(
        real, real, real,
        Fixtures.readEvent("SESSIONX", transcript, module, Map.of("offset", 10, "limit", 5)),
        "{\"tool_name\":\"Read\",\"session_id\":\"s\",\"tool_input\":{\"file_path\":\"x.py\"}}",
        "[]", "null", "\"Read\"", "{}", "");
    FocusedReader reader = new FocusedReader();
    int replaced = 0;
    for (int i = 0; i < CASES; i++) {
      long seed = SEED * 1_000_003L + i;
      Random rnd = new Random(seed);
      byte[] stdin = rnd.nextInt(5) == 0
          ? randomBytes(rnd)
          : mutate(rnd, seeds.get(rnd.nextInt(seeds.size()))).getBytes(StandardCharsets.UTF_8);
      // Every case runs in a fresh session so a replacement is never suppressed as seen.
      String input = new String(stdin, StandardCharsets.UTF_8)
          .replace("SESSIONX", "session-" + seed);
      byte[] event = input.getBytes(StandardCharsets.UTF_8);
      String where = "seed " + seed + ": ";
      String out = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> run(event, reader),
          where + "past the deadline");
      assertNothingOrAReplacement(out, where);
      if (!out.isEmpty()) {
        replaced++;
      }
      // The decision itself may raise only checked I/O errors (a missing or odd path), which
      // the command turns into a pass-through; anything unchecked would be a bug.
      HookSettings settings = HookSettings.from(env);
      ReadHook hook = new ReadHook(settings, () -> reader, new SeenReads(settings.stateDir()));
      try {
        HookMain.decide(hook, event);
      } catch (IOException expected) {
        // fails open in HookMain.run
      } catch (RuntimeException e) {
        fail(where + "unchecked exception from decide on " + input, e);
      }
    }
    assertTrue(replaced > 0, "no fuzz case kept a valid event: the fuzzer only tested rejects");
  }

  @Test
  void windowsStylePathsPassThroughWithoutReplacement() throws IOException {
    FocusedReader reader = new FocusedReader();
    String[] paths = {
      "C:\\Users\\dev\\src\\handlers.py", "src\\handlers.py", "\\\\server\\share\\handlers.py",
      "C:/Users/dev/handlers.py", "\\\\?\\C:\\src\\handlers.py", "handlers.py:Zone.Identifier",
      "CON", "src\\..\\..\\handlers.py",
    };
    for (String p : paths) {
      String event = Fixtures.readEvent("win-" + p.hashCode(), transcript, module, Map.of())
          .replace(MAPPER.writeValueAsString(module.toString()), MAPPER.writeValueAsString(p))
          .replace(MAPPER.writeValueAsString(module.getParent().toString()),
              MAPPER.writeValueAsString(dir.toString()));
      assertTrue(event.contains(MAPPER.writeValueAsString(p)), event);
      String out = assertTimeoutPreemptively(Duration.ofSeconds(30),
          () -> run(event.getBytes(StandardCharsets.UTF_8), reader));
      assertEquals("", out, p);
    }
  }

  @Test
  void theReplacementShowsOnlyTheRequestedFile() throws IOException {
    Path sibling = dir.resolve("src/other.py");
    Files.writeString(sibling,
        "def retry_budget_sibling():\n    return 'SIBLING_SECRET_MARKER'  # retry_budget\n");
    Path outside = dir.resolve("secret.py");
    Files.writeString(outside, "retry_budget = 'OUTSIDE_SECRET_MARKER'\n");
    String out = run(
        Fixtures.readEvent("session-one", transcript, module, Map.of())
            .getBytes(StandardCharsets.UTF_8), new FocusedReader());
    assertNothingOrAReplacement(out, "");
    assertFalse(out.isEmpty(), "the fixture module should be replaced");
    assertFalse(out.contains("SIBLING_SECRET_MARKER"), out);
    assertFalse(out.contains("OUTSIDE_SECRET_MARKER"), out);
    // A path climbing out with .. resolves to the file the Read itself would read, no other.
    Path climbing = dir.resolve("src/../src/./handlers.py");
    String again = run(
        Fixtures.readEvent("session-two", transcript, climbing, Map.of())
            .getBytes(StandardCharsets.UTF_8), new FocusedReader());
    assertNothingOrAReplacement(again, "");
    assertFalse(again.contains("SIBLING_SECRET_MARKER"), again);
  }

  @Test
  void stateFilesAndTheirFolderAreOwnerOnly() throws IOException {
    Path state = dir.resolve("fresh/state");
    SeenReads seen = new SeenReads(state);
    seen.record("session-a", "/w/a.py");
    seen.record("session with spaces/and slashes", "/w/b.py");
    assertTrue(seen.seen("session-a", "/w/a.py"));
    Set<PosixFilePermission> dirPerms = Files.getPosixFilePermissions(state);
    assertEquals(Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE,
        PosixFilePermission.OWNER_EXECUTE), dirPerms, "state folder " + dirPerms);
    List<Path> files;
    try (Stream<Path> s = Files.list(state)) {
      files = s.toList();
    }
    assertTrue(files.size() >= 2, files.toString());
    for (Path f : files) {
      Set<PosixFilePermission> perms = Files.getPosixFilePermissions(f);
      assertTrue(perms.stream().allMatch(p -> p.name().startsWith("OWNER_")),
          f.getFileName() + " is " + perms);
    }
  }

  @Test
  void aStateFolderOwnedBySomeoneElseIsRefusedAndTheReadGoesThrough() throws IOException {
    Path state = dir.resolve("planted");
    Files.createDirectories(state);
    UserPrincipal nobody;
    try {
      nobody = state.getFileSystem().getUserPrincipalLookupService()
          .lookupPrincipalByName("nobody");
      Files.setOwner(state, nobody);
    } catch (IOException | UnsupportedOperationException e) {
      nobody = null;
    }
    assumeTrue(nobody != null && Files.getOwner(state).equals(nobody),
        "only root can give a folder to another user; as a normal user this cannot be set up");
    SeenReads seen = new SeenReads(state);
    IOException e = assertThrows(IOException.class, () -> seen.record("s", "/w/a.py"));
    assertTrue(e.getMessage().contains(state.toString()), e.getMessage());
    env.put("SLICEGREP_HOOK_STATE_DIR", state.toString());
    String out = run(
        Fixtures.readEvent("session-planted", transcript, module, Map.of())
            .getBytes(StandardCharsets.UTF_8), new FocusedReader());
    assertEquals("", out, "a replacement that cannot be recorded safely must not be printed");
  }

  @Test
  void aStateFolderThatIsASymlinkIsRefused() throws IOException {
    Path real = Files.createDirectories(dir.resolve("elsewhere"));
    Path link = Files.createSymbolicLink(dir.resolve("linked-state"), real);
    SeenReads seen = new SeenReads(link);
    assertThrows(IOException.class, () -> seen.record("s", "/w/a.py"));
    try (Stream<Path> s = Files.list(real)) {
      assertEquals(0, s.count(), "nothing may be written through the link");
    }
  }

  private static byte[] randomBytes(Random rnd) {
    byte[] b = new byte[rnd.nextInt(300)];
    rnd.nextBytes(b);
    return b;
  }

  private static final String[] INSERTS = {
    "\"", "{", "}", "[", "]", ",", ":", "null", "\\u0000", "\\ud800", "\u0000", "1e999999",
    "-1", "2147483648", "\"offset\":null,", "\"file_path\":\"\",", "\"file_path\":\"/dev/zero\",",
    "\"file_path\":\"/proc/self/fd/0\",", "\"file_path\":\"..\",",
    "\"file_path\":\"C:\\\\x\\\\a.py\",", "\"file_path\":{\"a\":1},", "\"tool_name\":\"read\",",
    "\"session_id\":\"../../etc/passwd\",", "\"session_id\":\"\",", "\uFEFF", "\n", "\t",
  };

  private static String mutate(Random rnd, String text) {
    StringBuilder sb = new StringBuilder(text);
    int edits = rnd.nextInt(4);
    for (int e = 0; e < edits; e++) {
      int at = sb.length() == 0 ? 0 : rnd.nextInt(sb.length() + 1);
      switch (rnd.nextInt(4)) {
        case 0 -> sb.insert(at, INSERTS[rnd.nextInt(INSERTS.length)]);
        case 1 -> {
          if (at < sb.length()) {
            sb.delete(at, Math.min(sb.length(), at + 1 + rnd.nextInt(8)));
          }
        }
        case 2 -> {
          // Replace one string value's start with an insert, after a key.
          int colon = sb.indexOf("\":\"", at);
          if (colon >= 0) {
            sb.insert(colon + 3, INSERTS[rnd.nextInt(INSERTS.length)]);
          }
        }
        default -> {
          if (at < sb.length()) {
            sb.setCharAt(at, (char) (rnd.nextInt(0x80)));
          }
        }
      }
    }
    return sb.toString();
  }
}
