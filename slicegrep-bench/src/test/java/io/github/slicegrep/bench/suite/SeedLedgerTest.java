package io.github.slicegrep.bench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SeedLedgerTest {
  @TempDir Path tmp;

  @Test
  void aConfirmationSeedIsSpentOnce() throws IOException {
    SeedLedger l = new SeedLedger(tmp.resolve("seeds.tsv"));
    assertTrue(l.refusal(5, SeedLedger.CONFIRMATION).isEmpty());
    l.record(5, SeedLedger.CONFIRMATION, "2026-01-01", "first");
    assertTrue(l.refusal(5, SeedLedger.CONFIRMATION).isPresent());
    assertTrue(l.refusal(5, SeedLedger.TUNING).isPresent(), "no tuning on held-back tasks");
    assertEquals(1, l.entries().size());
  }

  @Test
  void tuningSeedsMayBeReusedButNeverConfirmed() throws IOException {
    SeedLedger l = new SeedLedger(tmp.resolve("seeds.tsv"));
    l.record(3, SeedLedger.TUNING, "2026-01-01", "a");
    assertTrue(l.refusal(3, SeedLedger.TUNING).isEmpty());
    assertTrue(l.refusal(3, SeedLedger.CONFIRMATION).isPresent());
  }
}
