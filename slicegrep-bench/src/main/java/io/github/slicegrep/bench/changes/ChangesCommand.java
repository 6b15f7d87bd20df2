package io.github.slicegrep.bench.changes;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.github.slicegrep.Chunk;
import io.github.slicegrep.FocusedReader;
import io.github.slicegrep.Options;
import io.github.slicegrep.RankedFile;
import io.github.slicegrep.Result;
import io.github.slicegrep.SlicegrepException;
import io.github.slicegrep.bench.metrics.Wilson;
import io.github.slicegrep.bench.strategy.Limits;
import io.github.slicegrep.bench.suite.SeedLedger;
import io.github.slicegrep.bench.suite.SeedOptions;
import io.github.slicegrep.dense.DenseRuntime;
import io.github.slicegrep.history.GitHistory;
import io.github.slicegrep.history.HistoryPriors;
import io.github.slicegrep.history.HistoryRerank;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code changes}: real changes of a git repository as questions. For each commit the seed
 * draws from one pool, the question is the commit's subject line, the truth is the source files
 * it changed that existed at its parent, the tree searched is the parent's, and the history
 * prior is read from the parent and its ancestors only. Each variant is scored on whether a
 * changed file is among its first k ranked files, and among the files of the chunks it shows.
 */
@Command(name = "changes", mixinStandardHelpOptions = true,
    description = "Real commits of a repository as questions (subject line -> changed files),"
        + " lexical vs history-weighted (and dense-fused with a model); refuses a spent"
        + " confirmation seed unless --force.")
public final class ChangesCommand implements Callable<Integer> {
  /** History read for a task: generous bounds so that the walk is complete and repeatable. */
  static final GitHistory.Settings HISTORY = new GitHistory.Settings(
      10_000, Duration.ofSeconds(60), GitHistory.Settings.defaults().maxFilesPerCommit(), false);
  /** The engine's defaults at the bench's retrieval budget; one instance, one search a task. */
  static final Options LEXICAL = Options.defaults().withBudget(Limits.RETRIEVAL_BUDGET);
  static final int[] TOP_K = {1, 3, 5, 10};

  @Option(names = "--repo", required = true, description = "a git work tree or repository")
  Path repo;

  @Option(names = "--rev", defaultValue = "HEAD",
      description = "the newest commit considered (default ${DEFAULT-VALUE})")
  String rev;

  @Mixin
  SeedOptions seeding;

  @Option(names = "--commits", defaultValue = "40",
      description = "commits drawn from the pool (default ${DEFAULT-VALUE})")
  int count;

  @Option(names = "--json", description = "write the per-commit results here")
  Path json;

  @Option(names = "--markdown", description = "write the Markdown table here")
  Path markdown;

  @Option(names = "--weights", split = ";", description = "extra history rows, each"
      + " CHURN,COCHANGE in [0, 1] (tuning only; repeatable or ;-separated)")
  List<String> extraWeights = new ArrayList<>();

  @Option(names = "--list", description = "print the drawn commits, run nothing (tuning only)")
  boolean list;

  /** One way of ordering a result's files. */
  record Variant(String name, Options options, HistoryRerank.@Nullable Weights weights) {}

  /** What one variant found for one commit. */
  record Outcome(String variant, String commit, int firstRank, boolean chunkHit, int truth,
      int truthInTop5) {}

  @Override
  public Integer call() throws Exception {
    if (count < 1) {
      System.err.println("changes: --commits must be >= 1, got " + count);
      return 2;
    }
    SeedLedger seeds = seeding.ledger();
    int pool = seeding.admit(list, "changes", System.err);
    if (pool < 0) {
      return 2;
    }
    FileRepositoryBuilder builder = new FileRepositoryBuilder().findGitDir(repo.toFile());
    if (builder.getGitDir() == null) {
      System.err.println("changes: not inside a git repository: " + repo);
      return 2;
    }
    try (Repository r = builder.setMustExist(true).build()) {
      ObjectId head = r.resolve(rev);
      if (head == null) {
        System.err.println("changes: unknown revision " + rev + " in " + repo);
        return 2;
      }
      List<CommitSelection.Change> eligible = CommitSelection.eligible(r, head);
      List<CommitSelection.Change> drawn =
          CommitSelection.draw(eligible, pool, seeding.seed, count);
      if (list) {
        drawn.forEach(c -> System.out.println(c.commit().substring(0, 10) + "\t" + c.subject()
            + "\t" + c.truth()));
        return 0;
      }
      String date = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
      if (pool == 1) {
        seeds.record(seeding.seed, seeding.split, date,
            "changes suite started: " + drawn.size() + " commits");
      }
      if (!extraWeights.isEmpty() && pool != 0) {
        System.err.println("changes: --weights is for tuning; confirmation runs the defaults");
        return 2;
      }
      List<Variant> variants = new ArrayList<>(variants());
      for (String w : extraWeights) {
        try {
          variants.add(weighted(w));
        } catch (IllegalArgumentException e) {
          System.err.println("changes: " + e.getMessage());
          return 2;
        }
      }
      List<Outcome> outcomes = run(r, drawn, variants);
      String table = markdown(head.name(), eligible, drawn, variants, outcomes);
      System.out.println(table);
      if (markdown != null) {
        Files.createDirectories(markdown.toAbsolutePath().getParent());
        Files.writeString(markdown, table, StandardCharsets.UTF_8);
      }
      if (json != null) {
        Files.createDirectories(json.toAbsolutePath().getParent());
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("date", date);
        doc.put("repo_head", head.name());
        doc.put("seed", seeding.seed);
        doc.put("split", seeding.split);
        doc.put("commits", drawn);
        doc.put("outcomes", outcomes);
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(json.toFile(),
            doc);
      }
      seeds.record(seeding.seed, seeding.split, date, "changes suite done: " + drawn.size()
          + " commits, "
          + variants.size() + " variants");
      return 0;
    }
  }

  /** Lexical only; history (churn only, co-change only, both); dense-fused when a model loads. */
  static List<Variant> variants() {
    Options lexical = LEXICAL;
    HistoryRerank.Weights w = HistoryRerank.Weights.defaults();
    List<Variant> out = new ArrayList<>(List.of(
        new Variant("lexical", lexical, null),
        new Variant("lexical+churn", lexical, new HistoryRerank.Weights(w.churn(), 0)),
        new Variant("lexical+co-change", lexical, new HistoryRerank.Weights(0, w.coChange())),
        new Variant("lexical+history", lexical, w)));
    DenseRuntime runtime = new DenseRuntime(DenseRuntime.Settings.fromEnvironment());
    System.err.println("changes: dense model: " + (runtime.model().isPresent()
        ? runtime.status() : runtime.status() + " (no dense rows)"));
    if (runtime.model().isPresent()) {
      out.add(new Variant("lexical+dense-half", lexical.withDense(true), null));
    }
    return out;
  }

  /** A history row with the weights {@code CHURN,COCHANGE}. */
  static Variant weighted(String spec) {
    String[] parts = spec.split(",");
    if (parts.length != 2) {
      throw new IllegalArgumentException("--weights wants CHURN,COCHANGE, got " + spec);
    }
    HistoryRerank.Weights w = new HistoryRerank.Weights(Double.parseDouble(parts[0].strip()),
        Double.parseDouble(parts[1].strip()));
    return new Variant("history(" + w.churn() + "," + w.coChange() + ")",
        LEXICAL, w);
  }

  private static List<Outcome> run(Repository r, List<CommitSelection.Change> drawn,
      List<Variant> variants) throws IOException {
    FocusedReader reader = new FocusedReader();
    List<Outcome> out = new ArrayList<>();
    int done = 0;
    for (CommitSelection.Change c : drawn) {
      Path tree = Files.createTempDirectory("slicegrep-changes-");
      try {
        materialize(r, ObjectId.fromString(c.parent()), tree);
        HistoryPriors priors = GitHistory.loadAt(r, ObjectId.fromString(c.parent()), HISTORY);
        Map<Options, Result> results = new LinkedHashMap<>();
        for (Variant v : variants) {
          Result result;
          try {
            result = results.computeIfAbsent(v.options(), o -> reader.search(tree, c.subject(), o));
          } catch (SlicegrepException e) {
            System.err.println("changes: " + c.commit() + ": " + e.getMessage());
            result = null;
          }
          out.add(score(v, c, result, priors));
        }
      } finally {
        deleteTree(tree);
      }
      System.err.printf(Locale.ROOT, "changes: %d/%d %s%n", ++done, drawn.size(),
          c.commit().substring(0, 10));
    }
    return out;
  }

  static Outcome score(
      Variant v, CommitSelection.Change c, @Nullable Result result, HistoryPriors priors) {
    if (result == null) {
      return new Outcome(v.name(), c.commit(), -1, false, c.truth().size(), 0);
    }
    List<RankedFile> files = v.weights() == null
        ? result.files()
        : HistoryRerank.rerank(result.files(), RankedFile::file, RankedFile::score, priors,
            v.weights());
    Set<String> truth = Set.copyOf(c.truth());
    int first = -1;
    int inTop5 = 0;
    for (int i = 0; i < files.size(); i++) {
      if (truth.contains(files.get(i).file())) {
        if (first < 0) {
          first = i + 1;
        }
        if (i < 5) {
          inTop5++;
        }
      }
    }
    boolean chunkHit = result.chunks().stream().map(Chunk::file).anyMatch(truth::contains);
    return new Outcome(v.name(), c.commit(), first, chunkHit, truth.size(), inTop5);
  }

  static String markdown(String head, List<CommitSelection.Change> eligible,
      List<CommitSelection.Change> drawn, List<Variant> variants, List<Outcome> outcomes) {
    StringBuilder sb = new StringBuilder();
    long inPool = eligible.stream().filter(c -> c.pool() == drawn.stream()
        .findFirst().map(CommitSelection.Change::pool).orElse(-1)).count();
    sb.append(String.format(Locale.ROOT,
        "Changes suite at %s: %d eligible commits, %d in this pool, %d drawn.%n%n",
        head.substring(0, 10), eligible.size(), inPool, drawn.size()));
    sb.append("| variant | hit@1 | hit@3 | hit@5 (95% CI) | hit@10 | recall@5"
        + " | chunk hit (95% CI) |\n");
    sb.append("|---|---|---|---|---|---|---|\n");
    for (Variant v : variants) {
      List<Outcome> os = outcomes.stream().filter(o -> o.variant().equals(v.name())).toList();
      int n = os.size();
      sb.append("| ").append(v.name());
      for (int k : TOP_K) {
        int hits = (int) os.stream().filter(o -> o.firstRank() > 0 && o.firstRank() <= k).count();
        sb.append(" | ").append(cell(hits, n, k == 5));
      }
      double recall = os.stream().mapToDouble(o -> (double) o.truthInTop5() / o.truth())
          .average().orElse(0);
      int chunk = (int) os.stream().filter(Outcome::chunkHit).count();
      sb.append(String.format(Locale.ROOT, " | %.3f | %s |%n", recall, cell(chunk, n, true)));
    }
    return sb.toString();
  }

  private static String cell(int hits, int n, boolean interval) {
    double[] ci = Wilson.interval95(hits, n);
    String s = String.format(Locale.ROOT, "%d/%d %.1f%%", hits, n, n == 0 ? 0 : 100.0 * hits / n);
    return interval
        ? s + String.format(Locale.ROOT, " (%.1f–%.1f%%)", 100 * ci[0], 100 * ci[1]) : s;
  }

  /** Writes the regular files of {@code commit}'s tree below {@code dir}. */
  static void materialize(Repository r, ObjectId commit, Path dir) throws IOException {
    try (RevWalk walk = new RevWalk(r); TreeWalk tw = new TreeWalk(r)) {
      tw.addTree(walk.parseCommit(commit).getTree());
      tw.setRecursive(true);
      while (tw.next()) {
        FileMode mode = tw.getFileMode(0);
        if (mode != FileMode.REGULAR_FILE && mode != FileMode.EXECUTABLE_FILE) {
          continue;
        }
        Path target = dir.resolve(tw.getPathString()).normalize();
        if (!target.startsWith(dir)) {
          throw new IOException("path escapes the checkout: " + tw.getPathString());
        }
        Files.createDirectories(target.getParent());
        try (OutputStream os = Files.newOutputStream(target)) {
          r.open(tw.getObjectId(0)).copyTo(os);
        }
      }
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
