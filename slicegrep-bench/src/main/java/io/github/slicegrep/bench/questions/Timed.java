package io.github.slicegrep.bench.questions;

import io.github.slicegrep.bench.strategy.SearchContext;
import io.github.slicegrep.bench.truth.Span;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * An engine with each answer's wall time kept, for latency percentiles beside the scores
 * (docs/cluster.md compares a cluster's latency with local search's this way).
 */
final class Timed implements Engine {
  private final Engine engine;
  private final List<Long> nanos = Collections.synchronizedList(new ArrayList<>());

  Timed(Engine engine) {
    this.engine = engine;
  }

  @Override
  public String name() {
    return engine.name();
  }

  @Override
  public Answer answer(SearchContext ctx, String question) {
    long start = System.nanoTime();
    try {
      return engine.answer(ctx, question);
    } finally {
      nanos.add(System.nanoTime() - start);
    }
  }

  /** {@code engine: p50 X ms, p95 Y ms over N answers}. */
  String latency() {
    List<Long> sorted = new ArrayList<>(nanos);
    Collections.sort(sorted);
    return String.format(Locale.ROOT, "%s: p50 %.0f ms, p95 %.0f ms over %d answers",
        name(), percentile(sorted, 0.50) / 1e6, percentile(sorted, 0.95) / 1e6, sorted.size());
  }

  private static double percentile(List<Long> sorted, double p) {
    if (sorted.isEmpty()) {
      return 0;
    }
    int at = (int) Math.ceil(p * sorted.size()) - 1;
    return sorted.get(Math.max(0, Math.min(sorted.size() - 1, at)));
  }

  /**
   * How often {@code other}'s first ranked file is {@code reference}'s, over the questions both
   * answered: {@code X of N questions}.
   */
  static String sameTopFile(List<QuestionsSuite.Row> rows, String reference, String other) {
    Map<String, String> top = new HashMap<>();
    for (QuestionsSuite.Row r : rows) {
      if (r.engine().equals(reference)) {
        top.put(r.question().id(), topFile(r.ranked()));
      }
    }
    int same = 0;
    int asked = 0;
    for (QuestionsSuite.Row r : rows) {
      if (r.engine().equals(other) && top.containsKey(r.question().id())) {
        asked++;
        if (top.get(r.question().id()).equals(topFile(r.ranked()))) {
          same++;
        }
      }
    }
    return String.format(Locale.ROOT, "%s has %s's top file on %d of %d questions (%.1f%%)",
        other, reference, same, asked, asked == 0 ? 0 : 100.0 * same / asked);
  }

  private static String topFile(List<Span> ranked) {
    return ranked.isEmpty() ? "" : ranked.get(0).file();
  }
}
