package io.github.slicegrep.bench.suite;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The seed options of every seeded bench command ({@code run}, {@code changes}), as a mixin. */
public final class SeedOptions {
  @Option(names = "--seed", required = true, description = "sampling seed")
  public long seed;

  @Option(names = "--split", required = true,
      description = "tuning (pool 0, reusable) or confirmation (pool 1, each seed once)")
  public String split;

  @Option(names = "--force", description = "run even though the seed ledger says not to")
  public boolean force;

  @Option(names = "--ledger", defaultValue = "slicegrep-bench/seeds.tsv",
      description = "seed ledger (default ${DEFAULT-VALUE})")
  public Path ledger;

  /** The ledger these options name. */
  public SeedLedger ledger() {
    return new SeedLedger(ledger);
  }

  /** {@link SeedLedger#admit} for these options: the pool, or -1 to exit with 2. */
  public int admit(boolean listing, String command, PrintStream err) throws IOException {
    return ledger().admit(seed, split, force, listing, command, err);
  }
}
