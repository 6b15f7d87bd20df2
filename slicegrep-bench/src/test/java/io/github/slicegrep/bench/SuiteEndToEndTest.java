package io.github.slicegrep.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.slicegrep.bench.metrics.Tokens;
import io.github.slicegrep.bench.strategy.AgentLoop;
import io.github.slicegrep.bench.strategy.Retrieval;
import io.github.slicegrep.bench.strategy.SearchContext;
import io.github.slicegrep.bench.strategy.Strategy;
import io.github.slicegrep.bench.strategy.WholeFileRead;
import io.github.slicegrep.bench.suite.Judge;
import io.github.slicegrep.bench.suite.Outcome;
import io.github.slicegrep.bench.suite.Report;
import io.github.slicegrep.bench.suite.Stats;
import io.github.slicegrep.bench.suite.Suite;
import io.github.slicegrep.bench.truth.CorpusFacts;
import io.github.slicegrep.bench.truth.Family;
import io.github.slicegrep.bench.truth.Lang;
import io.github.slicegrep.bench.truth.SourceSet;
import io.github.slicegrep.bench.truth.Span;
import io.github.slicegrep.bench.truth.Task;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The whole suite on a fixture corpus made here: no downloads. */
class SuiteEndToEndTest {
  @TempDir Path tmp;
  private Path root;
  private SearchContext ctx;

  private static final Span DEF = new Span("pkg/billing.py", 6, 11);
  private static final Span CALL = new Span("pkg/report.py", 6, 6);

  @BeforeEach
  void corpus() throws IOException {
    root = Fixture.write(tmp.resolve("fx"));
    ctx = new SearchContext(new CorpusFacts("fx", Lang.PYTHON, SourceSet.load(root)));
  }

  private static Task chainTask() {
    return new Task("fx/cross-file-call-chain/compute_total", "fx", "python",
        Family.CALL_CHAIN.label(), "compute_total", List.of(List.of(DEF), List.of(CALL)));
  }

  private boolean hit(Task t, Span... shown) {
    return Judge.hit(t, new Retrieval("", List.of(shown), 1), ctx.sources());
  }

  @Test
  void hitMeansEveryNonBlankTruthLineWasShown() {
    Task t = chainTask();
    assertFalse(hit(t, DEF), "the call site is missing");
    assertTrue(hit(t, new Span("pkg/billing.py", 5, 12), CALL));
    assertFalse(hit(t, new Span("pkg/billing.py", 6, 10), CALL), "last line of the body missing");
    assertTrue(hit(t, new Span("pkg/billing.py", 6, 9), new Span("pkg/billing.py", 10, 11),
        new Span("pkg/report.py", 1, 7)), "shown spans add up");
    Task withBlanks = new Task("x", "fx", "python", "symbol-lookup", "q",
        List.of(List.of(new Span("pkg/billing.py", 11, 13))));
    assertTrue(hit(withBlanks, new Span("pkg/billing.py", 11, 11)), "lines 12-13 are blank");
    Task alternatives = new Task("y", "fx", "python", "config-data-flow", "q",
        List.of(List.of(new Span("pkg/report.py", 4, 7), DEF)));
    assertTrue(hit(alternatives, DEF), "any one alternative satisfies a requirement");
  }

  @Test
  void wholeFileReadIsCountedExactlyAsTheModelReadsIt() {
    Retrieval r = new WholeFileRead().retrieve(ctx, "compute_total");
    // grep finds 1 line in billing.py, 2 in report.py, 3 in the test file: the test file has the
    // most matching lines, so it is the one read whole.
    String expected = """
        $ grep -rni 'compute_total'
        pkg/billing.py:6:def compute_total(items, discount=0):
        pkg/report.py:1:from pkg.billing import compute_total
        pkg/report.py:6:amount = compute_total(order.items, order.discount)
        tests/test_billing.py:1:from pkg.billing import compute_total
        tests/test_billing.py:4:def test_compute_total_applies_discount():
        tests/test_billing.py:6:assert compute_total(items, 0.5) == 15
        --- tests/test_billing.py:1-6 ---
        1\tfrom pkg.billing import compute_total
        2\t
        3\t
        4\tdef test_compute_total_applies_discount():
        5\t    items = [Item(10), Item(20)]
        6\t    assert compute_total(items, 0.5) == 15
        """;
    assertEquals(expected, r.text());
    assertEquals(2, r.calls());
    Task symbol = new Task("s", "fx", "python", "symbol-lookup", "compute_total",
        List.of(List.of(DEF)));
    assertFalse(Judge.hit(symbol, r, ctx.sources()), "the definition is not in the test file");
  }

  @Test
  void agentLoopReadsTheDefinitionThenTheCallerOnTheSecondGrep() {
    Retrieval r = new AgentLoop().retrieve(ctx, "compute_total");
    // grep, read billing.py (definition line), read the test file (definition-like name, more
    // hits), grep "compute_total(", read report.py: the only window not seen yet.
    assertEquals(5, r.calls());
    assertEquals(List.of(new Span("pkg/billing.py", 1, 17), new Span("tests/test_billing.py", 1, 6),
        new Span("pkg/report.py", 1, 7)), r.shown());
    assertTrue(Judge.hit(chainTask(), r, ctx.sources()));
  }

  @Test
  void wholeSuiteRunsEveryStrategyOnEveryFamily() {
    List<Strategy> strategies = RunCommand.allStrategies();
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    Suite suite = new Suite(strategies, new PrintStream(log, true, StandardCharsets.UTF_8));
    List<Suite.CorpusRef> refs = List.of(new Suite.CorpusRef("fx", Lang.PYTHON, root));
    Suite.Run tuning = suite.run(refs, 11, 0, 10);
    Suite.Run confirmation = suite.run(refs, 11, 1, 10);
    List<Task> tasks = new ArrayList<>(tuning.tasks());
    tasks.addAll(confirmation.tasks());
    Set<String> families = tasks.stream().map(Task::family).collect(Collectors.toSet());
    assertEquals(Family.values().length, families.size(), families.toString());

    List<Outcome> outcomes = new ArrayList<>(tuning.outcomes());
    outcomes.addAll(confirmation.outcomes());
    assertEquals(tasks.size() * strategies.size(), outcomes.size());
    for (Outcome o : outcomes) {
      assertTrue(o.calls() >= 1 && o.tokens() > 0, o.toString());
      assertFalse(o.overCap(), o.toString());
    }
    Map<String, List<Outcome>> byStrategy = outcomes.stream()
        .collect(Collectors.groupingBy(Outcome::strategy));
    assertEquals(strategies.size(), byStrategy.size());
    assertTrue(byStrategy.get("slicegrep").stream().allMatch(o -> o.calls() == 1));

    Outcome chain = outcomes.stream().filter(o -> o.strategy().equals("grep+read-loop")
        && o.taskId().equals("fx/cross-file-call-chain/compute_total")).findFirst().orElseThrow();
    assertTrue(chain.hit(), chain.toString());
    assertEquals(5, chain.calls());
    Outcome whole = outcomes.stream().filter(o -> o.strategy().equals("whole-file")
        && o.taskId().equals("fx/symbol-lookup/compute_total")).findFirst().orElseThrow();
    assertFalse(whole.hit());
    assertEquals(Tokens.count(new WholeFileRead().retrieve(ctx, "compute_total").text()),
        whole.tokens());

    Stats all = Stats.of(byStrategy.get("grep+read-loop"));
    long hits = byStrategy.get("grep+read-loop").stream().filter(Outcome::hit).count();
    assertEquals(hits, all.hits());
    assertTrue(all.low() <= all.rate() && all.rate() <= all.high());

    Map<String, Object> json = Report.json(Map.of("seed", 11), tuning);
    assertEquals(tuning.tasks().size(), json.get("tasks"));
    String md = Report.markdown(tuning);
    for (Strategy s : strategies) {
      assertTrue(md.contains("| " + s.name() + " |"), s.name());
    }
  }
}
