package io.github.slicegrep.bench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.slicegrep.bench.Fixture;
import io.github.slicegrep.bench.strategy.InvestigationLoop;
import io.github.slicegrep.bench.strategy.Retrieval;
import io.github.slicegrep.bench.strategy.SearchContext;
import io.github.slicegrep.bench.truth.CorpusFacts;
import io.github.slicegrep.bench.truth.Lang;
import io.github.slicegrep.bench.truth.SourceSet;
import io.github.slicegrep.bench.truth.Span;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ComparisonTest {
  @TempDir Path tmp;

  @Test
  void investigationLoopFindsDefinitionCallerAndTestInSixCalls() throws IOException {
    CorpusFacts facts = new CorpusFacts("fx", Lang.PYTHON,
        SourceSet.load(Fixture.write(tmp.resolve("fx"))));
    Comparison truth = new Comparison(facts, "compute_total");
    assertEquals(1, truth.definitionCount());
    assertEquals(1, truth.callerCount(), "the import is not a call, the definition line neither");
    assertEquals(2, truth.testCount(), "a longer identifier containing the name does not count");

    Retrieval r = InvestigationLoop.investigate(new SearchContext(facts), "compute_total");
    // grep; read the definition; grep "compute_total("; read report.py around its call;
    // grep within tests; read the test file.
    assertEquals(List.of(new Span("pkg/billing.py", 3, 17), new Span("pkg/report.py", 1, 7),
        new Span("tests/test_billing.py", 1, 6)), r.shown());
    Comparison.Found f = truth.judge(r);
    assertEquals(6, f.calls());
    assertEquals(List.of(true, true, true), List.of(f.definition(), f.caller(), f.test()));

    Comparison.Found nothing = truth.judge(new Retrieval("x", List.of(), 1));
    assertEquals(List.of(false, false, false),
        List.of(nothing.definition(), nothing.caller(), nothing.test()));
    assertEquals(1, nothing.tokens());
  }
}
