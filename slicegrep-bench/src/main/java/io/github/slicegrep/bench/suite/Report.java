package io.github.slicegrep.bench.suite;

import io.github.slicegrep.bench.truth.Family;
import io.github.slicegrep.bench.truth.Task;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/** Turns a suite run into the JSON document and the Markdown tables of docs/RESULTS.md. */
public final class Report {
  private Report() {}

  /** Strategy -> group -> stats, groups in first-seen order. */
  static Map<String, Map<String, Stats>> table(List<Outcome> outcomes,
      Function<Outcome, String> group) {
    Map<String, Map<String, List<Outcome>>> m = new LinkedHashMap<>();
    for (Outcome o : outcomes) {
      m.computeIfAbsent(o.strategy(), k -> new LinkedHashMap<>())
          .computeIfAbsent(group.apply(o), k -> new ArrayList<>()).add(o);
    }
    Map<String, Map<String, Stats>> out = new LinkedHashMap<>();
    m.forEach((s, g) -> {
      Map<String, Stats> row = new LinkedHashMap<>();
      g.forEach((k, v) -> row.put(k, Stats.of(v)));
      out.put(s, row);
    });
    return out;
  }

  public static Map<String, Object> json(Map<String, Object> meta, Suite.Run run) {
    Map<String, Object> doc = new LinkedHashMap<>(meta);
    doc.put("tasks", run.tasks().size());
    doc.put("overall", flatten(table(run.outcomes(), o -> "all")));
    doc.put("by_family", nested(table(run.outcomes(), Outcome::family)));
    doc.put("by_language", nested(table(run.outcomes(), Outcome::language)));
    List<Map<String, Object>> tasks = new ArrayList<>();
    for (Task t : run.tasks()) {
      Map<String, Object> tm = new LinkedHashMap<>();
      tm.put("id", t.id());
      tm.put("family", t.family());
      tm.put("language", t.language());
      tm.put("query", t.query());
      tm.put("truth", t.truth().stream()
          .map(req -> req.stream().map(Object::toString).toList()).toList());
      Map<String, Object> res = new LinkedHashMap<>();
      for (Outcome o : run.outcomes()) {
        if (o.taskId().equals(t.id())) {
          res.put(o.strategy(), Map.of("hit", o.hit(), "tokens", o.tokens(), "calls",
              o.calls()));
        }
      }
      tm.put("results", res);
      tasks.add(tm);
    }
    doc.put("per_task", tasks);
    return doc;
  }

  private static Map<String, Object> flatten(Map<String, Map<String, Stats>> t) {
    Map<String, Object> m = new LinkedHashMap<>();
    t.forEach((s, row) -> m.put(s, row.get("all").toMap()));
    return m;
  }

  private static Map<String, Object> nested(Map<String, Map<String, Stats>> t) {
    Map<String, Object> m = new LinkedHashMap<>();
    t.forEach((s, row) -> {
      Map<String, Object> r = new LinkedHashMap<>();
      row.forEach((k, v) -> r.put(k, v.toMap()));
      m.put(s, r);
    });
    return m;
  }

  /** Markdown: how the run was made (from {@code meta}), then {@link #markdown(Suite.Run)}. */
  @SuppressWarnings("unchecked")
  public static String markdown(Map<String, Object> meta, Suite.Run run) {
    StringBuilder sb = new StringBuilder();
    sb.append("- date: ").append(meta.get("date")).append('\n');
    sb.append("- command: `").append(meta.get("command")).append("`\n");
    sb.append("- split: ").append(meta.get("split")).append(", seed ").append(meta.get("seed"))
        .append(", ").append(meta.get("per_family"))
        .append(" tasks per corpus and family (at most)\n");
    sb.append("- slicegrep commit: ").append(meta.get("slicegrep_commit")).append('\n');
    sb.append("- retrieval budget ").append(meta.get("retrieval_budget"))
        .append(" tokens, context cap ").append(meta.get("context_cap"))
        .append(" tokens, tokenizer ").append(meta.get("tokenizer"))
        .append('\n');
    Map<String, Long> perCorpus = run.tasks().stream()
        .collect(Collectors.groupingBy(Task::corpus, LinkedHashMap::new, Collectors.counting()));
    sb.append("- tasks: ").append(run.tasks().size()).append(" across ")
        .append(run.tasks().stream().map(Task::language).distinct().count())
        .append(" languages\n\n| corpus | language | package | archive sha256 | tasks |\n"
            + "|---|---|---|---|---|\n");
    for (Map<String, Object> c : (List<Map<String, Object>>) meta.get("corpora")) {
      for (Map<String, String> a : (List<Map<String, String>>) c.get("archives")) {
        sb.append("| ").append(c.get("name")).append(" | ").append(c.get("language"))
            .append(" | ").append(a.get("package")).append(" | `")
            .append(a.get("sha256"), 0, 12).append("…` | ")
            .append(perCorpus.getOrDefault((String) c.get("name"), 0L)).append(" |\n");
      }
    }
    sb.append('\n').append(markdown(run));
    return sb.toString();
  }

  /** Markdown: the overall table, then hit rate by family and by language. */
  public static String markdown(Suite.Run run) {
    StringBuilder sb = new StringBuilder();
    Map<String, Map<String, Stats>> overall = table(run.outcomes(), o -> "all");
    sb.append("| strategy | tasks | hits | hit rate | 95% CI | mean tokens | mean calls |"
        + " over cap | mean ms |\n|---|---|---|---|---|---|---|---|---|\n");
    overall.forEach((s, row) -> {
      Stats st = row.get("all");
      sb.append(String.format(Locale.ROOT, "| %s | %d | %d | %.1f%% | %.1f–%.1f%% | %.0f | %.2f"
              + " | %d | %.0f |%n", s, st.n(), st.hits(), 100 * st.rate(), 100 * st.low(),
          100 * st.high(), st.meanTokens(), st.meanCalls(), st.overCap(), st.meanMillis()));
    });
    List<String> families = new ArrayList<>();
    for (Family f : Family.values()) {
      families.add(f.label());
    }
    sb.append("\n**Hit rate by family** (hits/tasks, rate, 95% Wilson interval; mean tokens)\n\n");
    sb.append(grid(table(run.outcomes(), Outcome::family), families));
    Set<String> langs = run.tasks().stream().map(Task::language)
        .collect(Collectors.toCollection(LinkedHashSet::new));
    sb.append("\n**Hit rate by language**\n\n");
    sb.append(grid(table(run.outcomes(), Outcome::language), new ArrayList<>(langs)));
    return sb.toString();
  }

  private static String grid(Map<String, Map<String, Stats>> t, List<String> columns) {
    List<String> cols = new ArrayList<>();
    for (String c : columns) {
      if (t.values().stream().anyMatch(r -> r.containsKey(c))) {
        cols.add(c);
      }
    }
    StringBuilder sb = new StringBuilder("| strategy |");
    for (String c : cols) {
      sb.append(' ').append(c).append(" |");
    }
    sb.append("\n|---|").append("---|".repeat(cols.size())).append('\n');
    t.forEach((s, row) -> {
      sb.append("| ").append(s).append(" |");
      for (String c : cols) {
        Stats st = row.get(c);
        sb.append(st == null ? " – |" : String.format(Locale.ROOT,
            " %d/%d %.0f%% [%.0f–%.0f]; %.0f tok |", st.hits(), st.n(), 100 * st.rate(),
            100 * st.low(), 100 * st.high(), st.meanTokens()));
      }
      sb.append('\n');
    });
    return sb.toString();
  }
}
