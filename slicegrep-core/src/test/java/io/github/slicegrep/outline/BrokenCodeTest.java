package io.github.slicegrep.outline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.slicegrep.source.SourceFile;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A syntax error in one function of a Scala, Swift, Elixir, Haskell, Dart, TypeScript or OCaml
 * file leaves the functions before and after it outlined with their exact ranges: the parser
 * recovers (a TypeScript file's token scan leaves broken code to it), and where it gives up the
 * heuristic's definitions fill the {@code ERROR} region.
 */
class BrokenCodeTest {

  /**
   * @param file a file name (its extension picks the grammar)
   * @param text the source, with an unclosed parenthesis in {@code broken}
   * @param fine the range of the function above the break
   * @param after the name and range of the function below it
   */
  record Case(String file, String text, List<Integer> fine, List<Object> after) {
    @Override
    public String toString() {
      return file;
    }
  }

  static Stream<Case> cases() {
    return Stream.of(
        new Case("B.scala", """
            object B {
              def fine(x: Int): Int = {
                x + 1
              }

              def broken(x: Int): Int = {
                val y = (x +
              }

              def alsoFine(x: Int): Int = {
                x * 2
              }
            }
            """, List.of(2, 4), List.of("alsoFine", 10, 12)),
        new Case("B.swift", """
            struct B {
                func fine(x: Int) -> Int {
                    return x + 1
                }

                func broken(x: Int) -> Int {
                    let y = (x +
                }

                func alsoFine(x: Int) -> Int {
                    return x * 2
                }
            }
            """, List.of(2, 4), List.of("alsoFine", 10, 12)),
        new Case("b.ex", """
            defmodule B do
              def fine(x) do
                x + 1
              end

              def broken(x) do
                y = (x +
              end

              def also_fine(x) do
                x * 2
              end
            end
            """, List.of(2, 4), List.of("also_fine", 10, 12)),
        new Case("B.hs", """
            module B where

            fine :: Int -> Int
            fine x = x + 1

            broken :: Int -> Int
            broken x = let y = (x + in y

            alsoFine :: Int -> Int
            alsoFine x =
              x * 2
            """, List.of(3, 4), List.of("alsoFine", 9, 11)),
        new Case("b.dart", """
            class B {
              int fine(int x) {
                return x + 1;
              }

              int broken(int x) {
                final y = (x + ;
              }

              int alsoFine(int x) {
                return x * 2;
              }
            }
            """, List.of(2, 4), List.of("alsoFine", 10, 12)),
        new Case("b.ts", """
            class B {
              fine(x: number): number {
                return x + 1;
              }

              broken(x: number): number {
                const y = (x + ;
              }

              alsoFine(x: number): number {
                return x * 2;
              }
            }
            """, List.of(2, 4), List.of("alsoFine", 10, 12)),
        new Case("b.ml", """
            let fine x =
              x + 1

            let broken x =
              let y = (x + in
              y

            let also_fine x =
              x * 2
            """, List.of(1, 2), List.of("also_fine", 8, 9)));
  }

  @ParameterizedTest
  @MethodSource("cases")
  void definitionsAroundASyntaxErrorKeepTheirRanges(Case c) {
    SourceFile file = Fixtures.text(c.file(), c.text());
    Outline outline = Outliners.standard().outline(file);
    Definition fine = outline.named("fine").get(0);
    String afterName = (String) c.after().get(0);
    Definition after = outline.named(afterName).get(0);
    assertEquals(
        List.of(c.fine(), c.after()),
        List.of(
            List.of(fine.startLine(), fine.endLine()),
            List.of(after.name(), after.startLine(), after.endLine())));
  }

  /**
   * An {@code .mli} file is OCaml, but the published jar has only the implementation grammar: its
   * {@code val} specifications parse as errors and come from the heuristic, as declarations.
   */
  @Test
  void ocamlInterfaceFileListsItsValSpecificationsAsDeclarations() {
    SourceFile mli = Fixtures.text("scorer.mli", """
        type t

        val score : t ->
          string -> float

        module Registry : sig
          val lookup : string -> t option
        end
        """);
    assertEquals(
        List.of("score 3-4 true", "Registry 6-8 false", "Registry.lookup 7-7 true"),
        Outliners.standard().outline(mli).definitions().stream()
            .map(d -> d.qualifiedName() + " " + d.startLine() + "-" + d.endLine() + " "
                + d.declarationOnly())
            .toList());
  }
}
