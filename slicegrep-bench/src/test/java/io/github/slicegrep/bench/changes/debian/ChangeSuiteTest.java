package io.github.slicegrep.bench.changes.debian;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.slicegrep.Options;
import io.github.slicegrep.bench.questions.Engine;
import io.github.slicegrep.bench.strategy.IndexedRetrieval;
import io.github.slicegrep.bench.strategy.SearchContext;
import io.github.slicegrep.bench.truth.CorpusFacts;
import io.github.slicegrep.bench.truth.Lang;
import io.github.slicegrep.bench.truth.SourceSet;
import io.github.slicegrep.bench.truth.Span;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChangeSuiteTest {
  static final int CAP = 1200;

  /** A package of many small functions about deadlines, one of them the change's place. */
  static Path corpus(Path dir) throws IOException {
    Path pkg = Files.createDirectories(dir.resolve("pkg"));
    for (int f = 0; f < 4; f++) {
      StringBuilder sb = new StringBuilder();
      for (int i = 0; i < 8; i++) {
        sb.append("def deadline_check_").append(f).append('_').append(i)
            .append("(entries, now):\n    # drop entries whose deadline passed\n")
            .append("    return [e for e in entries if e.deadline > now + ").append(i)
            .append("]\n\n\n");
      }
      Files.writeString(pkg.resolve("timers" + f + ".py"), sb.toString());
    }
    Files.writeString(pkg.resolve("cache.py"), "def expire_stale_cache_entries(cache, clock):\n"
        + "    stale = [k for k, v in cache.items() if v.expiry < clock()]\n"
        + "    for k in stale:\n        del cache[k]\n");
    return dir;
  }

  @Test
  void slicegrepHeldToTheCapReadsNoMoreAndTheSuiteSumsUp(@TempDir Path dir) throws IOException {
    SearchContext ctx = new SearchContext(new CorpusFacts("c", Lang.PYTHON,
        SourceSet.load(corpus(dir))));
    ChangeRequest cache = new ChangeRequest("c", "1.patch", "expire stale cache entries",
        List.of(new Span("pkg/cache.py", 2, 2)));
    ChangeRequest deadline = new ChangeRequest("c", "2.patch", "drop entries whose deadline"
        + " passed", List.of(new Span("pkg/timers1.py", 3, 3), new Span("pkg/timers3.py", 9, 9)));
    List<ChangeSuite.Entrant> entrants = List.of(
        new ChangeSuite.Entrant(CAP, Engine.slicegrepWithin("slicegrep", Options.defaults(), CAP)),
        new ChangeSuite.Entrant(CAP, Engine.slicegrep("slicegrep-code-budget",
            Options.defaults().withBudget(CAP))),
        new ChangeSuite.Entrant(CAP, Engine.indexed(IndexedRetrieval.Kind.BM25_WINDOWS, CAP)));
    List<ChangeSuite.Row> rows = new ChangeSuite(entrants,
        new PrintStream(new ByteArrayOutputStream()))
        .run(List.of(new ChangeSuite.Target(ctx, List.of(cache, deadline))));
    assertEquals(6, rows.size());
    for (ChangeSuite.Row r : rows) {
      if (!r.entrant().engine().name().equals("slicegrep-code-budget")) {
        assertTrue(r.judgement().tokens() <= CAP, r.entrant().label() + " read "
            + r.judgement().tokens());
      }
    }
    // The report around the code is read too: at the same code budget it costs more.
    ChangeSuite.Row within = rows.get(3);
    ChangeSuite.Row codeBudget = rows.get(4);
    assertEquals("slicegrep", within.entrant().engine().name());
    assertTrue(codeBudget.judgement().tokens() > within.judgement().tokens(),
        codeBudget.judgement().tokens() + " vs " + within.judgement().tokens());
    // The cache request's one region is one small function: found, it is a hit.
    assertTrue(rows.get(0).judgement().hit(), ChangeSuite.trace(rows));
    Map<String, Map<String, ChangeSuite.Summary>> s = ChangeSuite.summarise(rows);
    ChangeSuite.Summary all = s.get("slicegrep @" + CAP).get(ChangeSuite.ALL);
    assertEquals(2, all.requests());
    assertEquals(all, s.get("slicegrep @" + CAP).get("c"));
    assertTrue(all.low() <= all.rate() && all.rate() <= all.high());
    assertTrue(ChangeSuite.markdown(s).contains("| bm25-windows @" + CAP + " | all | 2 |"));
  }
}
