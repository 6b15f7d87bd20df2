package io.github.slicegrep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.slicegrep.rank.RecallCut;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A question that matches more regions than its recall cut lets through still accounts for
 * every one of them: shown, omitted after ranking, or listed as unranked below the cut.
 */
class QuestionRecallCutTest {
  private static final int FILES = RecallCut.CANDIDATES + 80;

  @TempDir Path dir;

  private void tree() {
    Fixture f = Fixture.in(dir);
    for (int i = 0; i < FILES; i++) {
      f.file("src/pkg" + (i % 7) + "/mod" + i + ".py",
          "import os\n\n\ndef load_" + i + "(items):\n"
              + "    results = cache.get(items, " + i + ")\n"
              + "    value_" + i + " = len(results) * " + i + "\n"
              + "    return results\n");
    }
  }

  @Test
  void everyMatchedRegionIsShownOrListedAndUnrankedOnesComeLast() {
    tree();
    Result r = FocusedRead.run(dir, "how does the cache keep results between calls", 400,
        Boundary.FN);
    assertFalse(r.chunks().isEmpty());
    Set<String> accounted = new HashSet<>();
    r.chunks().forEach(c -> accounted.add(c.file()));
    r.omitted().forEach(o -> accounted.add(o.file()));
    assertEquals(FILES, accounted.size(), "each file's one region is shown or listed");
    assertEquals(FILES, r.chunks().size() + r.omitted().size());
    List<Omission> omitted = r.omitted();
    long unranked = omitted.stream().filter(o -> o.why().equals(Omission.UNRANKED)).count();
    assertEquals(FILES - RecallCut.CANDIDATES, unranked);
    boolean seenUnranked = false;
    for (Omission o : omitted) {
      if (o.why().equals(Omission.UNRANKED)) {
        seenUnranked = true;
        assertEquals(List.of("semantic-recall"), o.reasons());
      } else {
        assertFalse(seenUnranked, "a ranked omission after an unranked one: " + o);
      }
    }
    assertEquals(omitted.stream().mapToInt(Omission::tokens).sum(), r.omittedTokens());
    // Every file matched; the ranked file list holds those of the ranked regions only.
    assertEquals(FILES, r.filesMatched());
    assertEquals(RecallCut.CANDIDATES, r.files().size());
    assertTrue(r.render().contains("OMITTED — " + omitted.size() + " matching region(s)"));
  }

  @Test
  void aPreciseQueryOnTheSameTreeRanksEveryMatch() {
    tree();
    Result r = FocusedRead.run(dir, "cache\\.get", 400, Boundary.FN);
    assertEquals(FILES, r.chunks().size() + r.omitted().size());
    assertTrue(r.omitted().stream().noneMatch(o -> o.why().equals(Omission.UNRANKED)));
  }
}
