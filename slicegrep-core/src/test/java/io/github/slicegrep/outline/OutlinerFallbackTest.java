package io.github.slicegrep.outline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.slicegrep.source.Language;
import io.github.slicegrep.source.SourceFile;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class OutlinerFallbackTest {
  private static final Outliner HEURISTIC = new HeuristicOutliner();

  /** Lua has no grammar (the published one cannot parse table constructors: LuaGrammarTest). */
  private static final String LUA =
      """
      local M = {}
      function M.run(args)
        print(#args)
      end
      return M
      """;

  @Test
  void grammarThatFailsToLoadFallsBackToTheHeuristic() {
    Outliner outliner =
        new TreeSitterOutliner(
            language -> {
              throw new UnsatisfiedLinkError("no native library for this platform");
            },
            HEURISTIC);
    SourceFile file = Fixtures.load("scorer.py");
    Outline outline = outliner.outline(file);
    assertEquals(HEURISTIC.outline(file).definitions(), outline.definitions());
    assertFalse(outline.definitions().isEmpty());
  }

  @Test
  void parserThatThrowsFallsBackToTheHeuristic() {
    Grammar java = new Grammars().forLanguage(Language.JAVA).orElseThrow();
    Outliner outliner =
        new TreeSitterOutliner(
            language -> {
              if (language == Language.GO) {
                throw new IllegalStateException("parser crashed");
              }
              return Optional.of(java);
            },
            HEURISTIC);
    SourceFile go = Fixtures.load("scorer.go");
    assertEquals(HEURISTIC.outline(go).definitions(), outliner.outline(go).definitions());
  }

  @Test
  void fileOverTheParseLimitIsOutlinedByTheHeuristic() {
    SourceFile java = Fixtures.load("Scorer.java");
    Grammars grammars = new Grammars();
    long size = String.join("\n", java.lines()).length() + 1;
    Outliner justBelow = new TreeSitterOutliner(grammars::forLanguage, HEURISTIC, size);
    Outliner justAbove = new TreeSitterOutliner(grammars::forLanguage, HEURISTIC, size - 1);
    // The heuristic skips abstract methods; the parser marks them declaration-only.
    assertTrue(justBelow.outline(java).isDeclarationOnly(39));
    assertEquals(HEURISTIC.outline(java).definitions(), justAbove.outline(java).definitions());
    assertTrue(justAbove.outline(java).named("size").isEmpty());
  }

  @Test
  void languageWithoutAGrammarIsOutlinedByTheHeuristic() {
    SourceFile lua = Fixtures.text("main.lua", LUA);
    Outline outline = Outliners.standard().outline(lua);
    assertEquals(HEURISTIC.outline(lua).definitions(), outline.definitions());
    Definition run = outline.enclosing(3).orElseThrow();
    assertEquals(
        List.of("run", "M.run", 2, 4),
        List.of(run.name(), run.qualifiedName(), run.startLine(), run.endLine()));
  }

  @Test
  void fileOfNoLanguageHasAnEmptyOutline() {
    SourceFile notes = Fixtures.text("notes.txt", "def fake():\n  pass\n");
    assertTrue(Outliners.standard().outline(notes).definitions().isEmpty());
  }

  @Test
  void codeTheParserFindsNoDefinitionInFallsBackToTheHeuristic() {
    // tree-sitter-python turns this whole file into one ERROR node; the header regex still
    // sees the function.
    SourceFile broken = Fixtures.text("broken.py", "def f(:\n    x = ((\n    return x\n");
    Outline outline = Outliners.standard().outline(broken);
    assertEquals(HEURISTIC.outline(broken).definitions(), outline.definitions());
    assertEquals(List.of("f"), outline.definitions().stream().map(Definition::name).toList());
  }

  @Test
  void brokenCodeStillYieldsTheDefinitionsAroundTheBreak() {
    SourceFile broken =
        Fixtures.text(
            "Broken.java",
            """
            class Broken {
              void fine() {
                return;
              }

              void broken( {
                int x = ;
              }

              void alsoFine() {
                return;
              }
            }
            """);
    Outline outline = Outliners.standard().outline(broken);
    Definition fine = outline.named("fine").get(0);
    Definition alsoFine = outline.named("alsoFine").get(0);
    assertEquals(List.of(2, 4, 10, 12),
        List.of(fine.startLine(), fine.endLine(), alsoFine.startLine(), alsoFine.endLine()));
  }

  @Test
  void definitionsInsideARegionTheGrammarGetsWrongAreRecoveredByTheHeuristic() {
    // tree-sitter-bash 0.23.3 turns everything from g's test command on into an ERROR node.
    SourceFile script =
        Fixtures.text(
            "tool.sh",
            """
            f() {
              echo hi
            }

            g() {
              for L in "$@"; do
                [ "$OP" "$L" ] || continue
              done
            }

            h() {
              echo bye
            }
            """);
    Outline outline = Outliners.standard().outline(script);
    assertEquals(
        List.of(List.of("f", 1, 3), List.of("g", 5, 9), List.of("h", 11, 13)),
        outline.definitions().stream()
            .map(d -> List.<Object>of(d.name(), d.startLine(), d.endLine()))
            .toList());
  }

  @Test
  void randomBytesNeverMakeTheOutlinerThrow() {
    Random random = new Random(20240611L);
    String alphabet = "{}()[];:=<>\"'`#/*\\\n \tdefclassfnfunc é😀";
    for (Language language : List.of(Language.values())) {
      for (int round = 0; round < 5; round++) {
        StringBuilder text = new StringBuilder();
        int[] codePoints = alphabet.codePoints().toArray();
        for (int i = 0; i < 400; i++) {
          text.appendCodePoint(codePoints[random.nextInt(codePoints.length)]);
        }
        SourceFile file = Fixtures.text("random." + extension(language), text.toString());
        Outline outline = Outliners.standard().outline(file);
        for (Definition d : outline.definitions()) {
          assertTrue(d.endLine() <= Math.max(1, file.lineCount()), () -> d + " past the end");
        }
      }
    }
  }

  @Test
  void grammarsLoadOnlyForTheLanguagesOutlined() {
    Grammars grammars = new Grammars();
    Outliner outliner = new TreeSitterOutliner(grammars::forLanguage, HEURISTIC);
    outliner.outline(Fixtures.load("scorer.py"));
    outliner.outline(Fixtures.text("main.lua", LUA));
    assertEquals(Set.of(Language.PYTHON), grammars.attempted());
  }

  private static String extension(Language language) {
    return switch (language) {
      case PYTHON -> "py";
      case JAVA -> "java";
      case JAVASCRIPT -> "js";
      case TYPESCRIPT -> "ts";
      case TSX -> "tsx";
      case GO -> "go";
      case RUST -> "rs";
      case C -> "c";
      case CPP -> "cpp";
      case CSHARP -> "cs";
      case RUBY -> "rb";
      case PHP -> "php";
      case KOTLIN -> "kt";
      case BASH -> "sh";
      case SCALA -> "scala";
      case SWIFT -> "swift";
      case DART -> "dart";
      case LUA -> "lua";
      case ELIXIR -> "ex";
      case HASKELL -> "hs";
      case OCAML -> "ml";
      case OTHER -> "txt";
    };
  }
}
