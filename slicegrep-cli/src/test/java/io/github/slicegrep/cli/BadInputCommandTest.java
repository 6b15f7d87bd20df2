package io.github.slicegrep.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input on the command line: each case exits 2 with a one-line {@code slicegrep: } message
 * on stderr (never an internal error or a stack trace, never output on stdout), and none hangs.
 */
class BadInputCommandTest {
  @TempDir Path dir;
  private Path src;
  private String out;
  private String err;

  @BeforeEach
  void tree() throws IOException, InterruptedException {
    src = Files.createDirectories(dir.resolve("src"));
    Files.writeString(src.resolve("scorer.py"),
        "class Scorer:\n    def score(self, x):\n        return x * 2\n");
    Files.write(src.resolve("blob.py"), new byte[] {'d', 'e', 'f', 0, 1, 2});
    byte[] big = new byte[3 * 1024 * 1024];
    java.util.Arrays.fill(big, (byte) 'a');
    Files.write(src.resolve("big.py"), big);
    Process p = new ProcessBuilder("mkfifo", src.resolve("pipe.py").toString()).start();
    assertTrue(p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0, "mkfifo failed");
  }

  private int run(String... args) {
    return assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
      CommandRun r = CommandRun.of(args);
      out = r.out();
      err = r.err();
      return r.code();
    }, () -> "hung on " + List.of(args));
  }

  @Test
  void eachBadInputExitsTwoWithAClearMessage() {
    String s = src.toString();
    Map<List<String>, String> cases = new LinkedHashMap<>();
    cases.put(List.of(s + "/missing.py", "score"), "path not found");
    cases.put(List.of(s + "/pipe.py", "score"), "not a regular file");
    cases.put(List.of("/dev/zero", "score"), "not a regular file");
    cases.put(List.of(s + "/blob.py", "def"), "binary");
    cases.put(List.of(s + "/big.py", "a"), "raise the cap");
    cases.put(List.of(s, ""), "pattern is empty");
    cases.put(List.of(s, "   "), "pattern is empty");
    cases.put(List.of(s, "|||"), "pattern is empty");
    cases.put(List.of(s, "(a+)+$"), "Rewrite it");
    cases.put(List.of(s, "score", "--budget", "-1"), "budget must be >= 0");
    cases.put(List.of(s, "score", "--budget", "99999999999"), "99999999999");
    cases.put(List.of(s, "score", "--budget", "lots"), "lots");
    cases.put(List.of(s, "score", "-1"), "before must be >= 0");
    cases.put(List.of(s, "score", "3", "-3"), "after must be >= 0");
    cases.put(List.of(s, "score", "99999999999"), "99999999999");
    cases.put(List.of(s, "score", "--max-file-bytes", "0"), "maxFileBytes must be > 0");
    cases.put(List.of(s, "score", "--boundary", "sideways"), "sideways");
    cases.put(List.of(s, "score", "--objective", "everything"), "everything");
    cases.put(List.of(s, "--map"), "directory");
    cases.put(List.of(s + "/pipe.py", "--map"), "not a regular file");
    cases.put(List.of(), "PATH");
    cases.forEach((args, message) -> {
      int code = run(args.toArray(String[]::new));
      assertEquals(SlicegrepCommand.EXIT_ERROR, code, args + ": " + err);
      assertTrue(err.startsWith("slicegrep: "), args + ": " + err);
      assertTrue(err.contains(message), args + " should say " + message + ": " + err);
      assertFalse(err.contains("internal error") || err.contains("\tat "), args + ": " + err);
      assertEquals("", out, args + " printed on stdout");
    });
  }

  @Test
  void aDirectoryWithAFifoBinaryAndOversizedFileSearchesTheRest() {
    assertEquals(SlicegrepCommand.EXIT_MATCH, run(src.toString(), "class Scorer"));
    assertTrue(out.contains("scorer.py:1"), out);
    assertTrue(out.contains("1 file searched"), out);
  }

  @Test
  void hugeContextAndBudgetWorkAndJsonParses() throws IOException {
    assertEquals(SlicegrepCommand.EXIT_MATCH,
        run(src.resolve("scorer.py").toString(), "score", "2147483647", "2147483647",
            "--budget", "2147483647", "--json"));
    JsonNode json = new ObjectMapper().readTree(out);
    JsonNode chunk = json.path("chunks").path(0);
    assertEquals(1, chunk.path("line_start").asInt(), out);
    assertEquals(3, chunk.path("line_end").asInt(), out);
  }

  @Test
  void oddFileNamesArePrintedAndStayValidJson() throws IOException {
    Files.writeString(src.resolve("with space.py"), "def score_space(): pass\n");
    Files.writeString(src.resolve("new\nline.py"), "def score_newline(): pass\n");
    Files.writeString(src.resolve("quote\"tab\t.py"), "def score_quote(): pass\n");
    assertEquals(SlicegrepCommand.EXIT_MATCH, run(src.toString(), "def score_", "--json"));
    JsonNode json = new ObjectMapper().readTree(out.getBytes(StandardCharsets.UTF_8));
    List<String> files = json.path("chunks").findValuesAsText("file");
    assertTrue(files.containsAll(List.of("with space.py", "new\nline.py",
        "quote\"tab\t.py")), files.toString());
  }

  @Test
  void anOverflowedStackIsAClearErrorNotAStackDump() throws IOException {
    Path file = Files.writeString(dir.resolve("a.py"), "def needle():\n    return 1\n");
    Invocation overflowing = new Invocation(Map.of(), null, false, (root, index) -> {
      throw new StackOverflowError();
    }, false);
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = SlicegrepCommand.run(new PrintWriter(out), new PrintWriter(err), overflowing,
        file.toString(), "needle", "--no-index");
    assertEquals(SlicegrepCommand.EXIT_ERROR, code);
    assertTrue(err.toString().startsWith("slicegrep: internal error: the search overflowed"),
        err.toString());
  }
}
