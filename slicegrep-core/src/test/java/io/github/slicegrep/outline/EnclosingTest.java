package io.github.slicegrep.outline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
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

  /**
   * The per-line table answers exactly what walking the definitions answers: the smallest
   * enclosing definition, namespaces skipped, the later one on equal sizes, none outside.
   */
  @Test
  void lineTableAgreesWithWalkingTheDefinitions() {
    Random random = new Random(11);
    Definition.Kind[] kinds = Definition.Kind.values();
    for (int round = 0; round < 500; round++) {
      List<Definition> defs = new ArrayList<>();
      int n = random.nextInt(12);
      for (int i = 0; i < n; i++) {
        int start = 1 + random.nextInt(60);
        int end = start + random.nextInt(30);
        defs.add(
            new Definition(kinds[random.nextInt(kinds.length)], "d" + i, "d" + i, start, end,
                start));
      }
      Outline outline = Outline.of(defs);
      for (int line = 0; line <= 100; line++) {
        assertEquals(walk(outline, line), outline.enclosing(line), "line " + line + " " + defs);
      }
    }
  }

  private static Optional<Definition> walk(Outline outline, int line) {
    Definition best = null;
    for (Definition d : outline.definitions()) {
      if (d.startLine() <= line && line <= d.endLine()
          && d.kind() != Definition.Kind.NAMESPACE
          && (best == null || d.lineCount() <= best.lineCount())) {
        best = d;
      }
    }
    return Optional.ofNullable(best);
  }
}
