package io.github.slicegrep.bench.changes.debian;

import io.github.slicegrep.bench.metrics.Wilson;
import io.github.slicegrep.bench.questions.Engine;
import io.github.slicegrep.bench.strategy.SearchContext;
import io.github.slicegrep.bench.truth.Span;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Runs engines at their budgets on change requests and sums up their hits. */
public final class ChangeSuite {
  /** One engine at one token budget: a column of the report. */
  public record Entrant(int budget, Engine engine) {
    public String label() {
      return engine.name() + " @" + budget;
    }
  }

  /** The requests of one upstream tree, with the tree as the engines see it. */
  public record Target(SearchContext context, List<ChangeRequest> requests) {
    public Target {
      requests = List.copyOf(requests);
    }
  }

  /** One entrant's judgement of one request, with what it showed (for a trace). */
  public record Row(Entrant entrant, ChangeRequest request, ChangeJudgement judgement,
      List<Span> shown) {
    public Row {
      shown = List.copyOf(shown);
    }
  }

  /**
   * One entrant over a set of requests.
   *
   * @param low the 95% Wilson interval's lower end of the hit rate
   * @param high its upper end
   */
  public record Summary(int requests, int hits, double low, double high, double fileRecall,
      double tokens) {
    public double rate() {
      return requests == 0 ? 0 : (double) hits / requests;
    }
  }

  /** The key of the summary over every corpus. */
  public static final String ALL = "all";

  private final List<Entrant> entrants;
  private final PrintStream log;

  public ChangeSuite(List<Entrant> entrants, PrintStream log) {
    this.entrants = List.copyOf(entrants);
    this.log = log;
  }

  /** Every entrant on every request of every target. */
  public List<Row> run(List<Target> targets) {
    List<Row> rows = new ArrayList<>();
    for (Target t : targets) {
      log.printf(Locale.ROOT, "debian-changes: %s, %d requests%n", t.context().facts().name(),
          t.requests().size());
      for (ChangeRequest r : t.requests()) {
        for (Entrant e : entrants) {
          Engine.Answer a = e.engine().answer(t.context(), r.query());
          rows.add(new Row(e, r, ChangeJudgement.of(r, a.shown(), a.tokens()), a.shown()));
        }
      }
    }
    return rows;
  }

  /** Per entrant label, the summary overall ({@link #ALL}) and per corpus, in run order. */
  public static Map<String, Map<String, Summary>> summarise(List<Row> rows) {
    Map<String, Map<String, List<ChangeJudgement>>> by = new LinkedHashMap<>();
    for (Row r : rows) {
      Map<String, List<ChangeJudgement>> m =
          by.computeIfAbsent(r.entrant().label(), k -> new LinkedHashMap<>());
      m.computeIfAbsent(ALL, k -> new ArrayList<>()).add(r.judgement());
      m.computeIfAbsent(r.request().corpus(), k -> new ArrayList<>()).add(r.judgement());
    }
    Map<String, Map<String, Summary>> out = new LinkedHashMap<>();
    by.forEach((label, groups) -> {
      Map<String, Summary> s = new LinkedHashMap<>();
      groups.forEach((group, js) -> s.put(group, summary(js)));
      out.put(label, s);
    });
    return out;
  }

  static Summary summary(List<ChangeJudgement> js) {
    int hits = (int) js.stream().filter(ChangeJudgement::hit).count();
    double[] ci = Wilson.interval95(hits, js.size());
    return new Summary(js.size(), hits, ci[0], ci[1],
        js.stream().mapToDouble(ChangeJudgement::fileRecall).average().orElse(0),
        js.stream().mapToInt(ChangeJudgement::tokens).average().orElse(0));
  }

  /** Markdown: one row per entrant and corpus, the overall row of each entrant first. */
  public static String markdown(Map<String, Map<String, Summary>> summaries) {
    StringBuilder sb = new StringBuilder("| engine @ budget | corpus | requests | hits"
        + " | hit rate (95% CI) | file recall | tokens |\n|---|---|---:|---:|---|---:|---:|\n");
    summaries.forEach((label, groups) -> groups.forEach((group, s) -> sb.append(String.format(
        Locale.ROOT, "| %s | %s | %d | %d | %.1f%% (%.1f–%.1f%%) | %.3f | %.0f |%n", label, group,
        s.requests(), s.hits(), 100 * s.rate(), 100 * s.low(), 100 * s.high(), s.fileRecall(),
        s.tokens()))));
    return sb.toString();
  }

  /** Per request and entrant: hit or miss, regions shown, and the regions, for reading misses. */
  public static String trace(List<Row> rows) {
    StringBuilder sb = new StringBuilder();
    ChangeRequest last = null;
    for (Row r : rows) {
      if (r.request() != last) {
        last = r.request();
        sb.append(String.format(Locale.ROOT, "%s %s: %s%n    want %s%n", last.corpus(),
            last.patch(), last.query(), last.regions()));
      }
      ChangeJudgement j = r.judgement();
      sb.append(String.format(Locale.ROOT, "  %s %-24s %d/%d regions, file recall %.2f,"
              + " %d tokens%n", j.hit() ? "HIT " : "miss", r.entrant().label(),
          j.shownRegions(), j.regions(), j.fileRecall(), j.tokens()));
    }
    return sb.toString();
  }
}
