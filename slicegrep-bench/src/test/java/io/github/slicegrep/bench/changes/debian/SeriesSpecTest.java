package io.github.slicegrep.bench.changes.debian;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SeriesSpecTest {
  static final String SEVEN = "pkg_1.0-1\tpkg\tc\tpkg_1.0.orig.tar.gz\t" + "0".repeat(64) + "\t"
      + "1".repeat(64) + "\tpkg=1:1.0-1";

  static List<SeriesSpec> load(Path dir, String... lines) throws IOException {
    Files.writeString(dir.resolve(SeriesSpec.TABLE), "# header\n" + String.join("\n", lines)
        + "\n");
    return SeriesSpec.load(dir);
  }

  @Test
  void aLineFromBeforeRoundsIsOfTheFirstRoundAndAnEighthFieldIsTheRound(@TempDir Path dir)
      throws IOException {
    List<SeriesSpec> specs = load(dir, SEVEN, SEVEN.replace("pkg", "other") + "\t2");
    assertEquals(List.of(1, 2), specs.stream().map(SeriesSpec::round).toList());
    assertEquals(new SeriesSpec("other_1.0-1", "other", "c", "other_1.0.orig.tar.gz",
        "0".repeat(64), "other=1:1.0-1", 2), specs.get(1));
  }

  @Test
  void aBadRoundOrFieldCountNamesTheLine(@TempDir Path dir) {
    for (String bad : List.of(SEVEN + "\ttwo", SEVEN + "\t0", SEVEN + "\t2\textra",
        "pkg_1.0-1\tpkg\tc")) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> load(dir, SEVEN, bad));
      assertTrue(e.getMessage().contains(SeriesSpec.TABLE + ":3: "), e.getMessage());
    }
  }
}
