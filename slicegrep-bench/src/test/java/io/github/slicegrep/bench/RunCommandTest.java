package io.github.slicegrep.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.slicegrep.bench.corpus.Manifest;
import io.github.slicegrep.bench.suite.SeedLedger;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class RunCommandTest {
  @TempDir Path tmp;

  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  /** Runs the CLI with stderr captured (it is loud on purpose; the tests read it). */
  private int run(String... args) {
    PrintStream saved = System.err;
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    try {
      return new CommandLine(new BenchMain()).execute(args);
    } finally {
      System.setErr(saved);
    }
  }

  private String stderr() {
    return err.toString(StandardCharsets.UTF_8);
  }

  @Test
  void refusesASpentConfirmationSeedBeforeTouchingAnything() throws IOException {
    Path ledger = tmp.resolve("seeds.tsv");
    new SeedLedger(ledger).record(42, SeedLedger.CONFIRMATION, "2026-01-01", "spent");
    assertEquals(2, run("run", "--seed", "42", "--split", "confirmation", "--ledger",
        ledger.toString(), "--corpora", tmp.resolve("none").toString()));
    assertTrue(stderr().contains("run: refused: seed 42 was already used"), stderr());
    assertEquals(1, new SeedLedger(ledger).entries().size(), "a refused run records nothing");
  }

  @Test
  void forcedRunGetsPastTheLedgerAndStopsOnUnverifiedCorpora() throws IOException {
    Path ledger = tmp.resolve("seeds.tsv");
    new SeedLedger(ledger).record(42, SeedLedger.CONFIRMATION, "2026-01-01", "spent");
    assertEquals(1, run("run", "--seed", "42", "--split", "confirmation", "--force", "--ledger",
        ledger.toString(), "--corpora", tmp.resolve("none").toString()));
    assertTrue(stderr().contains("corpus click is not verified; run setup first"), stderr());
  }

  @Test
  void setupVerifyFailsLoudlyOnAnEmptyFolder() {
    assertEquals(1, run("setup", "--verify", "--corpora", tmp.resolve("empty").toString()));
    assertTrue(stderr().contains("setup: MISSING "), stderr());
    int archives = Manifest.bundled().archives().size();
    assertTrue(stderr().contains("setup: FAILED: " + archives + " problem(s)"), stderr());
  }

  @Test
  void rejectsAnUnknownSplit() {
    assertEquals(2, run("run", "--seed", "1", "--split", "holdout", "--ledger",
        tmp.resolve("l.tsv").toString()));
  }
}
