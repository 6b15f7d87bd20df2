package io.github.slicegrep.rank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.slicegrep.Omission;
import io.github.slicegrep.match.Hit;
import io.github.slicegrep.match.Region;
import io.github.slicegrep.outline.Outline;
import io.github.slicegrep.outline.Outliners;
import io.github.slicegrep.query.Query;
import io.github.slicegrep.query.QueryParser;
import io.github.slicegrep.source.SourceFile;
import io.github.slicegrep.source.Tokens;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** Which of a question's regions go on to be scored, and how the rest are listed. */
class RecallCutTest {
  private static final Query QUESTION =
      QueryParser.parse("how does the cache keep results between calls");

  private final Map<SourceFile, Outline> outlines = new IdentityHashMap<>();
  private final Map<Region, Double> relevance = new IdentityHashMap<>();

  /** One region per file, its relevance given; the file at {@code path} holds {@code text}. */
  private Region region(String path, String text, double value) {
    SourceFile f = SourceFile.of(Path.of(path), path, text);
    outlines.put(f, Outliners.standard().outline(f));
    Region r = new Region(f, 1, f.lineCount(), List.of(new Hit(1, 0)), null);
    relevance.put(r, value);
    return r;
  }

  private List<Region> plain(int count) {
    List<Region> out = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      out.add(region("src/m" + i + ".py", "def f" + i + "():\n    return cache\n", i));
    }
    return out;
  }

  /** BM25 recall as the cut sees it: each region's given relevance, with recall's reason. */
  private final Relevance bm25 =
      new Relevance() {
        @Override
        public double of(Region region) {
          return relevance.get(region);
        }

        @Override
        public String reason() {
          return "semantic-recall";
        }
      };

  private RecallCut cut(List<Region> regions, Query query) {
    return RecallCut.of(regions, bm25, query, outlines::get, FileFacts::of);
  }

  private static Set<String> files(List<Region> regions) {
    Set<String> out = new TreeSet<>();
    regions.forEach(r -> out.add(r.file().relativePath()));
    return out;
  }

  @Test
  void aQuestionWithFewRegionsScoresThemAll() {
    List<Region> regions = plain(RecallCut.CANDIDATES);
    RecallCut cut = cut(regions, QUESTION);
    assertEquals(regions, cut.candidates());
    assertTrue(cut.below().isEmpty());
  }

  @Test
  void theMostRelevantPassAndEveryOtherRegionIsListedUnrankedWithItsRelevance() {
    List<Region> regions = plain(RecallCut.CANDIDATES + 60);
    RecallCut cut = cut(regions, QUESTION);
    assertEquals(RecallCut.CANDIDATES, cut.candidates().size());
    for (Region r : cut.candidates()) {
      assertTrue(relevance.get(r) >= 60, r.file().relativePath());
    }
    assertEquals(60, cut.below().size());
    List<Omission> listed = cut.omissions();
    assertEquals(60, listed.size());
    for (int i = 0; i < listed.size(); i++) {
      Omission o = listed.get(i);
      Region r = cut.below().get(i);
      assertEquals(r.file().relativePath(), o.file());
      assertEquals(Omission.UNRANKED, o.why());
      assertEquals(Scorer.display(relevance.get(r)), o.score());
      assertEquals(Tokens.estimate(r.file(), r.start(), r.end()), o.tokens());
      assertEquals(List.of("semantic-recall"), o.reasons());
    }
  }

  @Test
  void testsAndDefinitionsOfNamedSymbolsPassEvenWithLowRelevance() {
    Query naming = QueryParser.parse("where is load_config called and what does it return");
    assertTrue(naming.symbols().contains("load_config"), naming.symbols().toString());
    List<Region> regions = new ArrayList<>(plain(RecallCut.CANDIDATES + 60));
    Region test = region("tests/test_config.py", "def test_it():\n    load_config(1)\n", -2);
    Region definition =
        region("src/config.py", "def load_config(path):\n    return path\n", -1);
    regions.add(test);
    regions.add(definition);
    RecallCut cut = cut(regions, naming);
    assertTrue(cut.candidates().contains(test));
    assertTrue(cut.candidates().contains(definition));
    assertEquals(RecallCut.CANDIDATES + 2, cut.candidates().size());
  }

  @Test
  void tiesAreBrokenByPathSoTheCutDoesNotDependOnOrder() {
    List<Region> regions = plain(RecallCut.CANDIDATES + 100);
    regions.forEach(r -> relevance.put(r, 1.0));
    Set<String> first = files(cut(regions, QUESTION).candidates());
    Random random = new Random(20261130);
    for (int round = 0; round < 5; round++) {
      List<Region> shuffled = new ArrayList<>(regions);
      Collections.shuffle(shuffled, random);
      assertEquals(first, files(cut(shuffled, QUESTION).candidates()));
    }
    Function<Region, String> path = r -> r.file().relativePath();
    List<String> sorted = regions.stream().map(path).sorted().toList();
    assertEquals(Set.copyOf(sorted.subList(0, RecallCut.CANDIDATES)), first);
  }
}
