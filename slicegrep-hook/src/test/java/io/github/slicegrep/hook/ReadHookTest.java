package io.github.slicegrep.hook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReadHookTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final Pattern STILL = Pattern.compile("offset=(\\d+) limit=(\\d+) .*");
  private static final Pattern MAP_ENTRY = Pattern.compile("^ *(\\d+)  ( *)(\\S.*)$");
  private static final Pattern SLICE = Pattern.compile("^\\[lines (\\d+)-(\\d+) in (\\w+), ~\\d+ tok]$");

  @TempDir Path dir;
  private Path transcript;
  private Map<String, String> env;

  @BeforeEach
  void setUp() throws IOException {
    transcript = Fixtures.retryBudgetTranscript(dir);
    env = Fixtures.testEnvironment(dir);
  }

  private Path write(String name, String text) throws IOException {
    Path p = dir.resolve(name);
    Files.write(p, text.getBytes(StandardCharsets.UTF_8));
    return p;
  }

  private String event(Path file, Map<String, Object> extra) {
    return Fixtures.readEvent("session-1", transcript, file, extra);
  }

  /** Runs the hook as the command does and returns what it printed ("" for a passthrough). */
  private String run(String event) {
    HookSettings settings = HookSettings.from(env);
    SeenReads seen = new SeenReads(settings.stateDir());
    ReadHook hook = new ReadHook(settings, FocusedReader::new, seen);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    boolean printed =
        HookMain.run(
            new ByteArrayInputStream(event.getBytes(StandardCharsets.UTF_8)), out, settings, seen,
            stdin -> HookMain.decide(hook, stdin));
    String text = bytes.toString(StandardCharsets.UTF_8);
    assertEquals(printed, !text.isEmpty());
    return text;
  }

  private Optional<ReadHook.Decision> decide(String event) throws IOException {
    HookSettings settings = HookSettings.from(env);
    ReadHook hook =
        new ReadHook(settings, FocusedReader::new, new SeenReads(settings.stateDir()));
    return hook.decide(HookInput.parse(event.getBytes(StandardCharsets.UTF_8)).orElseThrow());
  }

  /** Checks the output against the schema in docs/hook.md and returns the additional context. */
  static String assertValidReplacement(String output) throws IOException {
    assertTrue(output.endsWith("\n") && output.indexOf('\n') == output.length() - 1, "one line");
    JsonNode root = MAPPER.readTree(output);
    assertEquals(Set.of("hookSpecificOutput"), names(root));
    JsonNode out = root.get("hookSpecificOutput");
    assertEquals(
        Set.of("hookEventName", "permissionDecision", "permissionDecisionReason",
            "additionalContext"),
        names(out));
    out.forEach(v -> assertTrue(v.isTextual(), v + " is not a string"));
    assertEquals("PreToolUse", out.get("hookEventName").asText());
    assertEquals("deny", out.get("permissionDecision").asText());
    String reason = out.get("permissionDecisionReason").asText();
    assertTrue(reason.length() < 300 && reason.contains("again"), reason);
    String context = out.get("additionalContext").asText();
    assertTrue(
        context.matches("(?s)slicegrep replaced a whole-file Read of .+: \\d+ lines, ~\\d+ tokens"
            + " in full; ~\\d+ tokens here \\(file map \\+ \\d+ slices?, \\d+% of the matching"
            + " code\\)\\.\n.*"),
        context.lines().findFirst().orElse(""));
    assertTrue(context.contains("\nSLICES matching the session's focus ("), context);
    assertTrue(context.contains("again without offset/limit for the whole file"), context);
    return context;
  }

  private static Set<String> names(JsonNode node) {
    Set<String> out = new TreeSet<>();
    for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
      out.add(it.next());
    }
    return out;
  }

  @Test
  void replacesALargeCodeFileWithOutputValidAgainstTheSchema() throws IOException {
    Path file = write("handlers.py", Fixtures.python(40, "\n", false).text());
    String context = assertValidReplacement(run(event(file, Map.of())));
    assertTrue(context.contains("\nFILE MAP ("), context);
    assertTrue(context.contains("retry_budget"), context);
    assertTrue(context.contains("\nSTILL NOT SHOWN ("), context);
    assertTrue(context.contains("Pattern 'backoff_policy' not found"), context);
  }

  @Test
  void mapSlicesAndOffsetsAreTheReadToolsLineNumbersInACrlfFile() throws IOException {
    assertLineNumbersMatchTheReadTool(Fixtures.python(40, "\r\n", false), "crlf.py");
  }

  @Test
  void aByteOrderMarkAndAFormFeedLineShiftNothing() throws IOException {
    assertLineNumbersMatchTheReadTool(Fixtures.python(40, "\n", true), "bom.py");
  }

  private void assertLineNumbersMatchTheReadTool(Fixtures.Module module, String name)
      throws IOException {
    Path file = write(name, module.text());
    List<String> readLines = Fixtures.readToolLines(Files.readAllBytes(file));
    String context = assertValidReplacement(run(event(file, Map.of())));
    int mapped = 0;
    int sliced = 0;
    int offsets = 0;
    String section = "";
    String[] lines = context.split("\n");
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i];
      if (line.startsWith("FILE MAP") || line.startsWith("SLICES") || line.startsWith("STILL")) {
        section = line.substring(0, 5);
        continue;
      }
      Matcher m;
      if (section.equals("FILE ") && (m = MAP_ENTRY.matcher(line)).matches()) {
        assertEquals(m.group(3), readLines.get(Integer.parseInt(m.group(1)) - 1).strip(), line);
        mapped++;
      } else if (section.equals("SLICE") && (m = SLICE.matcher(line)).matches()) {
        // a slice is its whole function, or (when cut to fit) a part of it
        int[] range = module.functions().get(m.group(3));
        int start = Integer.parseInt(m.group(1));
        int end = Integer.parseInt(m.group(2));
        assertTrue(range[0] <= start && end <= range[1], line);
        for (int k = start; k <= end; k++) {
          assertEquals(readLines.get(k - 1), lines[i + 1 + k - start], line + " line " + k);
        }
        sliced++;
      } else if (section.equals("STILL") && (m = STILL.matcher(line.strip())).matches()
          && !line.contains("truncated")) {
        int offset = Integer.parseInt(m.group(1));
        int limit = Integer.parseInt(m.group(2));
        String first = readLines.get(offset - 1);
        String function = first.replaceAll("^def (\\w+)\\(.*", "$1");
        assertTrue(module.focusFunctions().contains(function), line + " -> " + first);
        int[] range = module.functions().get(function);
        assertEquals(range[0], offset, line);
        assertEquals(range[1], offset + limit - 1, line);
        assertTrue(readLines.get(offset + limit - 2).strip().startsWith("return total"), line);
        offsets++;
      }
    }
    assertEquals(module.functions().size(), mapped, context);
    assertTrue(sliced >= 1, context);
    assertTrue(offsets >= 1, context);
  }

  @Test
  void everyPassthroughCase() throws IOException {
    String big = Fixtures.python(40, "\n", false).text();
    Path file = write("handlers.py", big);
    // not Read
    assertEquals("", run(event(file, Map.of()).replace("\"Read\"", "\"Grep\"")));
    // ranged reads, offset 0 included
    assertEquals("", run(event(file, Map.of("offset", 0))));
    assertEquals("", run(event(file, Map.of("offset", 1))));
    assertEquals("", run(event(file, Map.of("limit", 50))));
    assertEquals("", run(event(file, Map.of("offset", 0, "limit", 2000))));
    // non-code files
    assertEquals("", run(event(write("notes.md", big), Map.of())));
    assertEquals("", run(event(write("data.json", big), Map.of())));
    // under the token floor
    assertEquals("", run(event(write("small.py", Fixtures.python(3, "\n", false).text()), Map.of())));
    // binary and lone-CR files
    assertEquals("", run(event(write("bin.py", big.replace("import os", "import \u0000os")), Map.of())));
    assertEquals("", run(event(write("cr.py", big.replace("import os\n", "import os\rimport sys\n")), Map.of())));
    // missing files and directories
    assertEquals("", run(event(dir.resolve("missing.py"), Map.of())));
    assertEquals("", run(event(Files.createDirectory(dir.resolve("pkg.py")), Map.of())));
    // nothing matches the focus
    Path other = Fixtures.transcript(dir, "s-other", "What about quux_absent_name?");
    assertEquals(
        "", run(Fixtures.readEvent("session-1", other, write("nomatch.py", big), Map.of())));
    // no session to remember the replacement by
    assertEquals("", run(Fixtures.readEvent("", transcript, file, Map.of())));
    // malformed input
    assertEquals("", run("{not json"));
    assertEquals("", run(""));
    // over the size cap
    env.put("SLICEGREP_HOOK_MAX_FILE_BYTES", "10000");
    assertEquals("", run(event(file, Map.of())));
    env.remove("SLICEGREP_HOOK_MAX_FILE_BYTES");
    // switched off
    env.put("SLICEGREP_HOOK_DISABLE", "1");
    assertEquals("", run(event(file, Map.of())));
    env.remove("SLICEGREP_HOOK_DISABLE");
    // none of the above recorded anything: the first whole Read is still replaced
    assertValidReplacement(run(event(file, Map.of())));
  }

  @Test
  void theSecondReadOfAFileInASessionPassesThrough() throws IOException {
    Path file = write("handlers.py", Fixtures.python(40, "\n", false).text());
    assertValidReplacement(run(event(file, Map.of())));
    assertEquals("", run(event(file, Map.of())));
    assertEquals("", run(event(file, Map.of())));
    // another session gets its own first replacement
    assertValidReplacement(run(Fixtures.readEvent("session-2", transcript, file, Map.of())));
  }

  @Test
  void aReplacementThatCannotBeRecordedIsNotPrinted() throws IOException {
    Path file = write("handlers.py", Fixtures.python(40, "\n", false).text());
    Path blocker = Files.writeString(dir.resolve("blocker"), "not a directory");
    env.put("SLICEGREP_HOOK_STATE_DIR", blocker.resolve("state").toString());
    assertEquals("", run(event(file, Map.of())));
    env.put("SLICEGREP_HOOK_STATE_DIR", dir.resolve("state").toString());
    assertValidReplacement(run(event(file, Map.of())));
  }

  @Test
  void budgetDoublesUpToTheCeilingAndNeverPastIt() throws IOException {
    Path file = write("handlers.py", Fixtures.python(40, "\n", false).text());
    // 'total' is in every function: far more matches than any budget here can show
    Path broad = Fixtures.transcript(dir, "s-broad", "How is total accumulated?");
    String e = Fixtures.readEvent("session-1", broad, file, Map.of());
    env.put("SLICEGREP_HOOK_MIN_COVERAGE", "1.0");
    env.put("SLICEGREP_HOOK_BUDGET", "300");
    env.put("SLICEGREP_HOOK_MAX_BUDGET", "1000");
    ReadHook.Decision d = decide(e).orElseThrow();
    assertEquals(1000, d.budget()); // 300, 600, then 1000 (not 1200)
    assertTrue(shownSliceTokens(d.context()) <= 1000, d.context());

    env.put("SLICEGREP_HOOK_MIN_COVERAGE", "0.0");
    assertEquals(300, decide(e).orElseThrow().budget()); // coverage met at once: no growth
  }

  @Test
  void budgetStopsGrowingOnceCoverageIsMet() throws IOException {
    Path file = write("handlers.py", Fixtures.python(40, "\n", false).text());
    env.put("SLICEGREP_HOOK_BUDGET", "100");
    env.put("SLICEGREP_HOOK_MAX_BUDGET", "100000");
    ReadHook.Decision d = decide(event(file, Map.of())).orElseThrow();
    assertTrue(d.budget() > 100 && d.budget() < 100000, "budget " + d.budget());
    assertEquals(0, d.budget() % 100);
    assertEquals(1, Integer.bitCount(d.budget() / 100), "a doubling of 100: " + d.budget());
  }

  private static int shownSliceTokens(String context) {
    Matcher m = Pattern.compile("(?m)^\\[lines \\d+-\\d+(?: in \\w+)?, ~(\\d+) tok]$").matcher(context);
    int sum = 0;
    while (m.find()) {
      sum += Integer.parseInt(m.group(1));
    }
    return sum;
  }

  @Test
  void theFilesOwnStemIsPartOfTheQuery() {
    assertEquals("retry_budget|handlers", ReadHook.query(List.of("retry_budget"), "handlers.py"));
    assertEquals("header_value_parser",
        ReadHook.query(List.of(), "_header_value_parser.py"));
    assertEquals("Scorer|my\\-tool", ReadHook.query(List.of("Scorer", "scorer"), "my-tool.js"));
    assertEquals("", ReadHook.query(List.of(), "io.go"));
  }

  @Test
  void loneCarriageReturnsAreDetected() {
    assertTrue(ReadHook.hasLoneCarriageReturn("a\rb".getBytes(StandardCharsets.UTF_8)));
    assertTrue(ReadHook.hasLoneCarriageReturn("a\r".getBytes(StandardCharsets.UTF_8)));
    assertFalse(ReadHook.hasLoneCarriageReturn("a\r\nb\n".getBytes(StandardCharsets.UTF_8)));
  }
}
