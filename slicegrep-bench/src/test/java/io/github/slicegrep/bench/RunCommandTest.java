package io.github.slicegrep.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.slicegrep.bench.suite.SeedLedger;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class RunCommandTest {
  @TempDir Path tmp;

  private int run(String... args) {
    return new CommandLine(new BenchMain()).execute(args);
  }

  @Test
  void refusesASpentConfirmationSeedBeforeTouchingAnything() throws IOException {
    Path ledger = tmp.resolve("seeds.tsv");
    new SeedLedger(ledger).record(42, SeedLedger.CONFIRMATION, "2026-01-01", "spent");
    assertEquals(2, run("run", "--seed", "42", "--split", "confirmation", "--ledger",
        ledger.toString(), "--corpora", tmp.resolve("none").toString()));
  }

  @Test
  void forcedRunGetsPastTheLedgerAndStopsOnUnverifiedCorpora() throws IOException {
    Path ledger = tmp.resolve("seeds.tsv");
    new SeedLedger(ledger).record(42, SeedLedger.CONFIRMATION, "2026-01-01", "spent");
    assertEquals(1, run("run", "--seed", "42", "--split", "confirmation", "--force", "--ledger",
        ledger.toString(), "--corpora", tmp.resolve("none").toString()));
  }

  @Test
  void setupVerifyFailsLoudlyOnAnEmptyFolder() {
    assertEquals(1, run("setup", "--verify", "--corpora", tmp.resolve("empty").toString()));
  }

  @Test
  void rejectsAnUnknownSplit() {
    assertEquals(2, run("run", "--seed", "1", "--split", "holdout", "--ledger",
        tmp.resolve("l.tsv").toString()));
  }
}
