package io.github.slicegrep.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.github.slicegrep.Boundary;
import io.github.slicegrep.bench.corpus.ArchiveSpec;
import io.github.slicegrep.bench.corpus.CorpusSetup;
import io.github.slicegrep.bench.corpus.Manifest;
import io.github.slicegrep.bench.corpus.RegistryFetcher;
import io.github.slicegrep.bench.strategy.AgentLoop;
import io.github.slicegrep.bench.strategy.DenseRetrieval;
import io.github.slicegrep.bench.strategy.FusedRetrieval;
import io.github.slicegrep.bench.strategy.GrepFileRanking;
import io.github.slicegrep.bench.strategy.IndexedRetrieval;
import io.github.slicegrep.bench.strategy.Limits;
import io.github.slicegrep.bench.strategy.ProbeStrategy;
import io.github.slicegrep.bench.strategy.SharedSearch;
import io.github.slicegrep.bench.strategy.SlicegrepStrategy;
import io.github.slicegrep.bench.strategy.Strategy;
import io.github.slicegrep.bench.strategy.WholeFileRead;
import io.github.slicegrep.bench.suite.Report;
import io.github.slicegrep.bench.suite.SeedLedger;
import io.github.slicegrep.bench.suite.SeedOptions;
import io.github.slicegrep.bench.suite.Suite;
import io.github.slicegrep.bench.truth.CorpusFacts;
import io.github.slicegrep.bench.truth.Lang;
import io.github.slicegrep.bench.truth.SourceSet;
import io.github.slicegrep.bench.truth.Task;
import io.github.slicegrep.bench.truth.TaskGenerator;
import io.github.slicegrep.dense.DenseRuntime;
import io.github.slicegrep.dense.StaticModel;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code run}: the controlled suite on the verified corpora, every strategy side by side. */
@Command(name = "run", mixinStandardHelpOptions = true,
    description = "Run the controlled retrieval suite with one seed; refuses a spent"
        + " confirmation seed unless --force.")
final class RunCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Option(names = "--corpora", description = "corpora folder (default: $"
      + BenchMain.CORPORA_ENV + " or ./" + BenchMain.DEFAULT_CORPORA + ")")
  Path corpora;

  @Mixin
  SeedOptions seeding;

  @Option(names = "--per-family", defaultValue = "5",
      description = "tasks per corpus and family (default ${DEFAULT-VALUE})")
  int perFamily;

  @Option(names = "--corpus", description = "only these corpora (repeatable; default all)")
  List<String> only = new ArrayList<>();

  @Option(names = "--strategy", description = "only these strategies (repeatable; default all)")
  List<String> strategyFilter = new ArrayList<>();

  @Option(names = "--json", description = "write the full results here")
  Path json;

  @Option(names = "--markdown", description = "write the Markdown tables here")
  Path markdown;

  @Option(names = "--probe", description = "path to a probe binary: adds the peer row")
  Path probe;

  @Option(names = "--list-tasks",
      description = "print the drawn tasks and their truth, run nothing (tuning split only)")
  boolean listTasks;

  @Override
  public Integer call() throws Exception {
    SeedLedger seeds = seeding.ledger();
    int pool = seeding.admit(listTasks, "run", System.err);
    if (pool < 0) {
      return 2;
    }
    Path dir = BenchMain.corporaDir(corpora);
    Manifest manifest = Manifest.bundled();
    CorpusSetup setup = new CorpusSetup(manifest, dir, new RegistryFetcher(),
        BenchMain.STDERR_LOG);
    CorpusSetup.Report verified = setup.verify();
    List<Suite.CorpusRef> refs = new ArrayList<>();
    for (Map.Entry<String, String> c : manifest.corpora().entrySet()) {
      if (!only.isEmpty() && !only.contains(c.getKey())) {
        continue;
      }
      if (!verified.ready().contains(c.getKey())) {
        verified.problems().forEach(p -> System.err.println("run: " + p));
        System.err.println("run: corpus " + c.getKey() + " is not verified; run setup first");
        return 1;
      }
      refs.add(new Suite.CorpusRef(c.getKey(), Lang.parse(c.getValue()),
          setup.sourceRoot(c.getKey())));
    }
    if (listTasks) {
      TaskGenerator gen = new TaskGenerator();
      for (Suite.CorpusRef r : refs) {
        CorpusFacts facts = new CorpusFacts(r.name(), r.lang(), SourceSet.load(r.root()));
        for (Task t : gen.draw(facts, seeding.seed, pool, perFamily)) {
          System.out.println(t.id() + "\tq=" + t.query() + "\t" + t.truth());
        }
      }
      return 0;
    }
    List<Strategy> candidates = new ArrayList<>(allStrategies());
    if (probe != null) {
      candidates.add(new ProbeStrategy(probe));
    }
    candidates.addAll(denseStrategies());
    List<Strategy> strategies = new ArrayList<>();
    for (Strategy s : candidates) {
      if (strategyFilter.isEmpty() || strategyFilter.contains(s.name())) {
        strategies.add(s);
      }
    }
    String date = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
    String commit = gitHead();
    if (pool == 1) {
      // Spent the moment its tasks are drawn, even if the run then fails.
      seeds.record(seeding.seed, seeding.split, date, "started: " + refs.size() + " corpora, "
          + strategies.size() + " strategies");
    }
    Suite.Run run = new Suite(strategies, System.err).run(refs, seeding.seed, pool, perFamily);
    String command = "slicegrep-bench "
        + String.join(" ", spec.commandLine().getParseResult().originalArgs());
    Map<String, Object> meta = meta(manifest, refs, date, command, pool, commit);
    String tables = Report.markdown(meta, run);
    if (json != null) {
      ObjectMapper om = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
      Files.createDirectories(json.toAbsolutePath().getParent());
      om.writeValue(json.toFile(), Report.json(meta, run));
    }
    if (markdown != null) {
      Files.createDirectories(markdown.toAbsolutePath().getParent());
      Files.writeString(markdown, tables, StandardCharsets.UTF_8);
    }
    System.out.println(tables);
    seeds.record(seeding.seed, seeding.split, date, "done: " + run.tasks().size() + " tasks, "
        + refs.size()
        + " corpora, " + strategies.size() + " strategies");
    return 0;
  }

  static List<Strategy> allStrategies() {
    return List.of(
        new SlicegrepStrategy(Boundary.FN),
        new WholeFileRead(),
        new AgentLoop(),
        new GrepFileRanking(),
        new IndexedRetrieval(IndexedRetrieval.Kind.BM25_WINDOWS),
        new IndexedRetrieval(IndexedRetrieval.Kind.TFIDF_WINDOWS),
        new IndexedRetrieval(IndexedRetrieval.Kind.TFIDF_AST_CHUNKS));
  }

  /**
   * The dense rows, when {@code SLICEGREP_MODEL_DIR} names a model that loads: dense-blocks alone,
   * slicegrep with dense fused in for vague queries (two weights of the dense list), and the
   * control that re-packs slicegrep's own order the same way. Without a model: none, and why.
   */
  static List<Strategy> denseStrategies() {
    DenseRuntime runtime = new DenseRuntime(DenseRuntime.Settings.fromEnvironment());
    Optional<StaticModel> model = runtime.model();
    System.err.println("run: dense model: " + runtime.status());
    if (model.isEmpty()) {
      return List.of();
    }
    StaticModel m = model.get();
    SharedSearch search = new SharedSearch();
    return List.of(
        new DenseRetrieval(runtime, m),
        FusedRetrieval.fused("slicegrep+dense", search, runtime, m, 1.0),
        FusedRetrieval.fused("slicegrep+dense-half", search, runtime, m, 0.5),
        FusedRetrieval.repackedOnly(search));
  }

  private Map<String, Object> meta(Manifest manifest, List<Suite.CorpusRef> refs, String date,
      String command, int pool, String commit) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("date", date);
    m.put("command", command);
    m.put("seed", seeding.seed);
    m.put("split", seeding.split);
    m.put("pool", pool);
    m.put("per_family", perFamily);
    m.put("retrieval_budget", Limits.RETRIEVAL_BUDGET);
    m.put("context_cap", Limits.CONTEXT_CAP);
    m.put("tokenizer", "cl100k_base (jtokkit 1.1.0)");
    m.put("slicegrep_commit", commit);
    if (probe != null) {
      m.put("peer_probe", probe.toString());
    }
    List<Map<String, Object>> cs = new ArrayList<>();
    for (Suite.CorpusRef r : refs) {
      Map<String, Object> c = new LinkedHashMap<>();
      c.put("name", r.name());
      c.put("language", r.lang().label());
      List<Map<String, String>> archives = new ArrayList<>();
      for (ArchiveSpec a : manifest.archivesOf(r.name())) {
        archives.add(Map.of("package", a.packageSpec(), "archive", a.archive(), "sha256",
            a.sha256()));
      }
      c.put("archives", archives);
      cs.add(c);
    }
    m.put("corpora", cs);
    return m;
  }

  static String gitHead() {
    try {
      Process p = new ProcessBuilder("git", "rev-parse", "--short", "HEAD")
          .redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
      return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0 ? out : "unknown";
    } catch (IOException e) {
      return "unknown";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "unknown";
    }
  }
}
