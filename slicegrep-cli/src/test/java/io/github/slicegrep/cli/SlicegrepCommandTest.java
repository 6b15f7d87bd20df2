package io.github.slicegrep.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SlicegrepCommandTest {
  @TempDir Path dir;

  private String out;
  private String err;

  @BeforeEach
  void tree() throws IOException {
    Files.createDirectories(dir.resolve("src"));
    Files.writeString(dir.resolve("src/scorer.py"),
        "class Scorer:\n    def score(self, x):\n        return x * 2\n");
    Files.writeString(dir.resolve("src/app.py"),
        "from scorer import Scorer\n\nprint(Scorer().score(3))\n");
  }

  private int run(String... args) {
    CommandRun r = CommandRun.of(args);
    out = r.out();
    err = r.err();
    return r.code();
  }

  @Test
  void printsTheReportAndExitsZeroOnAMatch() {
    assertEquals(0, run(dir.resolve("src").toString(), "class Scorer|score", "--budget", "800"));
    assertTrue(out.startsWith("=== slicegrep: "), out);
    assertTrue(out.contains("/ 800 budget, 2 files searched, 2 matched ==="), out);
    assertTrue(out.contains("[scorer.py:1-3 "), out);
    assertEquals("", err);
  }

  @Test
  void noRecursiveSearchesOnlyTheDirectorysOwnFilesAndRecursiveIsTheDefault() {
    String top = dir.toString();
    assertEquals(0, run(top, "class Scorer", "--no-index"));
    assertTrue(out.contains("2 files searched"), out);
    assertEquals(0, run(top, "class Scorer", "--no-index", "-r"));
    assertTrue(out.contains("2 files searched"), out);
    assertEquals(1, run(top, "class Scorer", "--no-index", "--no-recursive"));
    assertFalse(out.contains("scorer.py"), out);
    // A line only picocli reads (an attached short option) means the same.
    assertEquals(1, run(top, "class Scorer", "--no-index", "--no-recursive", "-b800"));
    assertFalse(out.contains("scorer.py"), out);
  }

  @Test
  void denseAndHistoryFlagsAreAcceptedAndChangeNothingWithoutAModelOrGit() {
    String src = dir.resolve("src").toString();
    String question = "how is the score of a scorer doubled";
    assertEquals(0, run(src, question, "--json", "--no-index"));
    String plain = out;
    assertEquals(0, run(src, question, "--json", "--no-index", "--dense", "--history"));
    if (System.getenv("SLICEGREP_MODEL_DIR") == null) {
      assertEquals(plain, out);
    }
    assertEquals(0, run(src, question, "--json", "--no-index", "--no-dense", "--no-history"));
    assertEquals(plain, out);
    assertEquals(2, run(src, question, "--dense=sometimes"));
    assertTrue(err.contains("--dense"), err);
  }

  @Test
  void exitsOneWithNegativeEvidenceWhenNothingMatches() {
    assertEquals(1, run(dir.resolve("src").toString(), "nothing_like_this"));
    assertTrue(out.contains("NEGATIVE EVIDENCE:"), out);
    assertTrue(out.contains("Pattern 'nothing_like_this' not found in "), out);
  }

  @Test
  void missingPathIsAnErrorNotAnEmptyResult() {
    assertEquals(2, run(dir.resolve("absent").toString(), "x"));
    assertEquals("", out);
    assertTrue(err.startsWith("slicegrep: path not found: "), err);
  }

  @Test
  void catastrophicPatternIsRejectedWithAdvice() {
    assertEquals(2, run(dir.toString(), "(a+)+$"));
    assertTrue(err.contains("Rewrite it without the nesting"), err);
  }

  @Test
  void usageErrorsExitTwoWithUsage() {
    assertEquals(2, run(dir.toString()));
    assertTrue(err.startsWith("slicegrep: "), err);
    assertTrue(err.contains("Usage:"), err);
    assertEquals(2, run(dir.toString(), "x", "--boundary", "sideways"));
    assertTrue(err.contains("unknown boundary 'sideways'"), err);
    assertEquals(2, run(dir.toString(), "x", "--budget", "-5"));
    assertTrue(err.contains("budget must be >= 0"), err);
  }

  @Test
  void positionalContextAndFlagsAreHonoured() {
    assertEquals(0, run(dir.resolve("src/app.py").toString(), "print", "0", "0",
        "--boundary", "none", "--json"));
    assertTrue(out.contains("\"line_start\" : 3"), out);
    assertTrue(out.contains("\"line_end\" : 3"), out);
  }

  @Test
  void jsonHasEveryDocumentedKeyInOrder() throws IOException {
    assertEquals(0, run(dir.resolve("src").toString(), "Scorer", "--json"));
    JsonNode json = new ObjectMapper().readTree(out);
    List<String> keys = iterate(json);
    assertEquals(
        List.of("query", "read_as", "chunks", "negative_evidence", "total_tokens", "files_searched",
            "files_matched", "budget", "deduped", "omitted", "omitted_tokens", "coverage",
            "files", "omitted_more"),
        keys);
    assertEquals(
        List.of("file", "line_start", "line_end", "symbol", "patterns", "matches", "score",
            "rank_reason", "hash", "tokens", "code"),
        iterate(json.get("chunks").get(0)));
    assertTrue(json.get("chunks").get(0).get("score").isDouble());
    assertTrue(json.get("coverage").isDouble());
  }

  @Test
  void versionAndHelpExitZero() {
    assertEquals(0, run("--version"));
    assertTrue(out.startsWith("slicegrep "), out);
    assertEquals(0, run("--help"));
    assertTrue(out.contains("--budget"), out);
    assertTrue(out.contains("--objective"), out);
  }

  @Test
  void mapPrintsTheFilesDefinitionsWithTheirLines() throws IOException {
    assertEquals(0, run("--map", dir.resolve("src/scorer.py").toString()));
    assertTrue(out.contains("1  class Scorer:"), out);
    assertTrue(out.contains("2    def score(self, x):"), out);
    assertEquals(0, run("--map", "--json", dir.resolve("src/scorer.py").toString()));
    JsonNode json = new ObjectMapper().readTree(out);
    assertEquals("Scorer.score", json.get("definitions").get(1).get("name").asText());
    assertEquals(2, json.get("definitions").get(1).get("line").asInt());
    assertEquals(2, run("--map", dir.resolve("src").toString()));
    assertTrue(err.contains("--map needs a file"), err);
  }

  @Test
  void missingPatternWithoutMapIsAUsageError() {
    assertEquals(2, run(dir.toString()));
    assertTrue(err.contains("Missing required parameter: 'PATTERN'"), err);
  }

  private static List<String> iterate(JsonNode node) {
    List<String> keys = new java.util.ArrayList<>();
    node.fieldNames().forEachRemaining(keys::add);
    return keys;
  }
}
