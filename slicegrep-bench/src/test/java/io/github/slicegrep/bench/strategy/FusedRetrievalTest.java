package io.github.slicegrep.bench.strategy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.slicegrep.bench.truth.Span;
import java.util.List;
import org.junit.jupiter.api.Test;

class FusedRetrievalTest {
  private static final Span A = new Span("a.py", 1, 5);
  private static final Span B = new Span("b.py", 1, 5);
  private static final Span C = new Span("c.py", 1, 5);
  private static final Span D = new Span("d.py", 1, 5);

  @Test
  void aUnitInBothListsRisesAboveUnitsInOne() {
    assertEquals(List.of(B, A, C), FusedRetrieval.fuse(List.of(A, B), List.of(C, B), 1.0));
  }

  @Test
  void equalScoresKeepTheLexicalUnitFirst() {
    assertEquals(List.of(A, C, B, D), FusedRetrieval.fuse(List.of(A, B), List.of(C, D), 1.0));
  }

  @Test
  void aLighterDenseListOnlyInterleavesLater() {
    // Dense rank 1 at half weight (0.5/61) sits between lexical ranks 2 (1/62) and 62 (1/122).
    assertEquals(List.of(A, B, C, D), FusedRetrieval.fuse(List.of(A, B), List.of(C, D), 0.5));
    assertEquals(List.of(A), FusedRetrieval.fuse(List.of(A), List.of(), 1.0));
  }
}
