package io.github.slicegrep.outline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.slicegrep.source.SourceFile;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The heuristic alone (what a language gets without a grammar, or where its grammar has no native
 * build for the platform) still finds the common definitions with their ranges.
 */
class HeuristicOutlinerTest {

  record Case(String file, List<String> definitions) {
    @Override
    public String toString() {
      return file;
    }
  }

  static Stream<Case> cases() {
    return Stream.of(
        new Case("Shapes.scala", List.of(
            "3-6 trait Shape",
            "8-13 class Circle",
            "9-12 method Circle.area",
            "15-18 object Shapes")),
        new Case("Shapes.swift", List.of(
            "3-6 interface Shape",
            "8-15 struct Circle",
            "11-14 method Circle.area",
            "17-25 class Registry",
            "20-24 method Registry.add")),
        new Case("shapes.dart", List.of(
            "1-3 class Shape",
            "5-14 class Circle",
            "9-13 method Circle.area",
            "16-18 function main")),
        new Case("shapes.lua", List.of(
            "4-7 function M.area",
            "9-14 function helper")));
  }

  @ParameterizedTest
  @MethodSource("cases")
  void commonDefinitionsAreFoundWithTheirRanges(Case c) {
    Outline outline = Outliners.heuristic().outline(Fixtures.load("heuristic/" + c.file()));
    assertEquals(
        c.definitions(),
        outline.definitions().stream()
            .map(d -> d.startLine() + "-" + d.endLine() + " " + d.kind().label() + " "
                + d.qualifiedName())
            .toList());
  }

  /**
   * A Python header is told by its first word wherever the line is indented (tabs, spaces, a
   * form feed), and a word that only begins with one ({@code defaults}, {@code classes}) is not.
   */
  @Test
  void pythonHeadersAreToldByTheirFirstWord() {
    String text =
        String.join(
            "\n",
            "defaults = {}",
            "classes = []",
            "class Shape:",
            "\tdef area(self):",
            "\t\treturn 0",
            "  \f  async def load(self):",
            "        await x",
            "asyncio = None",
            "async  def  spaced():",
            "    pass",
            "def",
            "class Bare: pass");
    Outline outline =
        Outliners.heuristic().outline(SourceFile.of(Path.of("shapes.py"), "shapes.py", text));
    assertEquals(
        List.of(
            "3-7 class Shape", "4-5 method Shape.area", "6-7 method Shape.load",
            "9-10 function spaced", "12-12 class Bare"),
        outline.definitions().stream()
            .map(d -> d.startLine() + "-" + d.endLine() + " " + d.kind().label() + " "
                + d.qualifiedName())
            .toList());
  }
}
