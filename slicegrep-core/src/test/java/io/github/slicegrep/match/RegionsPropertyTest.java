package io.github.slicegrep.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.github.slicegrep.Boundary;
import io.github.slicegrep.outline.Definition;
import io.github.slicegrep.outline.Outline;
import io.github.slicegrep.source.SourceFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Regions built the fast way are the regions the plain sweep ({@link RegionsOracle}) builds. */
class RegionsPropertyTest {
  private static final Definition.Kind[] KINDS = Definition.Kind.values();

  @Test
  void fastBuildMatchesThePlainSweepOnRandomFilesOutlinesAndHits() {
    for (long seed = 1; seed <= 3_000; seed++) {
      Random random = new Random(seed);
      int lines = 1 + random.nextInt(random.nextBoolean() ? 12 : 120);
      StringBuilder text = new StringBuilder();
      for (int i = 1; i <= lines; i++) {
        text.append(random.nextInt(4) == 0 ? "   " : "x" + i).append('\n');
      }
      SourceFile file = SourceFile.of(Path.of("f.txt"), "f.txt", text.toString());
      Outline outline = Outline.of(definitions(random, lines));
      List<Hit> hits = new ArrayList<>();
      int fragments = 1 + random.nextInt(3);
      double density = random.nextDouble() * 0.5;
      for (int line = 1; line <= lines; line++) {
        for (int f = 0; f < fragments; f++) {
          if (random.nextDouble() < density) {
            hits.add(new Hit(line, f));
          }
        }
      }
      if (hits.isEmpty()) {
        hits.add(new Hit(1 + random.nextInt(lines), 0));
      }
      Boundary boundary = Boundary.values()[random.nextInt(Boundary.values().length)];
      int before = random.nextInt(6);
      int after = random.nextInt(6);
      String where = "seed " + seed + " " + boundary + " " + before + "/" + after;
      List<Region> expected =
          RegionsOracle.build(file, hits, outline, boundary, before, after);
      List<Region> actual = Regions.build(file, hits, outline, boundary, before, after);
      assertEquals(expected.size(), actual.size(), where);
      for (int r = 0; r < expected.size(); r++) {
        Region e = expected.get(r);
        Region a = actual.get(r);
        assertEquals(e.start(), a.start(), where);
        assertEquals(e.end(), a.end(), where);
        assertEquals(e.hits(), a.hits(), where);
        assertSame(e.definition(), a.definition(), where);
      }
    }
  }

  @Test
  void hitsGivenOutOfOrderAreTakenInLineOrder() {
    SourceFile file = SourceFile.of(Path.of("f.txt"), "f.txt", "a\nb\nc\nd\ne\nf\ng\nh\n");
    List<Hit> shuffled = List.of(new Hit(7, 0), new Hit(2, 1), new Hit(2, 0));
    List<Region> regions =
        Regions.build(file, shuffled, Outline.empty(), Boundary.NONE, 1, 1);
    assertEquals(2, regions.size());
    assertEquals(List.of(new Hit(2, 0), new Hit(2, 1)), regions.get(0).hits());
    assertEquals(List.of(new Hit(7, 0)), regions.get(1).hits());
  }

  /** Nested and sibling definitions of every kind, some sharing lines, some one line long. */
  private static List<Definition> definitions(Random random, int lines) {
    List<Definition> out = new ArrayList<>();
    int count = random.nextInt(Math.min(lines, 12) + 1);
    for (int k = 0; k < count; k++) {
      int start = 1 + random.nextInt(lines);
      int end = start + random.nextInt(Math.min(lines - start, random.nextBoolean() ? 3 : 40) + 1);
      int header = start + random.nextInt(end - start + 1);
      Definition.Kind kind = KINDS[random.nextInt(KINDS.length)];
      out.add(new Definition(kind, "d" + k, "d" + k, start, end, header));
    }
    return out;
  }
}
