package io.github.slicegrep.bench.suite;

import io.github.slicegrep.bench.metrics.Wilson;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Aggregate of outcomes: hit rate with its 95% Wilson interval, mean tokens, mean calls.
 *
 * @param n tasks
 * @param hits hits
 * @param low lower end of the 95% interval
 * @param high upper end
 * @param meanTokens mean cl100k tokens the model read
 * @param meanCalls mean tool calls
 * @param overCap outcomes past the context cap
 * @param meanMillis mean wall time per task
 */
public record Stats(
    int n, int hits, double low, double high, double meanTokens, double meanCalls, int overCap,
    double meanMillis) {

  public static Stats of(List<Outcome> outcomes) {
    int n = outcomes.size();
    int hits = 0;
    long tokens = 0;
    long calls = 0;
    long millis = 0;
    int over = 0;
    for (Outcome o : outcomes) {
      hits += o.hit() ? 1 : 0;
      tokens += o.tokens();
      calls += o.calls();
      millis += o.millis();
      over += o.overCap() ? 1 : 0;
    }
    double[] ci = Wilson.interval95(hits, n);
    return new Stats(n, hits, ci[0], ci[1], n == 0 ? 0 : (double) tokens / n,
        n == 0 ? 0 : (double) calls / n, over, n == 0 ? 0 : (double) millis / n);
  }

  public double rate() {
    return n == 0 ? 0 : (double) hits / n;
  }

  public Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("n", n);
    m.put("hits", hits);
    m.put("hit_rate", round(rate()));
    m.put("ci95_low", round(low));
    m.put("ci95_high", round(high));
    m.put("mean_tokens", Math.round(meanTokens * 10) / 10.0);
    m.put("mean_calls", Math.round(meanCalls * 100) / 100.0);
    m.put("over_cap", overCap);
    m.put("mean_ms", Math.round(meanMillis * 10) / 10.0);
    return m;
  }

  private static double round(double v) {
    return Math.round(v * 1000) / 1000.0;
  }
}
