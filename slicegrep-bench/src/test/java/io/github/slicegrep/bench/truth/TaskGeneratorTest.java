package io.github.slicegrep.bench.truth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.slicegrep.bench.Fixture;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TaskGeneratorTest {
  @TempDir Path tmp;

  private CorpusFacts fixture() throws IOException {
    return new CorpusFacts("fx", Lang.PYTHON, SourceSet.load(Fixture.write(tmp)));
  }

  /** Every candidate built, by id (both pools). */
  private static Map<String, Task> all(CorpusFacts c) {
    Map<String, Task> out = new TreeMap<>();
    new TaskGenerator().candidates(c).values().forEach(l -> l.forEach(
        cand -> cand.build().get().ifPresent(t -> out.put(t.id(), t))));
    return out;
  }

  @Test
  void extractsEveryFamilyWithHandCheckedTruth() throws IOException {
    Map<String, Task> t = all(fixture());
    Span def = new Span("pkg/billing.py", 6, 11);
    assertEquals(List.of(List.of(def)), t.get("fx/symbol-lookup/compute_total").truth());
    assertEquals("compute_total", t.get("fx/symbol-lookup/compute_total").query());

    Task doc = t.get("fx/docstring-concept/compute_total");
    assertEquals("add line prices order apply discount", doc.query());

    Task chain = t.get("fx/cross-file-call-chain/compute_total");
    assertEquals(List.of(List.of(def), List.of(new Span("pkg/report.py", 6, 6))),
        chain.truth(), "the import line is not a call; the test file is not a caller");

    Task test = t.get("fx/test-plus-implementation/compute_total");
    assertEquals(List.of(List.of(def), List.of(new Span("tests/test_billing.py", 4, 6))),
        test.truth());

    Task bug = t.get("fx/bug-localisation/pkg/billing.py:10");
    assertEquals("discount rate cannot be negative here", bug.query());
    assertEquals(List.of(List.of(def)), bug.truth());

    Task cfg = t.get("fx/config-data-flow/BILLING_CURRENCY");
    assertEquals(List.of(List.of(new Span("pkg/billing.py", 14, 17))), cfg.truth());

    assertTrue(t.keySet().stream().noneMatch(id -> id.contains("test_compute_total")),
        "test functions are never targets");
  }

  @Test
  void poolsPartitionTheCandidatesAndDrawsAreReproducible() throws IOException {
    CorpusFacts c = fixture();
    TaskGenerator gen = new TaskGenerator();
    List<Task> tuning = gen.draw(c, 7, 0, 100);
    List<Task> confirmation = gen.draw(c, 7, 1, 100);
    Set<String> ids = new HashSet<>();
    tuning.forEach(x -> ids.add(x.id()));
    for (Task x : confirmation) {
      assertTrue(ids.add(x.id()), "task in both pools: " + x.id());
    }
    assertEquals(all(c).keySet(), ids);
    assertEquals(ids(gen.draw(c, 7, 0, 1)), ids(gen.draw(c, 7, 0, 1)));
  }

  private static List<String> ids(List<Task> tasks) {
    List<String> out = new ArrayList<>();
    tasks.forEach(t -> out.add(t.id()));
    return out;
  }

  @Test
  void messageSegmentsAvoidPlaceholdersAndRegexCharacters() {
    assertEquals("could not be hashed with", TaskGenerator.messageSegment(
        "raise ValueError(\"The name '%s' could not be hashed with %r.\" % (name, self))"));
    assertEquals("Minimum abbreviation width with offset is",
        TaskGenerator.messageSegment(
            "throw new IllegalArgumentException(\"Minimum abbreviation width with offset is %d\")"));
    assertEquals("Invalid input to extend: expected a plain object",
        TaskGenerator.messageSegment("throw new Error(\"Invalid input to extend: expected a plain"
            + " object\");"));
    assertNull(TaskGenerator.messageSegment("raise KeyError(key)"));
    assertNull(TaskGenerator.messageSegment("panic!(\"{}\", e)"));
  }

  @Test
  void conceptWordsDropTheNameStopwordsAndLinks() {
    Definition d = new Definition("a.py", "parse_header", "function", 1, 1, 3,
        "Parse the HTTP header line into a dict, see https://example.invalid/spec for it.");
    assertEquals("http line dict", TaskGenerator.conceptWords(d));
    Definition thin = new Definition("a.py", "f", "function", 1, 1, 3, "Returns the value.");
    assertEquals("", TaskGenerator.conceptWords(thin));
  }
}
