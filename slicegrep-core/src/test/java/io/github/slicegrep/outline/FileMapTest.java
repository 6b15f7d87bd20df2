package io.github.slicegrep.outline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.slicegrep.FileMap;
import io.github.slicegrep.SlicegrepException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileMapTest {

  @Test
  void overTheCapKeepsShallowDefinitionsAndSaysHowManyAreLeftOut() {
    String map = FileMap.of(Fixtures.load("scorer.py")).render(4);
    assertEquals(
        """
         5  def _cache(fn):
        12  class Scorer:
        18    def score(
        35  async def fetch(url):
        ... 3 more definitions not shown
        """,
        map);
  }

  @Test
  void entriesCarryTheWholeRangeKindAndQualifiedName() {
    FileMap.Entry score =
        FileMap.of(Fixtures.load("Scorer.java")).entries().stream()
            .filter(e -> e.line() == 21)
            .findFirst()
            .orElseThrow();
    assertEquals(
        new FileMap.Entry(21, 16, 32, 1, "method", "Scorer.score", "public double score("),
        score);
  }

  @Test
  void oneLeftOutIsSingular() {
    assertTrue(FileMap.of(Fixtures.load("scorer.sh")).render(3)
        .endsWith("... 1 more definition not shown\n"));
  }

  @Test
  void fileWithoutDefinitionsHasAnEmptyMap() {
    assertEquals("", FileMap.of(Fixtures.text("plain.py", "x = 1\n")).render());
  }

  @Test
  void longHeadersAreCut() {
    String header = "def f(" + "a, ".repeat(60) + "b):";
    String line = FileMap.of(Fixtures.text("wide.py", header + "\n    pass\n")).render();
    assertEquals(FileMap.MAX_ENTRY_CHARS + "1  ".length() + 1, line.length());
    assertTrue(line.endsWith("...\n"));
  }

  @Test
  void mapsAFileOnDisk(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("tool.rb");
    Files.writeString(file, "class Tool\n  def run\n  end\nend\n");
    FileMap map = FileMap.of(file);
    assertEquals("1  class Tool\n2    def run\n", map.render());
    assertEquals("tool.rb", map.path());
    assertEquals(4, map.lineCount());
  }

  @Test
  void missingFileIsAnErrorThatSaysSo(@TempDir Path dir) {
    SlicegrepException e =
        assertThrows(SlicegrepException.class, () -> FileMap.of(dir.resolve("gone.py")));
    assertTrue(e.getMessage().contains("does not exist"), e.getMessage());
  }

  @Test
  void rejectsANonPositiveCap() {
    FileMap map = FileMap.of(Fixtures.load("scorer.sh"));
    assertThrows(SlicegrepException.class, () -> map.render(0));
  }
}
