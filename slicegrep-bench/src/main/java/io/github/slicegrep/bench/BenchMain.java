package io.github.slicegrep.bench;

import io.github.slicegrep.bench.changes.ChangesCommand;
import io.github.slicegrep.bench.changes.debian.DebianChangesCommand;
import io.github.slicegrep.bench.questions.QuestionsCommand;
import io.github.slicegrep.bench.corpus.CorpusSetup;
import io.github.slicegrep.bench.corpus.Fetcher;
import io.github.slicegrep.bench.corpus.Manifest;
import io.github.slicegrep.bench.corpus.RegistryFetcher;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The {@code slicegrep-bench} command: {@code setup}, {@code run}, {@code compare},
 * {@code charts}, {@code changes}, {@code debian-changes}, {@code questions}.
 */
@Command(
    name = "slicegrep-bench",
    mixinStandardHelpOptions = true,
    description = "Pinned corpora, the controlled retrieval suite and one-task comparisons.",
    subcommands = {BenchMain.Setup.class, RunCommand.class, CompareCommand.class,
        ChartsCommand.class, ChangesCommand.class, DebianChangesCommand.class,
        QuestionsCommand.class})
public final class BenchMain implements Callable<Integer> {
  /** Environment variable naming the corpora folder. */
  public static final String CORPORA_ENV = "SLICEGREP_BENCH_CORPORA";
  static final String DEFAULT_CORPORA = "bench-corpora";

  public static void main(String[] args) {
    System.exit(new CommandLine(new BenchMain()).execute(args));
  }

  @Override
  public Integer call() {
    new CommandLine(this).usage(System.err);
    return 2;
  }

  /** Resolves {@code --corpora}, then the environment variable, then {@code ./bench-corpora}. */
  public static Path corporaDir(Path option) {
    if (option != null) {
      return option;
    }
    String env = System.getenv(CORPORA_ENV);
    return Path.of(env != null && !env.isBlank() ? env : DEFAULT_CORPORA);
  }

  public static final Fetcher.Log STDERR_LOG = new Fetcher.Log() {
    @Override
    public void info(String message) {
      System.err.println("setup: " + message);
    }

    @Override
    public void error(String message) {
      System.err.println("setup: ERROR " + message);
    }
  };

  @Command(name = "setup", mixinStandardHelpOptions = true,
      description = "Fetch, verify (sha256) and unpack the pinned corpora; exit 1 on any problem.")
  static final class Setup implements Callable<Integer> {
    @Option(names = "--corpora", description = "corpora folder (default: $" + CORPORA_ENV
        + " or ./" + DEFAULT_CORPORA + ")")
    Path corpora;

    @Option(names = "--verify", description = "only check what is there; fetch nothing")
    boolean verifyOnly;

    @Override
    public Integer call() throws Exception {
      Path dir = corporaDir(corpora);
      CorpusSetup setup = new CorpusSetup(Manifest.bundled(), dir, new RegistryFetcher(),
          STDERR_LOG);
      CorpusSetup.Report r = verifyOnly ? setup.verify() : setup.setup();
      for (String c : r.ready()) {
        System.out.println("ok " + c + " -> " + setup.sourceRoot(c));
      }
      for (String p : r.problems()) {
        System.err.println("setup: " + p);
      }
      if (!r.ok()) {
        System.err.println("setup: FAILED: " + r.problems().size() + " problem(s); see above");
        return 1;
      }
      return 0;
    }
  }
}
