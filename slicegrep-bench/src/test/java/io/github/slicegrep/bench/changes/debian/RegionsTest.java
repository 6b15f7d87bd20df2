package io.github.slicegrep.bench.changes.debian;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.slicegrep.bench.truth.Span;
import java.util.List;
import org.junit.jupiter.api.Test;

class RegionsTest {
  @Test
  void regionsWithinTheGapMergeAndFartherOnesDoNot() {
    List<Span> merged = Regions.merge(List.of(
        new Span("a.c", 40, 42), new Span("a.c", 10, 12), new Span("a.c", 19, 20),
        new Span("a.c", 28, 30)), 6);
    // 12 -> 19 leaves 6 lines between them (merge); 20 -> 28 leaves 7 (no merge).
    assertEquals(List.of(new Span("a.c", 10, 20), new Span("a.c", 28, 30),
        new Span("a.c", 40, 42)), merged);
  }

  @Test
  void overlappingRegionsMergeButOtherFilesNever() {
    assertEquals(List.of(new Span("a.c", 5, 9), new Span("b.c", 6, 6)),
        Regions.merge(List.of(new Span("b.c", 6, 6), new Span("a.c", 5, 9),
            new Span("a.c", 6, 7)), 6));
  }
}
