package io.github.slicegrep.bench.changes.debian;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One line of {@code packages.tsv}: a snapshotted Debian patch series and the upstream tree it
 * applies to.
 *
 * @param patches the series' folder beside {@code packages.tsv} ({@code <source>_<version>})
 * @param corpus the upstream tree's name: it is {@code <corpora>/src/<corpus>}
 * @param language its main language, for the report
 * @param orig the orig tarball the tree is unpacked from
 * @param origSha256 that tarball's sha256
 * @param aptSource the {@code apt-get source} argument that fetches it ({@code PACKAGE=VERSION},
 *     the version with its epoch)
 * @param round the round the series was added in: each round's confirmation half is held back
 *     and spent on its own
 */
public record SeriesSpec(String patches, String corpus, String language, String orig,
    String origSha256, String aptSource, int round) {
  /** The file listing the series, in the snapshot folder. */
  public static final String TABLE = "packages.tsv";
  /** The round of a line written before rounds (seven fields, no round column). */
  public static final int FIRST_ROUND = 1;

  public SeriesSpec {
    if (round < FIRST_ROUND) {
      throw new IllegalArgumentException(patches + ": round " + round + " (rounds start at "
          + FIRST_ROUND + ")");
    }
  }

  /**
   * The series listed in {@code dir/packages.tsv}.
   *
   * A line has seven tab-separated fields, or eight with the round last; a line of seven (the
   * table before rounds) is of the first round.
   *
   * @throws IllegalArgumentException naming the line that is not seven or eight fields, or whose
   *     round is not a whole number from 1
   */
  public static List<SeriesSpec> load(Path dir) throws IOException {
    Path table = dir.resolve(TABLE);
    List<SeriesSpec> out = new ArrayList<>();
    List<String> lines = Files.readAllLines(table, StandardCharsets.UTF_8);
    for (int i = 0; i < lines.size(); i++) {
      String l = lines.get(i);
      if (l.isBlank() || l.startsWith("#")) {
        continue;
      }
      String[] f = l.split("\t");
      if (f.length != 7 && f.length != 8) {
        throw new IllegalArgumentException(table + ":" + (i + 1)
            + ": expected 7 or 8 tab-separated fields (the round last), got " + f.length);
      }
      int round = FIRST_ROUND;
      if (f.length == 8) {
        try {
          round = Integer.parseInt(f[7].strip());
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException(table + ":" + (i + 1) + ": round " + f[7]
              + " is not a number", e);
        }
      }
      try {
        out.add(new SeriesSpec(f[0], f[1], f[2], f[3], f[4], f[6], round));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(table + ":" + (i + 1) + ": " + e.getMessage(), e);
      }
    }
    return out;
  }

  /** Where to get the tree when it is missing, for the error that says so. */
  public String fetchHint(Path corpora) {
    return "unpack " + orig + " (sha256 " + origSha256 + "; apt-get source --download-only "
        + aptSource + ", shared/bench/CORPORA.md section 1) so that its top folder is "
        + corpora.resolve("src").resolve(corpus);
  }
}
