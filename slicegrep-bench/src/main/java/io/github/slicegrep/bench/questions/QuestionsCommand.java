package io.github.slicegrep.bench.questions;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.github.slicegrep.Boundary;
import io.github.slicegrep.bench.BenchMain;
import io.github.slicegrep.bench.corpus.CorpusSetup;
import io.github.slicegrep.bench.corpus.Manifest;
import io.github.slicegrep.bench.corpus.RegistryFetcher;
import io.github.slicegrep.bench.strategy.IndexedRetrieval;
import io.github.slicegrep.bench.suite.SeedLedger;
import io.github.slicegrep.bench.truth.Lang;
import io.github.slicegrep.solr.ClusterSearch;
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
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code slicegrep-bench questions}: the questions suite (slicegrep-bench/questions), tuning
 * split by default. Each round of questions has a confirmation half of its own, spent by its
 * first run: the ledger beside the questions (seed = round) records it and refuses a second look
 * unless {@code --force}.
 */
@Command(name = "questions", mixinStandardHelpOptions = true,
    description = "Hand-written questions with hand-annotated answers: NDCG@10, file recall and"
        + " tokens per engine and kind.")
public final class QuestionsCommand implements Callable<Integer> {
  /** Where the suite's files are, from the repository root. */
  static final Path DEFAULT_QUESTIONS = Path.of("slicegrep-bench/questions");
  /** The ledger of confirmation runs, beside the questions. */
  static final String LEDGER = "confirmation-runs.tsv";

  @Option(names = "--corpora", description = "corpora folder (default: $SLICEGREP_BENCH_CORPORA"
      + " or ./bench-corpora)")
  Path corpora;

  @Option(names = "--questions", description = "folder of <corpus>.jsonl files (default: ${DEFAULT-VALUE})")
  Path questions = DEFAULT_QUESTIONS;

  @Option(names = "--split", description = "tuning, confirmation or all (default: ${DEFAULT-VALUE})")
  String split = "tuning";

  @Option(names = "--round", description = "only questions written in this round (default:"
      + " every round)")
  Integer round;

  @Option(names = "--force", description = "run a confirmation half already on record")
  boolean force;

  @Option(names = "--corpus", description = "only this corpus (repeatable)")
  List<String> only = new ArrayList<>();

  @Option(names = "--probe", description = "path to a probe binary: adds the peer row")
  Path probe;

  @Option(names = "--engine", description = "only this engine (slicegrep, bm25-windows,"
      + " bm25-ast-chunks, published-stack, probe; repeatable)")
  List<String> onlyEngines = new ArrayList<>();

  @Option(names = "--trace", description = "write each question's top ten ranked units here")
  Path trace;

  @Option(names = "--dense", description = "adds slicegrep with dense recall (needs"
      + " SLICEGREP_MODEL_DIR, docs/dense.md)")
  boolean dense;

  @Option(names = "--solr", description = "adds slicegrep through this SolrCloud cluster"
      + " (ZooKeeper hosts or node URLs; docs/cluster.md), with --collection")
  String solr;

  @Option(names = "--collection", description = "the collection holding each corpus as a"
      + " repository (slicegrep-solr index)")
  String collection;

  @Option(names = "--boundary", description = "how slicegrep cuts regions: auto (what users"
      + " get unless they ask), fn or none (default: ${DEFAULT-VALUE})")
  String boundary = "auto";

  @Option(names = "--json", description = "write the summary and every judgement here")
  Path json;

  @Override
  public Integer call() throws IOException {
    List<Question> all = new ArrayList<>();
    try (Stream<Path> files = Files.list(questions)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".jsonl")).sorted().toList()) {
        all.addAll(Question.load(f));
      }
    }
    if (!List.of(SeedLedger.TUNING, SeedLedger.CONFIRMATION, "all").contains(split)) {
      System.err.println("questions: --split must be tuning, confirmation or all, got " + split);
      return 2;
    }
    List<Question> chosen = all.stream()
        .filter(q -> round == null || q.round() == round)
        .filter(q -> split.equals("all") || q.split().name().equalsIgnoreCase(split)).toList();
    // Each round's held-back half is looked at once, and that look is on record.
    SeedLedger ledger = new SeedLedger(questions.resolve(LEDGER));
    SortedSet<Integer> heldBack = chosen.stream()
        .filter(q -> q.split() == Question.Split.CONFIRMATION).map(Question::round)
        .collect(Collectors.toCollection(TreeSet::new));
    for (int r : heldBack) {
      if (ledger.admit(r, SeedLedger.CONFIRMATION, force, false, "questions (round " + r + ")",
          System.err) < 0) {
        return 2;
      }
    }
    Manifest manifest = Manifest.bundled();
    CorpusSetup setup = new CorpusSetup(manifest, BenchMain.corporaDir(corpora),
        new RegistryFetcher(), BenchMain.STDERR_LOG);
    CorpusSetup.Report verified = setup.verify();
    List<QuestionsSuite.Corpus> refs = new ArrayList<>();
    for (Map.Entry<String, String> c : manifest.corpora().entrySet()) {
      boolean asked = chosen.stream().anyMatch(q -> q.corpus().equals(c.getKey()));
      if (!asked || (!only.isEmpty() && !only.contains(c.getKey()))) {
        continue;
      }
      if (!verified.ready().contains(c.getKey())) {
        System.err.println("questions: corpus " + c.getKey() + " is not verified; run setup first");
        return 1;
      }
      refs.add(new QuestionsSuite.Corpus(c.getKey(), Lang.parse(c.getValue()),
          setup.sourceRoot(c.getKey())));
    }
    Boundary cut = Boundary.parse(boundary);
    List<Engine> engines = new ArrayList<>(List.of(Engine.slicegrep(cut),
        Engine.indexed(IndexedRetrieval.Kind.BM25_WINDOWS),
        Engine.indexed(IndexedRetrieval.Kind.BM25_AST_CHUNKS),
        Engine.indexed(IndexedRetrieval.Kind.PUBLISHED_STACK)));
    if (dense) {
      engines.add(Engine.slicegrep("slicegrep+dense", true, cut));
    }
    if (probe != null) {
      engines.add(Engine.probe(probe));
    }
    ClusterSearch cluster = null;
    if (solr != null) {
      cluster = ClusterSearch.connect(solr, collection, ClusterSearch.DEFAULT_FILES);
      engines.add(Engine.cluster(cluster, cut));
    }
    if (!onlyEngines.isEmpty()) {
      engines.removeIf(e -> !onlyEngines.contains(e.name()));
    }
    List<Timed> timed = engines.stream().map(Timed::new).toList();
    List<QuestionsSuite.Row> rows;
    try {
      rows = new QuestionsSuite(List.copyOf(timed), System.err).run(refs, chosen);
    } finally {
      if (cluster != null) {
        cluster.close();
      }
    }
    timed.forEach(t -> System.err.println("latency " + t.latency()));
    if (solr != null) {
      System.err.println(Timed.sameTopFile(rows, "slicegrep", "slicegrep-solr"));
    }
    Map<String, Map<String, QuestionsSuite.Summary>> summary = QuestionsSuite.summarise(rows);
    String table = QuestionsSuite.markdown(summary);
    System.out.print(table);
    String date = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
    for (int r : heldBack) {
      ledger.record(r, SeedLedger.CONFIRMATION, date, "questions (" + split + "): "
          + rows.size() + " judgements " + summary.keySet());
    }
    if (trace != null) {
      Files.writeString(trace, QuestionsSuite.trace(rows), StandardCharsets.UTF_8);
    }
    if (json != null) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("date", date);
      m.put("split", split);
      m.put("round", round == null ? "all" : round);
      m.put("summary", summary);
      List<Map<String, Object>> judged = new ArrayList<>();
      for (QuestionsSuite.Row r : rows) {
        judged.add(Map.of("engine", r.engine(), "id", r.question().id(),
            "kind", r.question().kind().label(), "ndcg10", r.judgement().ndcg10(),
            "focused_ndcg10", r.judgement().focusedNdcg10(),
            "file_recall", r.judgement().fileRecall(), "tokens", r.judgement().tokens()));
      }
      m.put("judgements", judged);
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(json.toFile(), m);
    }
    return 0;
  }
}
