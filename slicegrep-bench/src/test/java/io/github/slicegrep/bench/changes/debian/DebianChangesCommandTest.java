package io.github.slicegrep.bench.changes.debian;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.slicegrep.bench.questions.Question;
import io.github.slicegrep.bench.suite.SeedLedger;
import io.github.slicegrep.bench.truth.SourceSet;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The command's rounds and refusals, and the committed snapshot read as the command reads it. */
class DebianChangesCommandTest {
  /** The snapshot, from the module folder the tests run in. */
  static final Path SNAPSHOT = Path.of("changes/debian");

  record Run(int exit, String out, String err) {}

  static Run run(String... args) {
    PrintStream savedOut = System.out;
    PrintStream savedErr = System.err;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    try {
      int exit = new CommandLine(new DebianChangesCommand()).execute(args);
      return new Run(exit, out.toString(StandardCharsets.UTF_8),
          err.toString(StandardCharsets.UTF_8));
    } finally {
      System.setOut(savedOut);
      System.setErr(savedErr);
    }
  }

  /**
   * Two one-patch series in {@code dir/patches}: {@code one_1.0-1} (a seven-field line, from
   * before rounds, so round 1) and {@code two_1.0-1} (round 2), each with its tree in
   * {@code dir/corpora}. The patch's query is in the confirmation half, so a confirmation run
   * judges it.
   */
  static Path twoRounds(Path dir) throws IOException {
    String query = IntStream.range(0, 100).mapToObj(i -> "Fix the parser of case " + i)
        .filter(q -> Question.splitOf(q) == Question.Split.CONFIRMATION).findFirst().orElseThrow();
    Path patches = dir.resolve("patches");
    Files.createDirectories(patches);
    String sha = "0".repeat(64);
    Files.writeString(patches.resolve(SeriesSpec.TABLE), String.join("\n",
        "# patches\tcorpus\tlanguage\torig\tsha256\tdebian sha256\tsource\tround",
        String.join("\t", "one_1.0-1", "one", "c", "one_1.0.orig.tar.gz", sha, sha, "one=1.0-1"),
        String.join("\t", "two_1.0-1", "two", "c", "two_1.0.orig.tar.gz", sha, sha, "two=1.0-1",
            "2"), ""));
    for (String name : List.of("one", "two")) {
      Path folder = Files.createDirectories(patches.resolve(name + "_1.0-1"));
      Files.writeString(folder.resolve("series"), "fix.patch\n");
      Files.writeString(folder.resolve("fix.patch"), String.join("\n", "Description: " + query,
          "Author: someone", "", "--- a/lib/core.c", "+++ b/lib/core.c", "@@ -2,3 +2,3 @@",
          " int a;", "-int b;", "+int bb;", " int c;", ""));
      Path tree = Files.createDirectories(dir.resolve("corpora/src/" + name + "/lib"));
      Files.writeString(tree.resolve("core.c"), "int z;\nint a;\nint b;\nint c;\nint d;\n");
    }
    return patches;
  }

  @Test
  void aMissingTreeNamesTheTarballToFetchAndWhereItGoes(@TempDir Path corpora) {
    Run r = run("--corpora", corpora.toString(), "--patches", SNAPSHOT.toString(),
        "--corpus", "redis", "--list");
    assertEquals(1, r.exit());
    assertTrue(r.err().contains("corpus redis is missing"), r.err());
    assertTrue(r.err().contains("redis_7.0.15.orig.tar.gz"), r.err());
    // The version with its epoch, which apt needs to resolve it.
    assertTrue(r.err().contains("apt-get source --download-only redis=5:7.0.15-1~deb12u7"),
        r.err());
    assertTrue(r.err().contains(corpora.resolve("src").resolve("redis").toString()), r.err());
  }

  @Test
  void badSplitsAndBudgetsAreUsageErrors(@TempDir Path corpora) {
    assertEquals(2, run("--corpora", corpora.toString(), "--split", "all").exit());
    assertEquals(2, run("--corpora", corpora.toString(), "--budget", "0").exit());
    assertEquals(2, run("--corpora", corpora.toString(), "--patches",
        corpora.toString()).exit());
  }

  @Test
  void aRunReadsOneRoundTheFirstByDefault(@TempDir Path dir) throws IOException {
    Path patches = twoRounds(dir);
    String corpora = dir.resolve("corpora").toString();
    Run first = run("--corpora", corpora, "--patches", patches.toString(), "--list");
    assertEquals(0, first.exit(), first.err());
    assertTrue(first.out().contains("| one_1.0-1 | one | 1 | 1 (0 / 1) |"), first.out());
    assertFalse(first.out().contains("two_1.0-1"), first.out());
    Run second = run("--corpora", corpora, "--patches", patches.toString(), "--list",
        "--round", "2");
    assertEquals(0, second.exit(), second.err());
    assertTrue(second.out().contains("| two_1.0-1 | two | 1 | 1 (0 / 1) |"), second.out());
    assertFalse(second.out().contains("one_1.0-1"), second.out());
    Run none = run("--corpora", corpora, "--patches", patches.toString(), "--round", "3");
    assertEquals(2, none.exit());
    assertTrue(none.err().contains("no series of round 3"), none.err());
    assertTrue(none.err().contains("its rounds: [1, 2]"), none.err());
  }

  @Test
  void eachRoundsConfirmationHalfIsSpentOnceOnItsOwn(@TempDir Path dir) throws IOException {
    Path patches = twoRounds(dir);
    Path ledgerFile = patches.resolve(DebianChangesCommand.LEDGER);
    Files.writeString(ledgerFile,
        "1\tconfirmation\t2026-12-01T00:00:00Z\tdebian-changes: 0 judgements\n");
    String[] common = {"--corpora", dir.resolve("corpora").toString(), "--patches",
        patches.toString(), "--engine", "bm25-windows", "--budget", "100"};
    Run refused = run(with(common, "--split", "confirmation"));
    assertEquals(2, refused.exit());
    assertTrue(refused.err().contains("(round 1): refused: seed 1"), refused.err());
    // Round 1 being spent holds nothing of round 2 back; its run goes on record as seed 2.
    Run second = run(with(common, "--split", "confirmation", "--round", "2"));
    assertEquals(0, second.exit(), second.err());
    assertTrue(second.out().contains("round 2, confirmation split"), second.out());
    List<SeedLedger.Entry> entries = new SeedLedger(ledgerFile).entries();
    assertEquals(2, entries.size());
    assertEquals(2, entries.get(1).seed());
    assertEquals(SeedLedger.CONFIRMATION, entries.get(1).split());
    assertEquals("debian-changes (round 2): 1 judgements", entries.get(1).note());
    Run again = run(with(common, "--split", "confirmation", "--round", "2"));
    assertEquals(2, again.exit());
    assertTrue(again.err().contains("(round 2): refused: seed 2"), again.err());
    // The tuning half never asks the ledger; --force reruns a spent half, and says so.
    assertEquals(0, run(with(common, "--round", "2")).exit());
    Run forced = run(with(common, "--split", "confirmation", "--round", "2", "--force"));
    assertEquals(0, forced.exit(), forced.err());
    assertTrue(forced.err().contains("--force"), forced.err());
    assertEquals(3, new SeedLedger(ledgerFile).entries().size());
  }

  private static String[] with(String[] common, String... more) {
    String[] all = Arrays.copyOf(common, common.length + more.length);
    System.arraycopy(more, 0, all, common.length, more.length);
    return all;
  }

  @Test
  void theCommittedLedgerSpendsEachRoundOnceAndOnlyRoundsThatExist() throws IOException {
    SeedLedger ledger = new SeedLedger(SNAPSHOT.resolve(DebianChangesCommand.LEDGER));
    // Round 1's confirmation half was run before rounds existed (written as seed 0).
    assertTrue(ledger.refusal(1, SeedLedger.CONFIRMATION).isPresent());
    List<Integer> rounds = SeriesSpec.load(SNAPSHOT).stream().map(SeriesSpec::round).toList();
    List<Long> spent = ledger.entries().stream().map(e -> e.seed()).toList();
    for (long seed : spent) {
      assertTrue(rounds.contains((int) seed), "seed " + seed + " names no round with series");
      assertEquals(1, spent.stream().filter(s -> s == seed).count(), "round " + seed + " twice");
    }
  }

  @Test
  void everySnapshottedPatchParsesAndTheSeriesAreComplete() throws IOException {
    Map<String, Integer> patches = new LinkedHashMap<>();
    Map<String, Integer> queries = new LinkedHashMap<>();
    Map<Integer, List<String>> rounds = new LinkedHashMap<>();
    for (SeriesSpec spec : SeriesSpec.load(SNAPSHOT)) {
      rounds.computeIfAbsent(spec.round(), r -> new ArrayList<>()).add(spec.corpus());
      Path folder = SNAPSHOT.resolve(spec.patches());
      List<String> names = PatchSeries.series(Files.readAllLines(folder.resolve("series")));
      int withQuery = 0;
      for (String n : names) {
        // Read as the command reads it: a patch may hold bytes that are not UTF-8.
        UnifiedDiff d = UnifiedDiff.parse(SourceSet.splitLines(
            new String(Files.readAllBytes(folder.resolve(n)), StandardCharsets.UTF_8)));
        assertTrue(!d.files().isEmpty(), n + " changes no file");
        withQuery += Dep3.query(d.header()).isPresent() ? 1 : 0;
      }
      patches.put(spec.corpus(), names.size());
      queries.put(spec.corpus(), withQuery);
    }
    assertEquals(Map.of(1, List.of("django", "jinja2", "libuv", "curl", "redis"),
        2, List.of("cpython", "sqlite3", "git", "jq", "cjson", "django-4.2")), rounds);
    assertEquals(Map.ofEntries(Map.entry("django", 38), Map.entry("jinja2", 8),
        Map.entry("libuv", 5), Map.entry("curl", 51), Map.entry("redis", 18),
        Map.entry("cpython", 83), Map.entry("sqlite3", 14), Map.entry("git", 7),
        Map.entry("jq", 29), Map.entry("cjson", 5), Map.entry("django-4.2", 6)), patches);
    // Round 1's patches all have a DEP-3 line; round 2's series have some without one.
    assertEquals(Map.ofEntries(Map.entry("django", 38), Map.entry("jinja2", 8),
        Map.entry("libuv", 5), Map.entry("curl", 51), Map.entry("redis", 18),
        Map.entry("cpython", 79), Map.entry("sqlite3", 7), Map.entry("git", 3),
        Map.entry("jq", 29), Map.entry("cjson", 5), Map.entry("django-4.2", 6)), queries);
  }
}
