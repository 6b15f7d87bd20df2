package io.github.slicegrep.mcp;

import static io.github.slicegrep.mcp.Harness.call;
import static io.github.slicegrep.mcp.Harness.isToolError;
import static io.github.slicegrep.mcp.Harness.text;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ToolCallTest {
  @TempDir Path dir;

  @Test
  void focusedReadReturnsTheReportAndTheStructuredResult() throws IOException {
    Path proj = Fixtures.project(dir);
    Harness.Run run =
        Harness.run(List.of("--root", proj.toString()), List.of(
            call(1, "focused_read", Map.of("path", "src", "pattern", "class Scorer|def score",
                "boundary", "fn", "budget", 500))));
    JsonNode r = run.byId(1);
    assertFalse(isToolError(r), r.toString());
    assertTrue(text(r).contains("[scorer.py:"), text(r));
    JsonNode s = r.at("/result/structuredContent");
    assertEquals("scorer.py", s.at("/chunks/0/file").asText());
    assertEquals("Scorer", s.at("/chunks/0/symbol").asText());
    assertTrue(s.at("/chunks/0/code").asText().contains("def score(self, hits):"));
    assertEquals(500, s.get("budget").asInt());
    assertEquals(s.get("omitted").size(), s.get("omitted_total").asInt());
    assertEquals(1, r.at("/result/content").size(), "no clamp note for a sane budget");
  }

  @Test
  void aHugeBudgetIsClampedAndTheWholeResultStaysFarUnderTheClientLimit() throws IOException {
    Path many = Fixtures.manyMatches(dir, 40, 60);
    List<String> calls = List.of(
        call(1, "focused_read", Map.of("path", many.toString(), "pattern", "def handler|request",
            "budget", 1_000_000_000)),
        call(2, "focused_read", Map.of("path", many.toString(), "pattern", "value_",
            "budget", 0, "before", 10_000, "after", 10_000, "dedupe", false)),
        call(3, "focused_read", Map.of("path", many.toString(), "pattern", "handler",
            "budget", new java.math.BigInteger("1" + "0".repeat(40)))));
    for (int id : new int[] {1, 2, 3}) {
      // One call per server: three heavy searches at once can outlast the server's 10 s drain
      // at end of input on a loaded 2-core machine, and their answers are then dropped.
      JsonNode r = Harness.run(List.of(), List.of(calls.get(id - 1))).byId(id);
      assertFalse(isToolError(r), r.toString());
      JsonNode s = r.at("/result/structuredContent");
      assertEquals(FocusedReadTool.MAX_BUDGET, s.get("budget").asInt());
      assertTrue(s.get("total_tokens").asInt() <= FocusedReadTool.MAX_BUDGET, s.toString());
      assertTrue(s.get("total_tokens").asInt() > FocusedReadTool.MAX_BUDGET / 2,
          "the clamp, not the data, limits the result");
      assertTrue(s.get("omitted").size() <= FocusedReadTool.MAX_LISTED);
      assertTrue(s.get("files").size() <= FocusedReadTool.MAX_LISTED);
      assertTrue(s.get("omitted_total").asInt() > FocusedReadTool.MAX_LISTED, s.toString());
      int bytes = r.toString().getBytes(StandardCharsets.UTF_8).length;
      assertTrue(bytes / 4 < 20_000, "response of ~" + bytes / 4 + " tokens: text "
          + text(r).length() + " chars, structured " + s.toString().length() + " chars, code "
          + s.get("total_tokens") + " tokens, omitted " + s.get("omitted").toString().length()
          + " chars, files " + s.get("files").toString().length());
      String note = r.at("/result/content/1/text").asText();
      assertTrue(note.contains("lowered to " + FocusedReadTool.MAX_BUDGET), note);
    }
  }

  @Test
  void pathsThatEscapeTheRootWithDotDotAreRefused() throws IOException {
    Path proj = Fixtures.project(dir);
    Harness.Run run =
        Harness.run(List.of("--root", proj.toString()), List.of(
            call(1, "focused_read", Map.of("path", "../outside.py", "pattern", "SECRET")),
            call(2, "focused_read", Map.of("path", proj + "/src/../../outside.py",
                "pattern", "SECRET")),
            call(3, "focused_read", Map.of("path", "..", "pattern", "SECRET")),
            call(4, "focused_read", Map.of("path", "/", "pattern", "SECRET")),
            call(5, "focused_read", Map.of("path", "src/../tests", "pattern", "Scorer"))));
    for (int id = 1; id <= 4; id++) {
      JsonNode r = run.byId(id);
      assertTrue(isToolError(r), r.toString());
      assertTrue(text(r).contains("outside the allowed roots"), text(r));
      assertFalse(r.toString().contains("do-not-leak"));
    }
    assertFalse(isToolError(run.byId(5)), run.byId(5).toString());
  }

  @Test
  void symlinksThatLeaveTheRootAreRefusedOrSkippedInsideADirectorySearch() throws IOException {
    Path proj = Fixtures.project(dir);
    Path secrets = Files.createDirectories(dir.resolve("secrets"));
    Files.writeString(secrets.resolve("keys.py"), "SECRET_TOKEN = 'do-not-leak'\n");
    Files.createSymbolicLink(proj.resolve("src/link.py"), dir.resolve("outside.py"));
    Path linked = Files.createDirectories(proj.resolve("vendor"));
    Files.createSymbolicLink(linked.resolve("more"), secrets);
    Harness.Run run =
        Harness.run(List.of("--root", proj.toString()), List.of(
            call(1, "focused_read", Map.of("path", "src/link.py", "pattern", "SECRET")),
            call(2, "focused_read", Map.of("path", "vendor/more", "pattern", "SECRET")),
            call(3, "focused_read", Map.of("path", ".", "pattern", "SECRET_TOKEN")),
            call(4, "focused_read", Map.of("path", "tests", "pattern", "Scorer"))));
    for (int id = 1; id <= 2; id++) {
      JsonNode r = run.byId(id);
      assertTrue(isToolError(r), r.toString());
      assertFalse(r.toString().contains("do-not-leak"), r.toString());
    }
    // A directory search under the root is confined up front: the links are skipped and the
    // rest of the tree searched, so the secret is simply not found.
    JsonNode confined = run.byId(3);
    assertFalse(isToolError(confined), confined.toString());
    assertFalse(confined.toString().contains("do-not-leak"), confined.toString());
    assertTrue(text(confined).contains("Pattern 'SECRET_TOKEN' not found"), text(confined));
    assertFalse(isToolError(run.byId(4)), run.byId(4).toString());
  }

  @Test
  void aRootThatIsNotADirectoryStopsTheServerWithUsageStatus() {
    Harness.Run run =
        Harness.run(List.of("--root", dir.resolve("nope").toString()), List.of());
    assertEquals(SlicegrepMcp.EXIT_USAGE, run.exit());
    assertTrue(run.stderr().contains("root is not a directory"), run.stderr());
    assertEquals("", run.stdout());
  }

  @Test
  void unknownCommandLineArgumentsAreUsageErrors() {
    Harness.Run run = Harness.run(List.of("--budget", "5"), List.of());
    assertEquals(SlicegrepMcp.EXIT_USAGE, run.exit());
    assertTrue(run.stderr().contains("usage: slicegrep-mcp"), run.stderr());
    assertEquals("", run.stdout());
  }
}
