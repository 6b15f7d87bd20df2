package io.github.slicegrep.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class AbbreviationsTest {
  @Test
  void aWordGivesTheShortFormsCodeWritesItIn() {
    assertEquals(List.of("dir", "dirs"), Abbreviations.of("directory"));
    assertEquals(List.of("dir", "dirs"), Abbreviations.of("directories"), "by its stem");
    assertEquals(List.of("db"), Abbreviations.of("database"));
    assertEquals(List.of(), Abbreviations.of("socket"));
    assertEquals(List.of(), Abbreviations.of("Windows"), "a proper noun is no window");
    assertEquals(List.of(), Abbreviations.of("request"),
        "req and request both fill web code: the short form tells nothing apart");
  }

  @Test
  void anAdverbInIlyAlsoReadsAsItsAdjective() {
    assertEquals(List.of("lazily", "lazy"), Abbreviations.forms("lazily"));
    assertEquals(List.of("easily", "easy"), Abbreviations.forms("easily"));
    assertEquals(List.of("daily"), Abbreviations.forms("daily"), "too short to be an adverb");
    assertEquals(List.of("lazily"), Abbreviations.forms("Lazily"), "a name keeps its spelling");
    assertEquals(List.of("quickly"), Abbreviations.forms("quickly"),
        "the stemmer already reads quickly as quick");
  }

  @Test
  void twoWordsMakeTheIdentifiersEitherShortenedSpells() {
    List<String> c = Abbreviations.compounds("temporary", "directory");
    assertTrue(c.containsAll(List.of("tmpdir", "tempdir", "tmpdirectory", "temporarydir")),
        c.toString());
    assertFalse(c.contains("temporarydirectory"), "the words as written are the question's own");
    assertTrue(Abbreviations.compounds("window", "size").contains("winsize"));
    assertEquals(List.of(), Abbreviations.compounds("socket", "reader"));
  }
}
