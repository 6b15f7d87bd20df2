package io.github.slicegrep.outline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.slicegrep.Boundary;
import io.github.slicegrep.Chunk;
import io.github.slicegrep.FocusedRead;
import io.github.slicegrep.Result;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The outline seen through the public API: {@code --boundary fn} and the definition signal. */
class FnBoundaryTest {

  /**
   * A word found only inside one method body, the method's whole range and its name.
   *
   * @param file the fixture
   * @param word a word that occurs only inside the method (in a lambda or closure where possible)
   * @param start first line of the method, annotations and doc comment included
   * @param end its last line
   * @param name the method's name
   */
  record Case(String file, String word, int start, int end, String name) {
    @Override
    public String toString() {
      return file;
    }
  }

  static Stream<Case> cases() {
    return Stream.of(
        new Case("scorer.py", "terms", 17, 28, "score"),
        new Case("Scorer.java", "length", 16, 32, "score"),
        new Case("scorer.js", "terms", 12, 22, "score"),
        new Case("scorer.ts", "terms", 19, 29, "score"),
        new Case("Scorer.tsx", "console", 11, 13, "onClick"),
        new Case("scorer.go", "normalise", 16, 29, "Score"),
        new Case("scorer.rs", "split_whitespace", 20, 33, "score"),
        new Case("scorer.c", "strlen", 18, 30, "scorer_score"),
        new Case("scorer.cpp", "static_cast", 24, 32, "score"),
        new Case("Scorer.cs", "Func", 23, 35, "Score"),
        new Case("scorer.rb", "call", 13, 21, "score"),
        new Case("Scorer.php", "array_map", 17, 29, "score"),
        new Case("Scorer.kt", "sumOf", 16, 27, "score"),
        new Case("scorer.sh", "local", 5, 12, "score"),
        new Case("Scorer.scala", "terms", 16, 26, "score"),
        new Case("Scorer.swift", "reduce", 17, 28, "score"),
        new Case("scorer.ex", "Enum", 8, 17, "score"),
        new Case("Scorer.hs", "words", 20, 28, "score"),
        new Case("scorer.dart", "fold", 15, 24, "score"),
        new Case("scorer.ml", "fold_left", 12, 19, "score"),
        // Lua by the heuristic: the published grammar cannot parse table constructors
        new Case("scorer.lua", "gmatch", 3, 16, "score"));
  }

  private static Path fixture(String name) throws URISyntaxException {
    return Path.of(
        Objects.requireNonNull(FnBoundaryTest.class.getResource("/outline/" + name)).toURI());
  }

  @ParameterizedTest
  @MethodSource("cases")
  void matchInsideAMethodBodySnapsToTheWholeMethod(Case c) throws URISyntaxException {
    Result result = FocusedRead.run(fixture(c.file()), c.word(), 0, Boundary.FN);
    assertEquals(1, result.chunks().size(), () -> result.chunks().toString());
    Chunk chunk = result.chunks().get(0);
    assertEquals(
        List.of(c.start(), c.end(), c.name()),
        List.of(chunk.lineStart(), chunk.lineEnd(), String.valueOf(chunk.symbol())));
  }

  @ParameterizedTest
  @MethodSource("cases")
  void queryNamingTheMethodRanksItsChunkAsTheDefinition(Case c) throws URISyntaxException {
    Path path = fixture(c.file());
    Definition method =
        Outliners.standard().outline(Fixtures.load(c.file())).named(c.name()).stream()
            .filter(d -> d.startLine() == c.start())
            .findFirst()
            .orElseThrow();
    Result result = FocusedRead.run(path, c.name(), 0, Boundary.FN);
    assertTrue(
        result.chunks().stream()
            .anyMatch(ch -> ch.lineStart() <= method.headerLine()
                && ch.lineEnd() >= method.headerLine()
                && ch.rankReasons().contains("definition")),
        () -> "no definition chunk over line " + method.headerLine() + " in " + result.chunks());
  }
}
