package io.github.slicegrep.bench.suite;

import io.github.slicegrep.bench.metrics.Tokens;
import io.github.slicegrep.bench.strategy.Limits;
import io.github.slicegrep.bench.strategy.Retrieval;
import io.github.slicegrep.bench.strategy.SearchContext;
import io.github.slicegrep.bench.strategy.Strategy;
import io.github.slicegrep.bench.truth.CorpusFacts;
import io.github.slicegrep.bench.truth.Lang;
import io.github.slicegrep.bench.truth.SourceSet;
import io.github.slicegrep.bench.truth.Task;
import io.github.slicegrep.bench.truth.TaskGenerator;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Runs every strategy on every task drawn from a set of corpora. */
public final class Suite {
  /** A corpus to draw from. */
  public record CorpusRef(String name, Lang lang, Path root) {}

  /** The drawn tasks and every outcome. */
  public record Run(List<Task> tasks, List<Outcome> outcomes) {}

  private final List<Strategy> strategies;
  private final PrintStream progress;

  public Suite(List<Strategy> strategies, PrintStream progress) {
    this.strategies = List.copyOf(strategies);
    this.progress = progress;
  }

  public List<Strategy> strategies() {
    return strategies;
  }

  public Run run(List<CorpusRef> corpora, long seed, int pool, int perFamily) {
    TaskGenerator gen = new TaskGenerator();
    List<Task> tasks = new ArrayList<>();
    List<Outcome> outcomes = new ArrayList<>();
    for (CorpusRef c : corpora) {
      long t0 = System.nanoTime();
      CorpusFacts facts = new CorpusFacts(c.name(), c.lang(), SourceSet.load(c.root()));
      List<Task> drawn = gen.draw(facts, seed, pool, perFamily);
      progress.printf("run: %s: %d files, %d tasks (%.1f s to load and draw)%n", c.name(),
          facts.sources().files().size(), drawn.size(), (System.nanoTime() - t0) / 1e9);
      SearchContext ctx = new SearchContext(facts);
      for (Task task : drawn) {
        tasks.add(task);
        for (Strategy s : strategies) {
          outcomes.add(evaluate(task, s, ctx));
        }
      }
    }
    return new Run(tasks, outcomes);
  }

  static Outcome evaluate(Task task, Strategy s, SearchContext ctx) {
    long t0 = System.nanoTime();
    Retrieval r = s.retrieve(ctx, task.query());
    long millis = (System.nanoTime() - t0) / 1_000_000;
    int tokens = Tokens.count(r.text());
    boolean overCap = tokens > Limits.CONTEXT_CAP;
    boolean hit = !overCap && Judge.hit(task, r, ctx.sources());
    return new Outcome(task.id(), task.corpus(), task.language(), task.family(), s.name(), hit,
        tokens, r.calls(), overCap, millis);
  }
}
