package io.github.slicegrep.bench.questions;

import io.github.slicegrep.bench.strategy.SearchContext;
import io.github.slicegrep.bench.truth.CorpusFacts;
import io.github.slicegrep.bench.truth.Lang;
import io.github.slicegrep.bench.truth.SourceSet;
import io.github.slicegrep.bench.truth.Span;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Runs engines on questions, corpus by corpus, and sums their judgements up by kind. */
public final class QuestionsSuite {
  /** A corpus the questions are about: its name, language and source root. */
  public record Corpus(String name, Lang lang, Path root) {}

  /** One engine's judgement of one question, and its ranked units (for a trace). */
  public record Row(String engine, Question question, Judgement judgement, List<Span> ranked) {}

  /** Means of one engine over a set of questions. */
  public record Summary(
      int questions, double ndcg10, double focusedNdcg10, double fileRecall, double tokens) {}

  private final List<Engine> engines;
  private final PrintStream log;

  public QuestionsSuite(List<Engine> engines, PrintStream log) {
    this.engines = List.copyOf(engines);
    this.log = log;
  }

  /** Every engine on every question whose corpus is given; questions of other corpora wait. */
  public List<Row> run(List<Corpus> corpora, List<Question> questions) {
    List<Row> rows = new ArrayList<>();
    for (Corpus c : corpora) {
      List<Question> mine = questions.stream().filter(q -> q.corpus().equals(c.name())).toList();
      if (mine.isEmpty()) {
        continue;
      }
      SearchContext ctx =
          new SearchContext(new CorpusFacts(c.name(), c.lang(), SourceSet.load(c.root())));
      log.printf("questions: %s, %d questions%n", c.name(), mine.size());
      for (Question q : mine) {
        for (Engine e : engines) {
          Engine.Answer a = e.answer(ctx, q.question());
          rows.add(new Row(e.name(), q, Judgement.of(q, a.ranked(), a.shown(), a.tokens()),
              a.ranked()));
        }
      }
    }
    return rows;
  }

  /** Per engine, the means overall ("all") and per kind, in engine order. */
  public static Map<String, Map<String, Summary>> summarise(List<Row> rows) {
    Map<String, Map<String, List<Judgement>>> by = new LinkedHashMap<>();
    for (Row r : rows) {
      Map<String, List<Judgement>> kinds = by.computeIfAbsent(r.engine(), k -> new LinkedHashMap<>());
      kinds.computeIfAbsent("all", k -> new ArrayList<>()).add(r.judgement());
      for (Question.Kind k : Question.Kind.values()) {
        kinds.computeIfAbsent(k.label(), x -> new ArrayList<>());
      }
      kinds.get(r.question().kind().label()).add(r.judgement());
    }
    Map<String, Map<String, Summary>> out = new LinkedHashMap<>();
    by.forEach((engine, kinds) -> {
      Map<String, Summary> s = new LinkedHashMap<>();
      kinds.forEach((kind, js) -> s.put(kind, summary(js)));
      out.put(engine, s);
    });
    return out;
  }

  private static Summary summary(List<Judgement> js) {
    if (js.isEmpty()) {
      return new Summary(0, 0, 0, 0, 0);
    }
    return new Summary(js.size(),
        js.stream().mapToDouble(Judgement::ndcg10).average().orElse(0),
        js.stream().mapToDouble(Judgement::focusedNdcg10).average().orElse(0),
        js.stream().mapToDouble(Judgement::fileRecall).average().orElse(0),
        js.stream().mapToInt(Judgement::tokens).average().orElse(0));
  }

  /**
   * A plain-text trace for reading failures: per question and engine, its scores, the
   * annotated spans, and the first ten ranked units, each marked with {@code *} when it
   * overlaps an annotated span.
   */
  public static String trace(List<Row> rows) {
    StringBuilder sb = new StringBuilder();
    for (Row r : rows) {
      Question q = r.question();
      sb.append(String.format(Locale.ROOT,
          "%s %s [%s] ndcg %.3f focused %.3f recall %.2f tokens %d: %s%n",
          q.id(), r.engine(), q.kind().label(), r.judgement().ndcg10(),
          r.judgement().focusedNdcg10(), r.judgement().fileRecall(), r.judgement().tokens(),
          q.question()));
      for (Question.Graded g : q.relevant()) {
        int at = 0;
        for (int i = 0; i < r.ranked().size() && at == 0; i++) {
          if (Judgement.overlaps(r.ranked().get(i), g.span())) {
            at = i + 1;
          }
        }
        sb.append(String.format(Locale.ROOT, "    want %d %s:%d-%d (first at %s)%n", g.grade(),
            g.span().file(), g.span().start(), g.span().end(), at == 0 ? "-" : at));
      }
      for (int i = 0; i < Math.min(Judgement.K, r.ranked().size()); i++) {
        Span s = r.ranked().get(i);
        boolean hit = q.relevant().stream().anyMatch(g -> Judgement.overlaps(s, g.span()));
        sb.append(String.format(Locale.ROOT, "  %s %2d %s:%d-%d%n", hit ? "*" : " ", i + 1,
            s.file(), s.start(), s.end()));
      }
    }
    return sb.toString();
  }

  /** A markdown table: one row per engine and kind. */
  public static String markdown(Map<String, Map<String, Summary>> summaries) {
    StringBuilder sb = new StringBuilder(
        "| engine | kind | questions | NDCG@10 | focused NDCG@10 | file recall | tokens |\n"
            + "|---|---|---:|---:|---:|---:|---:|\n");
    summaries.forEach((engine, kinds) -> kinds.forEach((kind, s) -> sb.append(String.format(
        Locale.ROOT, "| %s | %s | %d | %.3f | %.3f | %.3f | %.0f |%n", engine, kind,
        s.questions(), s.ndcg10(), s.focusedNdcg10(), s.fileRecall(), s.tokens()))));
    return sb.toString();
  }
}
