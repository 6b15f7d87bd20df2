package io.github.slicegrep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.slicegrep.pack.Packer;
import io.github.slicegrep.rank.RecallCut;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A question that matches more regions than its recall cut lets through still accounts for
 * every one of them: shown, omitted after ranking or as unranked below the cut, listed among
 * the best omissions or counted.
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
  void everyMatchedRegionIsShownListedOrCountedAndUnrankedOnesComeLast() {
    tree();
    Result r = FocusedRead.run(dir, "how does the cache keep results between calls", 400,
        Boundary.FN);
    assertFalse(r.chunks().isEmpty());
    assertEquals(FILES, r.chunks().size() + r.omitted().size() + r.omittedMore().regions(),
        "each file's one region is shown, listed or counted");
    List<Omission> omitted = r.omitted();
    // Every file holds one region: beyond the best, no omission shares a file with a chunk, so
    // exactly the best are listed.
    assertEquals(Packer.LISTED_OMISSIONS, omitted.size());
    // The ranked omissions come first: the 200 candidates' leftovers fill the list, and every
    // region below the cut is among the counted ones.
    assertTrue(omitted.stream().noneMatch(o -> o.why().equals(Omission.UNRANKED)));
    assertTrue(r.omittedMore().regions() >= FILES - RecallCut.CANDIDATES);
    assertEquals(omitted.stream().mapToInt(Omission::tokens).sum(), r.omittedTokens());
    // Every file matched; the ranked file list holds those of the ranked regions only.
    assertEquals(FILES, r.filesMatched());
    assertEquals(RecallCut.CANDIDATES, r.files().size());
    assertTrue(r.render().contains(
        "OMITTED — " + (FILES - r.chunks().size()) + " matching region(s)"));
  }

  @Test
  void aPreciseQueryOnTheSameTreeRanksEveryMatch() {
    tree();
    Result r = FocusedRead.run(dir, "cache\\.get", 400, Boundary.FN);
    assertEquals(FILES, r.chunks().size() + r.omitted().size() + r.omittedMore().regions());
    assertTrue(r.omitted().stream().noneMatch(o -> o.why().equals(Omission.UNRANKED)));
  }
}
