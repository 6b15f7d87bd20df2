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
 */
public record SeriesSpec(String patches, String corpus, String language, String orig,
    String origSha256, String aptSource) {
  /** The file listing the series, in the snapshot folder. */
  public static final String TABLE = "packages.tsv";

  /**
   * The series listed in {@code dir/packages.tsv}.
   *
   * @throws IllegalArgumentException naming the line that is not seven tab-separated fields
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
      if (f.length != 7) {
        throw new IllegalArgumentException(table + ":" + (i + 1)
            + ": expected 7 tab-separated fields, got " + f.length);
      }
      out.add(new SeriesSpec(f[0], f[1], f[2], f[3], f[4], f[6]));
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
