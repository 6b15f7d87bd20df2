package io.github.slicegrep.outline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class EnclosingTest {

  private static Outline outline(String fixture) {
    return Outliners.standard().outline(Fixtures.load(fixture));
  }

  @Test
  void lineBetweenClassesOfANamespaceIsTopLevel() {
    assertTrue(outline("Scorer.cs").enclosing(39).isEmpty());
    assertTrue(outline("scorer.cpp").enclosing(23).isEmpty());
  }

  @Test
  void lineBetweenMethodsBelongsToTheClass() {
    Definition d = outline("Scorer.java").enclosing(33).orElseThrow();
    assertEquals(List.of("Scorer", 6, 53), List.of(d.name(), d.startLine(), d.endLine()));
  }

  @Test
  void docCommentLineBelongsToTheMethodBelowIt() {
    Definition d = outline("Scorer.java").enclosing(17).orElseThrow();
    assertEquals(List.of("score", 16, 32), List.of(d.name(), d.startLine(), d.endLine()));
  }

  @Test
  void nestedFunctionIsSmallerThanItsMethod() {
    Definition d = outline("scorer.rs").enclosing(28).orElseThrow();
    assertEquals(
        List.of("normalise", "Scorer.score.normalise", 27, 29),
        List.of(d.name(), d.qualifiedName(), d.startLine(), d.endLine()));
  }

  @Test
  void lineOutsideEveryDefinitionHasNone() {
    assertTrue(outline("scorer.py").enclosing(2).isEmpty());
  }
}
