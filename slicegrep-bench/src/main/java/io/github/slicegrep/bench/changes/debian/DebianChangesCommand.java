package io.github.slicegrep.bench.changes.debian;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.github.slicegrep.Options;
import io.github.slicegrep.bench.BenchMain;
import io.github.slicegrep.bench.questions.Engine;
import io.github.slicegrep.bench.questions.Question;
import io.github.slicegrep.bench.strategy.IndexedRetrieval;
import io.github.slicegrep.bench.strategy.SearchContext;
import io.github.slicegrep.bench.suite.SeedLedger;
import io.github.slicegrep.bench.truth.CorpusFacts;
import io.github.slicegrep.bench.truth.Lang;
import io.github.slicegrep.bench.truth.SourceSet;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code slicegrep-bench debian-changes}: the change-request suite made of the Debian patch
 * series snapshotted in {@code slicegrep-bench/changes/debian}. Each kept patch's DEP-3 line is
 * searched in the pristine upstream tree; a hit is at least half of its touched code regions
 * shown within the budget. The series come in rounds ({@code packages.tsv}), and a run reads
 * one round. Its tuning half runs freely; its confirmation half is spent by its first run: the
 * ledger beside the series (seed = round) records it and refuses a second look unless
 * {@code --force}.
 */
@Command(name = "debian-changes", mixinStandardHelpOptions = true,
    description = "Debian patch series as change requests (DEP-3 line -> touched code regions):"
        + " hit rate of slicegrep and the BM25 baselines at each budget.")
public final class DebianChangesCommand implements Callable<Integer> {
  static final Path DEFAULT_PATCHES = Path.of("slicegrep-bench/changes/debian");
  /** Confirmation runs, beside the series; a line's seed is the round it ran. */
  static final String LEDGER = "confirmation-runs.tsv";
  /** More stale hunks than this share means the tree is not the series' upstream version. */
  static final double MAX_STALE = 0.05;

  @Option(names = "--corpora", description = "corpora folder (default: $"
      + BenchMain.CORPORA_ENV + " or ./bench-corpora); the trees are <corpora>/src/<corpus>")
  Path corpora;

  @Option(names = "--patches", description = "the snapshot folder (default: ${DEFAULT-VALUE})")
  Path patches = DEFAULT_PATCHES;

  @Option(names = "--split", description = "tuning or confirmation (default: ${DEFAULT-VALUE})")
  String split = SeedLedger.TUNING;

  @Option(names = "--round", description = "only the series of this round (packages.tsv);"
      + " each round's confirmation half is spent on its own (default: ${DEFAULT-VALUE}, the"
      + " first five series, so commands and figures from before rounds read the same)")
  int round = SeriesSpec.FIRST_ROUND;

  @Option(names = "--force", description = "run this round's confirmation half although a run"
      + " of it is on record")
  boolean force;

  @Option(names = "--corpus", description = "only this corpus (repeatable)")
  List<String> only = new ArrayList<>();

  @Option(names = "--budget", split = ",", description = "token budgets (default: 8000,2000)")
  List<Integer> budgets = new ArrayList<>(List.of(8000, 2000));

  @Option(names = "--engine", description = "only this engine (slicegrep,"
      + " slicegrep-code-budget, bm25-windows, bm25-ast-chunks; repeatable)")
  List<String> onlyEngines = new ArrayList<>();

  @Option(names = "--list", description = "print each patch, kept (with its split) or dropped"
      + " (with why), and run nothing; queries are printed for the tuning half only")
  boolean list;

  @Option(names = "--markdown", description = "write the tables here")
  Path markdown;

  @Option(names = "--trace", description = "write each request's judgements here")
  Path trace;

  @Option(names = "--json", description = "write the summary and every judgement here")
  Path json;

  @Override
  public Integer call() throws IOException {
    Question.Split wanted;
    try {
      wanted = Question.Split.valueOf(split.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      System.err.println("debian-changes: --split must be tuning or confirmation, got " + split);
      return 2;
    }
    if (budgets.isEmpty() || budgets.stream().anyMatch(b -> b < 1)) {
      System.err.println("debian-changes: --budget wants positive token counts, got " + budgets);
      return 2;
    }
    if (!Files.isRegularFile(patches.resolve(SeriesSpec.TABLE))) {
      System.err.println("debian-changes: no " + SeriesSpec.TABLE + " in " + patches
          + " (run from the repository root or pass --patches)");
      return 2;
    }
    List<SeriesSpec> specs = SeriesSpec.load(patches);
    List<SeriesSpec> ofRound = specs.stream().filter(s -> s.round() == round).toList();
    if (ofRound.isEmpty()) {
      System.err.println("debian-changes: no series of round " + round + " in "
          + patches.resolve(SeriesSpec.TABLE) + "; its rounds: "
          + specs.stream().map(SeriesSpec::round).distinct().sorted().toList());
      return 2;
    }
    SeedLedger ledger = new SeedLedger(patches.resolve(LEDGER));
    // Each round is one fixed set of requests split by hash: its tuning half is never held back,
    // so only a confirmation run asks the ledger (which would refuse tuning on a spent round).
    if (!list && !split.equals(SeedLedger.TUNING) && ledger.admit(round, split, force, false,
        "debian-changes (round " + round + ")", System.err) < 0) {
      return 2;
    }
    Path dir = BenchMain.corporaDir(corpora);
    List<PatchSeries> series = new ArrayList<>();
    List<ChangeSuite.Target> targets = new ArrayList<>();
    for (SeriesSpec spec : ofRound) {
      if (!only.isEmpty() && !only.contains(spec.corpus())) {
        continue;
      }
      Path root = dir.resolve("src").resolve(spec.corpus());
      if (!Files.isDirectory(root)) {
        System.err.println("debian-changes: corpus " + spec.corpus() + " is missing: "
            + spec.fetchHint(dir));
        return 1;
      }
      SourceSet tree = SourceSet.load(root);
      PatchSeries s = PatchSeries.read(spec, patches, tree);
      if (s.stale() > MAX_STALE * s.hunks()) {
        System.err.println("debian-changes: " + s.stale() + " of " + s.hunks() + " hunks of "
            + spec.patches() + " match nowhere in " + root + ": it is not the tree the series"
            + " was made for; " + spec.fetchHint(dir));
        return 1;
      }
      series.add(s);
      List<ChangeRequest> mine = s.kept().stream().filter(r -> r.split() == wanted).toList();
      if (!mine.isEmpty()) {
        targets.add(new ChangeSuite.Target(new SearchContext(
            new CorpusFacts(spec.corpus(), Lang.parse(spec.language()), tree)), mine));
      }
    }
    System.out.print(inventory(series));
    if (list) {
      System.out.print(listing(series));
      return 0;
    }
    List<ChangeSuite.Entrant> entrants = entrants();
    String date = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
    List<ChangeSuite.Row> rows = new ChangeSuite(entrants, System.err).run(targets);
    Map<String, Map<String, ChangeSuite.Summary>> summary = ChangeSuite.summarise(rows);
    String table = "Debian change requests, round " + round + ", " + split + " split, " + date
        + ":\n\n" + ChangeSuite.markdown(summary);
    System.out.print(table);
    if (wanted == Question.Split.CONFIRMATION) {
      ledger.record(round, split, date, "debian-changes (round " + round + "): " + rows.size()
          + " judgements");
    }
    if (markdown != null) {
      Files.writeString(markdown, inventory(series) + "\n" + table, StandardCharsets.UTF_8);
    }
    if (trace != null) {
      Files.writeString(trace, ChangeSuite.trace(rows), StandardCharsets.UTF_8);
    }
    if (json != null) {
      writeJson(date, summary, rows);
    }
    return 0;
  }

  /**
   * At each budget: slicegrep with its defaults held to the budget in tokens read
   * ({@code slicegrep}), slicegrep given the budget as its code budget, the report on top
   * ({@code slicegrep-code-budget}), BM25 over windows and over syntax chunks.
   */
  private List<ChangeSuite.Entrant> entrants() {
    List<ChangeSuite.Entrant> out = new ArrayList<>();
    for (int b : budgets) {
      for (Engine e : List.of(
          Engine.slicegrepWithin("slicegrep", Options.defaults(), b),
          Engine.slicegrep("slicegrep-code-budget", Options.defaults().withBudget(b)),
          Engine.indexed(IndexedRetrieval.Kind.BM25_WINDOWS, b),
          Engine.indexed(IndexedRetrieval.Kind.BM25_AST_CHUNKS, b))) {
        if (onlyEngines.isEmpty() || onlyEngines.contains(e.name())) {
          out.add(new ChangeSuite.Entrant(b, e));
        }
      }
    }
    return out;
  }

  /** Per series: patches, kept per split, dropped, hunks and stale hunks. */
  static String inventory(List<PatchSeries> series) {
    StringBuilder sb = new StringBuilder("| series | corpus | patches | kept (tuning /"
        + " confirmation) | dropped | hunks | stale hunks |\n|---|---|---:|---|---:|---:|---:|\n");
    for (PatchSeries s : series) {
      long tuning = s.kept().stream().filter(r -> r.split() == Question.Split.TUNING).count();
      sb.append(String.format(Locale.ROOT, "| %s | %s | %d | %d (%d / %d) | %d | %d | %d |%n",
          s.spec().patches(), s.spec().corpus(), s.kept().size() + s.dropped().size(),
          s.kept().size(), tuning, s.kept().size() - tuning, s.dropped().size(), s.hunks(),
          s.stale()));
    }
    return sb.append('\n').toString();
  }

  /** Every patch: kept ones with split, regions and (tuning only) query; dropped with why. */
  static String listing(List<PatchSeries> series) {
    StringBuilder sb = new StringBuilder();
    for (PatchSeries s : series) {
      for (ChangeRequest r : s.kept()) {
        boolean tuning = r.split() == Question.Split.TUNING;
        sb.append(String.format(Locale.ROOT, "kept\t%s\t%s\t%s\t%s\t%s%n", s.spec().corpus(),
            r.patch(), r.split().name().toLowerCase(Locale.ROOT),
            tuning ? r.query() : "(confirmation: held back)", tuning ? r.regions() : ""));
      }
      for (PatchSeries.Dropped d : s.dropped()) {
        sb.append(String.format(Locale.ROOT, "dropped\t%s\t%s\t%s%n", s.spec().corpus(),
            d.patch(), d.reason()));
      }
    }
    return sb.toString();
  }

  private void writeJson(String date, Map<String, Map<String, ChangeSuite.Summary>> summary,
      List<ChangeSuite.Row> rows) throws IOException {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("date", date);
    m.put("round", round);
    m.put("split", split);
    m.put("summary", summary);
    List<Map<String, Object>> judged = new ArrayList<>();
    for (ChangeSuite.Row r : rows) {
      Map<String, Object> j = new LinkedHashMap<>();
      j.put("engine", r.entrant().engine().name());
      j.put("budget", r.entrant().budget());
      j.put("corpus", r.request().corpus());
      j.put("patch", r.request().patch());
      j.put("hit", r.judgement().hit());
      j.put("regions_shown", r.judgement().shownRegions());
      j.put("regions", r.judgement().regions());
      j.put("file_recall", r.judgement().fileRecall());
      j.put("tokens", r.judgement().tokens());
      judged.add(j);
    }
    m.put("judgements", judged);
    new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(json.toFile(), m);
  }
}
