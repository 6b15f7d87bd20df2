package io.github.slicegrep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A question matching many files is cut and ranked only in the files of its best blocks (and
 * those the guarantees reach for); the other files' matches are counted, never lost.
 */
class BlockSelectionTest {
  /** Files with one weak match each: more than the selection's 400 best blocks. */
  private static final int WEAK_FILES = 600;

  @TempDir Path dir;

  private void tree() {
    Fixture f = Fixture.in(dir);
    for (int i = 0; i < WEAK_FILES; i++) {
      f.file("src/pkg" + (i % 9) + "/mod" + i + ".py",
          "import os\n\n\ndef step_" + i + "(items):\n"
              + "    # keep the results\n"
              + "    return [x * " + i + " for x in items]\n");
    }
    f.file("src/db/queryset.py",
        "class QuerySet:\n"
            + "    def __iter__(self):\n"
            + "        # Iterating a queryset fills its result cache once; later iterations\n"
            + "        # read the cached results instead of querying again.\n"
            + "        self._fetch_all()\n"
            + "        return iter(self._result_cache)\n"
            + "\n"
            + "    def _fetch_all(self):\n"
            + "        if self._result_cache is None:\n"
            + "            self._result_cache = list(self._iterable_class(self))\n");
    f.file("src/db/loader.py", "class LoaderCache:\n    slots = ()\n");
  }

  @Test
  void theAnswerIsFoundAndEveryOtherMatchIsShownListedOrCounted() {
    tree();
    Result r = FocusedRead.run(dir, "how does the queryset cache results when iterating", 800,
        Boundary.FN);
    assertEquals("src/db/queryset.py", r.chunks().get(0).file(), r.render());
    // queryset.py, and loader.py by the cache in LoaderCache.
    assertEquals(WEAK_FILES + 2, r.filesMatched(), "every matched file is counted as matched");
    int regions = WEAK_FILES + 1 + 1; // the class QuerySet whole; LoaderCache
    assertEquals(regions,
        r.chunks().size() + r.omitted().size() + r.omittedMore().regions(),
        "each weak file's one region is shown, listed or counted");
    assertFalse(r.omittedMore().isEmpty(), "most weak files are counted, not cut");
    assertTrue(r.omittedMore().tokens() > 0);
  }

  @Test
  void aNameTheQuestionSpellsIsLookedForInEveryMatchedFile() {
    tree();
    Result r = FocusedRead.run(dir, "how LoaderCache keeps the results", 800, Boundary.FN);
    List<String> files = r.chunks().stream().map(Chunk::file).toList();
    assertTrue(files.contains("src/db/loader.py"), r.render());
    assertTrue(r.negativeEvidence().stream().noneMatch(s -> s.contains("No definition")),
        r.negativeEvidence().toString());
  }
}
