package io.github.slicegrep.match;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.slicegrep.query.Fragment;
import io.github.slicegrep.query.Query;
import io.github.slicegrep.query.QueryParser;
import io.github.slicegrep.source.SourceFile;
import io.github.slicegrep.source.TreeFilter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The literal fast path finds exactly the hits of running every fragment on every line: it may
 * only skip lines that cannot match, whatever the case folding and regex syntax.
 */
class LineScannerTest {
  private static final List<String> QUERIES =
      List.of(
          "get_object",
          "Kelvin|sort",
          "def\\s+score|class Scorer",
          "budget_?packing",
          "colou?r|ab+c|x{2,3}y",
          "[Ss]corer\\.rank|(foo|bar)baz",
          "\\bscore\\b|score\\(",
          "(?<=def )score|(\\w+)\\s+\\1",
          "\\x41BC|\\Qa.b\\E|(?x) a b",
          "how does the scorer rank results when packing budgets",
          "ünïcode|straße|İstanbul",
          "score(",
          "queryset_?cache|key cache|set-up",
          // Spellings that hold other spellings are looked for where those occur.
          "how does the queryset cache results when iterating",
          "cache|cache_?key|mycache_key|che_k");

  private static final List<String> LINES =
      List.of(
          "def score(self):", "class SCORER:", "  return budgetPacking", "budget_packing = 1",
          "KELVIN \u212Aelvin", "\u017Fort the list", "\u0130stanbul istanbul", "color colour",
          "abbbc ac", "xxy xxxy xy", "scorer.rank() Scorer.Rank", "foobaz barbaz", "",
          "a".repeat(LineScanner.MAX_MATCHED_LINE_CHARS + 1) + " score", "score score",
          "ABC a.b ab", "ünïcode STRASSE straße", "results when iterating", "get_OBJECT",
          "QuerySet_Cache querysetcache", "query\u017Fet_cache", "\u212Aey cache KEY CACHE",
          "set-up SET-UP", "queryset_\u212Aache",
          "queryset x queryset_cache", "querysetqueryset_cache", "results cache_results",
          "cacheresults", "RESULTSITERATING iterating", "mycache_key cache_key", "cachecache_key",
          "mycache_\u212Aey", "a".repeat(LineScanner.MAX_MATCHED_LINE_CHARS) + " cache_key");

  @Test
  void fastPathFindsExactlyTheLinesEveryFragmentMatches() {
    Random random = new Random(7);
    for (String q : QUERIES) {
      Query query = QueryParser.parse(q);
      for (int round = 0; round < 30; round++) {
        List<String> lines = new ArrayList<>();
        int n = 1 + random.nextInt(40);
        for (int i = 0; i < n; i++) {
          lines.add(LINES.get(random.nextInt(LINES.size())));
        }
        SourceFile file = SourceFile.of(Path.of("a.py"), "a.py", String.join("\r\n", lines));
        List<Hit> expected = everyLine(file, query);
        assertEquals(expected, LineScanner.of(query).scan(file), q);
        // Searched again, the file answers through its vocabulary: the same hits.
        assertEquals(expected, LineScanner.of(query).scan(file), q + " (vocabulary)");
        assertEquals(expected, LineScanner.of(query).scan(file), q + " (vocabulary, built)");
      }
    }
  }

  /**
   * A tree filter only spares work: scanning many files through one finds the same hits, for
   * the files it was built from and for files read since (which it does not answer for), and a
   * phrase occurs in them exactly when it does without one.
   */
  @Test
  void aTreeFilterChangesNoHit() {
    Random random = new Random(11);
    List<SourceFile> files = new ArrayList<>();
    for (int k = 0; k < 90; k++) {
      List<String> lines = new ArrayList<>();
      int n = 1 + random.nextInt(12);
      for (int i = 0; i < n; i++) {
        lines.add(LINES.get(random.nextInt(LINES.size())));
      }
      SourceFile file = SourceFile.of(Path.of("f" + k + ".py"), "f" + k + ".py",
          String.join("\n", lines));
      file.trigrams(); // as a scan leaves it: with its filter
      files.add(file);
    }
    TreeFilter filter = Objects.requireNonNull(TreeFilter.of(files));
    List<SourceFile> later = new ArrayList<>(files);
    later.set(5, SourceFile.of(Path.of("f5.py"), "f5.py", "results when iterating\nKelvin"));
    later.set(70, SourceFile.of(Path.of("f70.py"), "f70.py", "def score(self):"));
    for (String q : QUERIES) {
      Query query = QueryParser.parse(q);
      LineScanner scanner = LineScanner.of(query);
      for (List<SourceFile> now : List.of(files, later)) {
        List<List<Hit>> expected = new ArrayList<>();
        for (SourceFile f : now) {
          expected.add(everyLine(f, query));
        }
        assertEquals(expected, scanner.scanAll(now, filter.fit(now)), q);
        for (Fragment fragment : query.fragments()) {
          assertEquals(
              LineScanner.occursIn(now, fragment, null),
              LineScanner.occursIn(now, fragment, filter.fit(now)), q + " / " + fragment);
        }
      }
    }
  }

  /**
   * A file from the persistent index is read only if its stored filter lets a literal through:
   * a search that reads every file would make the index worthless.
   */
  @Test
  void aFileTheFilterRulesOutIsNeverRead() {
    int[] reads = {0};
    SourceFile deferred =
        SourceFile.deferred(
            Path.of("a.py"), "a.py",
            () -> {
              reads[0]++;
              return List.of("def alpha():", "    return beta");
            },
            literal -> false);
    for (String q : List.of("get_object_or_404", "alpha|beta", "how does the cache keep results")) {
      LineScanner scanner = LineScanner.of(QueryParser.parse(q));
      for (int search = 0; search < 3; search++) {
        assertEquals(List.of(), scanner.scan(deferred), q);
      }
    }
    assertEquals(0, reads[0]);
  }

  @Test
  void requiredLiteralsAreConservative() {
    assertEquals(Optional.of("get_object"), literal("get_Object"));
    assertEquals(Optional.of("packing"), literal("budget_?packing"));
    assertEquals(Optional.of("scorer.rank"), literal("scorer\\.rank"));
    assertEquals(Optional.of("score"), literal("\\bscore\\b"));
    assertEquals(Optional.of("baz"), literal("(foo|bar)baz"));
    assertEquals(Optional.empty(), literal("\\x41BC"));
    assertEquals(Optional.empty(), literal("(?x) a b"));
    assertEquals(Optional.of("stra"), literal("straße"));
  }

  @Test
  void exactLiteralsSpellOutSimpleFragmentsOnly() {
    assertEquals(Optional.of(List.of("querysetcache", "queryset_cache")), exact("queryset_?cache"));
    assertEquals(Optional.of(List.of("get_object")), exact("get_Object"));
    assertEquals(Optional.of(List.of("key cache")), exact("key cache"));
    assertEquals(Optional.empty(), exact("straße")); // not ASCII: the matcher decides
    assertEquals(Optional.of(List.of("color", "colour")), exact("colou?r|x"));
    assertEquals(Optional.empty(), exact("ab+c"));
    assertEquals(Optional.empty(), exact("a?b?c?d?e")); // too many spellings
    assertEquals(Optional.empty(), exact("ab?")); // one spelling would be a single letter
  }

  private static Optional<List<String>> exact(String fragment) {
    return RequiredLiteral.exact(QueryParser.parse(fragment).fragments().get(0));
  }

  private static Optional<String> literal(String fragment) {
    return RequiredLiteral.of(QueryParser.parse(fragment).fragments().get(0));
  }

  private static List<Hit> everyLine(SourceFile file, Query query) {
    List<Hit> hits = new ArrayList<>();
    for (int i = 0; i < file.lineCount(); i++) {
      String line = file.lines().get(i);
      if (line.isEmpty() || line.length() > LineScanner.MAX_MATCHED_LINE_CHARS) {
        continue;
      }
      List<Fragment> fragments = query.fragments();
      for (int f = 0; f < fragments.size(); f++) {
        if (fragments.get(f).matches(line)) {
          hits.add(new Hit(i + 1, f));
        }
      }
    }
    return hits;
  }
}
