package io.github.slicegrep.bench.suite;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The committed record of every seed a suite run used ({@code seed<TAB>split<TAB>date<TAB>note}).
 * A confirmation seed is spent once: its held-back tasks have been seen, so running it again (or
 * tuning on it) would leak. The CLI refuses that unless forced.
 */
public final class SeedLedger {
  public static final String TUNING = "tuning";
  public static final String CONFIRMATION = "confirmation";

  /** One ledger line. */
  public record Entry(long seed, String split, String date, String note) {}

  private final Path file;

  public SeedLedger(Path file) {
    this.file = file;
  }

  public List<Entry> entries() throws IOException {
    List<Entry> out = new ArrayList<>();
    if (!Files.exists(file)) {
      return out;
    }
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      String[] f = line.split("\t", 4);
      if (f.length < 3) {
        throw new IOException(file + ": malformed line: " + line);
      }
      out.add(new Entry(Long.parseLong(f[0].strip()), f[1].strip(), f[2].strip(),
          f.length > 3 ? f[3] : ""));
    }
    return out;
  }

  /**
   * Why this seed may not be used for this split, or empty when it may: a confirmation seed must
   * never have been used before, and a tuning seed must not be a spent confirmation seed.
   */
  public Optional<String> refusal(long seed, String split) throws IOException {
    for (Entry e : entries()) {
      if (e.seed() != seed) {
        continue;
      }
      if (split.equals(CONFIRMATION)) {
        return Optional.of("seed " + seed + " was already used (" + e.split() + ", " + e.date()
            + "); a confirmation seed is spent once. Pick a new one, or pass --force to rerun"
            + " knowingly.");
      }
      if (e.split().equals(CONFIRMATION)) {
        return Optional.of("seed " + seed + " is a spent confirmation seed (" + e.date()
            + "); tune on a tuning seed, or pass --force.");
      }
    }
    return Optional.empty();
  }

  /**
   * The checks every seeded command makes before it draws anything: the split is known, a
   * listing shows only tuning tasks, and the ledger admits the seed (or {@code force} says to
   * go on anyway, which is reported). Problems go to {@code err} prefixed with {@code command}.
   *
   * @return the pool (0 tuning, 1 confirmation), or -1 when the command must exit with 2
   */
  public int admit(long seed, String split, boolean force, boolean listing, String command,
      java.io.PrintStream err) throws IOException {
    if (!split.equals(TUNING) && !split.equals(CONFIRMATION)) {
      err.println(command + ": --split must be tuning or confirmation, got " + split);
      return -1;
    }
    int pool = split.equals(TUNING) ? 0 : 1;
    if (listing && pool != 0) {
      err.println(command + ": listing shows held-back tasks; only for --split tuning");
      return -1;
    }
    Optional<String> refusal = refusal(seed, split);
    if (refusal.isPresent() && !listing) {
      if (!force) {
        err.println(command + ": refused: " + refusal.get());
        return -1;
      }
      err.println(command + ": --force: " + refusal.get());
    }
    return pool;
  }

  /** Appends a line (creating the file with a header when needed). */
  public void record(long seed, String split, String date, String note) throws IOException {
    if (!Files.exists(file)) {
      Files.createDirectories(file.toAbsolutePath().getParent());
      Files.writeString(file, "# seed\tsplit\tdate\tnote (written by `slicegrep-bench run`)\n",
          StandardCharsets.UTF_8);
    }
    Files.writeString(file, seed + "\t" + split + "\t" + date + "\t" + note.replace('\n', ' ')
        + "\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
  }
}
