package io.github.slicegrep.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LanguageTest {

  @ParameterizedTest
  @CsvSource({
    "Scorer.scala, SCALA", "build.sc, SCALA", "Scorer.swift, SWIFT", "init.lua, LUA",
    "scorer.ex, ELIXIR", "scorer_test.exs, ELIXIR", "Scorer.hs, HASKELL", "scorer.dart, DART",
    "scorer.ml, OCAML", "scorer.mli, OCAML", "SCORER.HS, HASKELL", "scorer.py, PYTHON",
    "notes.txt, OTHER", "Makefile, OTHER", "scorer., OTHER"
  })
  void extensionPicksTheLanguage(String file, Language language) {
    assertEquals(language, Language.of(file));
  }

  @ParameterizedTest
  @CsvSource({"ELIXIR, #", "HASKELL, --", "LUA, --", "SCALA, //", "DART, //"})
  void lineCommentMarkers(Language language, String marker) {
    assertEquals(marker, language.lineComment());
    assertTrue(language.isCode());
  }

  @ParameterizedTest
  @CsvSource({"OCAML", "ELIXIR", "HASKELL"})
  void languagesWithoutSlashStarCommentsSayNoBlockComments(Language language) {
    assertFalse(language.hasBlockComments());
  }

  @Test
  void ocamlHasNoLineCommentMarker() {
    assertNull(Language.OCAML.lineComment());
  }
}
