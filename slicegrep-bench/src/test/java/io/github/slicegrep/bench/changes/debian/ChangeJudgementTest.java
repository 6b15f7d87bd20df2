package io.github.slicegrep.bench.changes.debian;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.slicegrep.bench.truth.Span;
import java.util.List;
import org.junit.jupiter.api.Test;

class ChangeJudgementTest {
  static final ChangeRequest THREE_REGIONS = new ChangeRequest("curl", "x.patch", "fix it",
      List.of(new Span("lib/a.c", 10, 12), new Span("lib/a.c", 50, 50),
          new Span("lib/b.c", 5, 5)));

  @Test
  void halfOfTheRegionsShownIsAHitAndLessIsNot() {
    ChangeJudgement two = ChangeJudgement.of(THREE_REGIONS,
        List.of(new Span("lib/a.c", 12, 20), new Span("lib/b.c", 1, 5)), 100);
    assertEquals(2, two.shownRegions());
    assertTrue(two.hit());
    ChangeJudgement one = ChangeJudgement.of(THREE_REGIONS,
        List.of(new Span("lib/a.c", 1, 40)), 100);
    assertEquals(1, one.shownRegions());
    assertFalse(one.hit());
    ChangeRequest two2 = new ChangeRequest("c", "p", "q",
        List.of(new Span("f", 1, 1), new Span("f", 20, 20)));
    assertTrue(ChangeJudgement.of(two2, List.of(new Span("f", 20, 30)), 1).hit());
  }

  @Test
  void aSpanNextToARegionOrInAnotherFileDoesNotCount() {
    ChangeJudgement j = ChangeJudgement.of(THREE_REGIONS,
        List.of(new Span("lib/a.c", 13, 49), new Span("lib/c.c", 10, 12)), 7);
    assertEquals(0, j.shownRegions());
    assertFalse(j.hit());
    // The file is shown even though no region is: file recall counts it.
    assertEquals(0.5, j.fileRecall(), 1e-9);
    assertEquals(7, j.tokens());
  }

  @Test
  void aRequestWithoutRegionsCannotBeMade() {
    assertThrows(IllegalArgumentException.class,
        () -> new ChangeRequest("c", "p", "q", List.of()));
  }
}
