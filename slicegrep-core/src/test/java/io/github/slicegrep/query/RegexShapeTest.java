package io.github.slicegrep.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class RegexShapeTest {

  @Test
  void flagsNestedRepetition() {
    assertEquals(Optional.of("(a+)+"), RegexShape.catastrophicPart("(a+)+$"));
    assertEquals(Optional.of("(\\w+\\s?)*"), RegexShape.catastrophicPart("^(\\w+\\s?)*$"));
    assertEquals(Optional.of("(?:a*)*"), RegexShape.catastrophicPart("(?:a*)*b"));
    assertTrue(RegexShape.catastrophicPart("((ab)*c)+").isPresent());
    assertTrue(RegexShape.catastrophicPart("(.*a){20}").isPresent());
  }

  @Test
  void flagsRepeatedOverlappingAlternation() {
    assertTrue(RegexShape.catastrophicPart("(a|a)*").isPresent());
    assertTrue(RegexShape.catastrophicPart("(ab|a)+c").isPresent());
  }

  @Test
  void acceptsOrdinaryPatterns() {
    for (String ok :
        new String[] {
          "def \\w+\\(", "(get|set)Value", "(foo)+", "a+b+", "[(+)]+", "\\(a+\\)+", "x{2,3}",
          "(a|b)*", "class\\s+\\w+", "(ab){3}"
        }) {
      assertEquals(Optional.empty(), RegexShape.catastrophicPart(ok), ok);
    }
  }
}
