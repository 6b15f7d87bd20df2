package io.github.slicegrep.bench.changes.debian;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The command's refusals, and the committed snapshot read as the command reads it. */
class DebianChangesCommandTest {
  /** The snapshot, from the module folder the tests run in. */
  static final Path SNAPSHOT = Path.of("changes/debian");

  record Run(int exit, String err) {}

  static Run run(String... args) {
    PrintStream saved = System.err;
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    try {
      int exit = new CommandLine(new DebianChangesCommand()).execute(args);
      return new Run(exit, err.toString(StandardCharsets.UTF_8));
    } finally {
      System.setErr(saved);
    }
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
  void aSecondConfirmationRunIsRefusedWithoutForce(@TempDir Path dir) throws IOException {
    Files.writeString(dir.resolve(SeriesSpec.TABLE), "# none\n");
    Files.writeString(dir.resolve(DebianChangesCommand.LEDGER),
        "0\tconfirmation\t2026-12-01T00:00:00Z\tdebian-changes: 0 judgements\n");
    Run refused = run("--patches", dir.toString(), "--split", "confirmation");
    assertEquals(2, refused.exit());
    assertTrue(refused.err().contains("refused"), refused.err());
    // With nothing listed there is nothing to search: --force passes the ledger and runs.
    assertEquals(0, run("--patches", dir.toString(), "--split", "confirmation", "--force",
        "--budget", "100").exit());
  }

  @Test
  void everySnapshottedPatchParsesAndTheSeriesAreComplete() throws IOException {
    Map<String, Integer> patches = new LinkedHashMap<>();
    Map<String, Integer> queries = new LinkedHashMap<>();
    for (SeriesSpec spec : SeriesSpec.load(SNAPSHOT)) {
      Path folder = SNAPSHOT.resolve(spec.patches());
      List<String> names = PatchSeries.series(Files.readAllLines(folder.resolve("series")));
      int withQuery = 0;
      for (String n : names) {
        UnifiedDiff d = UnifiedDiff.parse(Files.readAllLines(folder.resolve(n),
            StandardCharsets.UTF_8));
        assertTrue(!d.files().isEmpty(), n + " changes no file");
        withQuery += Dep3.query(d.header()).isPresent() ? 1 : 0;
      }
      patches.put(spec.corpus(), names.size());
      queries.put(spec.corpus(), withQuery);
    }
    assertEquals(Map.of("django", 38, "jinja2", 8, "libuv", 5, "curl", 51, "redis", 18),
        patches);
    assertEquals(patches, queries);
  }
}
