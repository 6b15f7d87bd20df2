package io.github.slicegrep.bench.speed;

import io.github.slicegrep.FocusedReader;
import io.github.slicegrep.Options;
import io.github.slicegrep.Result;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * In-process directory searches on the real corpora, precise and plain-English, warm (one
 * reader kept across calls, watching the tree unless {@code -p watch=false}: only the check
 * for changes, the scan and the ranking) and cold (a new
 * reader per call, without a persistent index: walk, read, scan, parse and rank, on a JIT that
 * has warmed up; the operating system's page cache is warm in both).
 *
 * <p>Corpora come from {@code -Dslicegrep.bench.corpora} or {@code SLICEGREP_BENCH_CORPORA}
 * (default {@code bench-corpora}); the exact command is in docs/RESULTS.md, Speed.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx4g"})
@State(Scope.Benchmark)
public class SearchBenchmark {
  /** One precise and one plain-English query per corpus, about code each corpus holds. */
  static final Map<String, String> QUERIES =
      Map.of(
          "click/precise", "def get_current_context",
          "click/english", "how are parameter values converted to python types",
          "rich/precise", "def render_lines",
          "rich/english", "how does the console decide the terminal width",
          "django/precise", "get_object_or_404",
          "django/english", "how does the queryset cache results when iterating");

  @Param({"click", "rich", "django"})
  public String corpus;

  @Param({"precise", "english"})
  public String kind;

  /**
   * Whether the warm reader watches the tree ({@link FocusedReader#watching()}, as the MCP
   * server's does: later searches stat only changed files) or stats every file each time.
   */
  @Param({"true"})
  public boolean watch;

  private Path root;
  private String query;
  private FocusedReader warm;

  @Setup(Level.Trial)
  public void setUp() {
    String base =
        System.getProperty("slicegrep.bench.corpora",
            System.getenv().getOrDefault("SLICEGREP_BENCH_CORPORA", "bench-corpora"));
    root = Path.of(base, "src", corpus);
    if (!Files.isDirectory(root)) {
      throw new IllegalStateException("no corpus at " + root + "; set SLICEGREP_BENCH_CORPORA");
    }
    query = QUERIES.get(corpus + "/" + kind);
    warm = watch ? FocusedReader.watching() : new FocusedReader();
    warm.search(root, query, Options.defaults()); // the watch starts from the second search,
    warm.search(root, query, Options.defaults()); // in the background, during the warm-up
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    warm.close();
  }

  /**
   * A kept reader's search. The warm-up is long because a django question runs at 20-70 ms and
   * its path takes a few hundred calls to compile: after 3 x 2 s it still measured 62-77 ms
   * against 23-25 ms after 12 x 3 s (docs/RESULTS.md, session 9).
   */
  @Benchmark
  @Warmup(iterations = 12, time = 3)
  @Measurement(iterations = 5, time = 3)
  public Result warmQuery() {
    return warm.search(root, query, Options.defaults());
  }

  @Benchmark
  @Warmup(iterations = 2, batchSize = 1)
  @Measurement(iterations = 5, batchSize = 1)
  @BenchmarkMode(Mode.SingleShotTime)
  public Result coldQuery() {
    return new FocusedReader().search(root, query, Options.defaults());
  }
}
