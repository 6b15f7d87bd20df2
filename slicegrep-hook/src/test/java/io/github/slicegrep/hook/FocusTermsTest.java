package io.github.slicegrep.hook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.slicegrep.hook.FocusTerms.Turn;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FocusTermsTest {
  @TempDir Path dir;

  @Test
  void termsFromTheNewestUserTurnRankFirst() throws IOException {
    Path t =
        Fixtures.transcript(
            dir, "s1",
            "The cache_eviction logic in LruStore looks wrong, can you check it?",
            "I looked at cache_eviction in LruStore; it evicts by insertion order.",
            "Never mind that. Why does parse_header reject folded lines in HeaderParser?");
    List<String> terms = FocusTerms.mine(t, 64 * 1024);
    assertEquals(
        Set.of("parse_header", "HeaderParser"), Set.copyOf(terms.subList(0, 2)), terms.toString());
    assertTrue(terms.indexOf("cache_eviction") > 1, terms.toString());
  }

  @Test
  void aUserTurnOutweighsAnAssistantTurnOfTheSameAge() {
    List<String> ranked =
        FocusTerms.rank(
            List.of(new Turn(true, "look at quantile_sketch"), new Turn(false, "bucket_merge")));
    // the assistant's turn is newer, yet the user's word leads: 3 * 0.75 > 1
    assertEquals("quantile_sketch", ranked.get(0));
  }

  @Test
  void plainWordsCountOnlyWhenNoIdentifierIsNamed() {
    assertEquals(
        List.of("flushBuffer"),
        FocusTerms.rank(List.of(new Turn(true, "please explain how the renderer uses flushBuffer"))));
    List<String> plain =
        FocusTerms.rank(List.of(new Turn(true, "please explain how the renderer wraps long lines")));
    assertEquals(Set.of("renderer", "wraps", "long"), Set.copyOf(plain));
  }

  @Test
  void toolCallsToolResultsAndRemindersAreNotConversation() throws IOException {
    List<String> lines = new ArrayList<>();
    lines.add(Fixtures.message("user", "s", 0, "where is retry_budget computed?"));
    lines.add(
        Fixtures.message(
            "assistant", "s", 1,
            List.of(Fixtures.toolUse("Read", Map.of("file_path", "/w/zebra_noise.py")))));
    lines.add(
        Fixtures.message(
            "user", "s", 2,
            List.of(Fixtures.toolResult("zebra_noise zebra_noise zebra_noise ostrich_noise"))));
    lines.add(
        Fixtures.message(
            "user", "s", 3,
            List.of(Fixtures.text("<system-reminder>walrus_noise walrus_noise</system-reminder>"))));
    Path t = dir.resolve("t.jsonl");
    Files.write(t, lines, StandardCharsets.UTF_8);
    List<String> terms = FocusTerms.mine(t, 64 * 1024);
    assertEquals("retry_budget", terms.get(0));
    for (String noise : List.of("zebra_noise", "ostrich_noise", "walrus_noise", "Read")) {
      assertFalse(terms.contains(noise), noise + " in " + terms);
    }
  }

  @Test
  void onlyTheTailIsReadAndACutLineIsSkipped() throws IOException {
    List<String> lines = new ArrayList<>();
    lines.add(Fixtures.message("user", "s", 0, "old_subject " + "x".repeat(5000)));
    lines.add(Fixtures.message("user", "s", 1, "new_subject please"));
    Path t = dir.resolve("t.jsonl");
    Files.write(t, lines, StandardCharsets.UTF_8);
    // the window starts inside the first (long) line: it must be dropped, not half-parsed
    assertEquals(List.of("new_subject"), FocusTerms.mine(t, lines.get(1).length() + 200));
  }

  @Test
  void malformedLinesAndMissingTranscriptsGiveNoTerms() throws IOException {
    Path t = dir.resolve("t.jsonl");
    Files.writeString(t, "{not json\n[1,2]\n\n{\"type\":\"user\"}\n");
    assertEquals(List.of(), FocusTerms.mine(t, 1024));
    assertEquals(List.of(), FocusTerms.mine(dir.resolve("missing.jsonl"), 1024));
    assertEquals(List.of(), FocusTerms.mine(null, 1024));
    assertEquals(List.of(), FocusTerms.mine(dir, 1024));
  }

  @Test
  void termsAreCappedAndDunderNamesLoseTheirUnderscores() {
    StringBuilder many = new StringBuilder("__init__ ");
    for (int i = 0; i < 30; i++) {
      many.append("term_").append(i).append(' ');
    }
    List<String> ranked = FocusTerms.rank(List.of(new Turn(true, many.toString())));
    assertEquals(FocusTerms.MAX_TERMS, ranked.size());
    assertTrue(FocusTerms.rank(List.of(new Turn(true, "__init__"))).contains("init"));
  }

  @Test
  void identifierShapes() {
    assertTrue(FocusTerms.isIdentifier("parse_args"));
    assertTrue(FocusTerms.isIdentifier("parseArgs"));
    assertTrue(FocusTerms.isIdentifier("HTTPConnection"));
    assertFalse(FocusTerms.isIdentifier("Parser"));
    assertFalse(FocusTerms.isIdentifier("parser"));
  }
}
