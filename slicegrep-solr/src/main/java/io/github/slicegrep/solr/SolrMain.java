package io.github.slicegrep.solr;

import io.github.slicegrep.Boundary;
import io.github.slicegrep.Objective;
import io.github.slicegrep.Options;
import io.github.slicegrep.Result;
import io.github.slicegrep.SlicegrepException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The {@code slicegrep-solr} command: {@code index} sends repositories to a collection,
 * {@code search} searches it. Exit status as grep's and slicegrep's: 0 matched, 1 nothing
 * matched, 2 an error (bad arguments, a cluster that cannot be reached, a missing collection),
 * with the message on standard error.
 */
@Command(
    name = "slicegrep-solr",
    mixinStandardHelpOptions = true,
    version = "slicegrep-solr (Solr 9)",
    description = "slicegrep over a SolrCloud cluster: index repositories, search them.",
    subcommands = {SolrMain.Index.class, SolrMain.Search.class, SolrMain.Drop.class})
public final class SolrMain implements Callable<Integer> {
  /** Something matched. */
  public static final int MATCHED = 0;
  /** Nothing matched. */
  public static final int NO_MATCH = 1;
  /** A usage, input or cluster error. */
  public static final int ERROR = 2;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  /** Where progress goes: standard error, or a test's stream. */
  private final PrintStream progress;

  private SolrMain(PrintStream progress) {
    this.progress = progress;
  }

  /**
   * Runs the command and exits with its status.
   *
   * @param args the command line
   */
  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /**
   * Runs the command line with these streams.
   *
   * @param args the command line
   * @param out where results go
   * @param err where messages and progress go
   * @return the exit status
   */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    CommandLine cl = new CommandLine(new SolrMain(err));
    cl.setCaseInsensitiveEnumValuesAllowed(true);
    cl.setOut(new PrintWriter(out, true, StandardCharsets.UTF_8));
    cl.setErr(new PrintWriter(err, true, StandardCharsets.UTF_8));
    cl.setExitCodeExceptionMapper(e -> ERROR);
    cl.setParameterExceptionHandler((e, a) -> {
      err.println("slicegrep-solr: " + e.getMessage());
      e.getCommandLine().usage(err);
      return ERROR;
    });
    cl.setExecutionExceptionHandler((e, c, p) -> {
      if (e instanceof SlicegrepException) {
        err.println("slicegrep-solr: " + e.getMessage());
        return ERROR;
      }
      err.println("slicegrep-solr: unexpected failure: " + e);
      return ERROR;
    });
    cl.getSubcommands().values().forEach(sub -> sub.getCommandSpec().commandLine()
        .setExecutionExceptionHandler(cl.getExecutionExceptionHandler()));
    return cl.execute(args);
  }

  @Override
  public Integer call() {
    spec.commandLine().usage(spec.commandLine().getErr());
    return ERROR;
  }

  /** Where a cluster is and which collection. */
  static final class Target {
    @Option(names = "--solr", required = true,
        description = "ZooKeeper hosts with an optional chroot (zk1:2181,zk2:2181/solr) or node"
            + " URLs (http://solr1:8983/solr,...)")
    String solr;

    @Option(names = "--collection", required = true, description = "the collection's name")
    String collection;
  }

  /** What every subcommand has: the command it belongs to, and the cluster and collection. */
  abstract static class OnCluster {
    @CommandLine.ParentCommand SolrMain parent;

    @CommandLine.Mixin Target target;
  }

  /** {@code index}: sends repositories to a collection. */
  @Command(name = "index", mixinStandardHelpOptions = true,
      description = "Index repositories (one per ROOT, named by its directory) into a collection,"
          + " creating it if absent; a re-run sends only changed files and deletes removed ones.")
  static final class Index extends OnCluster implements Callable<Integer> {
    @Option(names = "--shards", defaultValue = "2",
        description = "shards of a collection created now (default ${DEFAULT-VALUE})")
    int shards;

    @Option(names = "--replicas", defaultValue = "2",
        description = "replicas per shard of a collection created now (default ${DEFAULT-VALUE})")
    int replicas;

    @Parameters(arity = "1..*", paramLabel = "ROOT", description = "repository roots")
    List<Path> roots;

    @Override
    public Integer call() {
      ClusterIndexer.index(target.solr, target.collection, shards, replicas, roots,
          parent.progress);
      return MATCHED;
    }
  }

  /** {@code drop}: deletes whole repositories from a collection. */
  @Command(name = "drop", mixinStandardHelpOptions = true,
      description = "Delete every document of the named repositories from a collection (a"
          + " repository that is gone; index runs only see the roots they are given).")
  static final class Drop extends OnCluster implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "REPOSITORY", description = "repository names")
    List<String> repositories;

    @Override
    public Integer call() {
      ClusterIndexer.drop(target.solr, target.collection, repositories, parent.progress);
      return MATCHED;
    }
  }

  /** {@code search}: searches a collection. */
  @Command(name = "search", mixinStandardHelpOptions = true,
      description = "Search a collection: ranked, token-budgeted slices, as slicegrep gives for a"
          + " directory.")
  static final class Search extends OnCluster implements Callable<Integer> {
    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "QUERY",
        description = "regex alternatives joined by |, or a plain-English question")
    String query;

    @Option(names = "--budget", defaultValue = "800",
        description = "token budget, 0 for none (default ${DEFAULT-VALUE})")
    int budget;

    @Option(names = "--boundary", defaultValue = "auto",
        description = "auto, fn or none (default ${DEFAULT-VALUE})")
    String boundary;

    @Option(names = "--objective", defaultValue = "auto",
        description = "auto, single, def+caller or def+test (default ${DEFAULT-VALUE})")
    String objective;

    @Option(names = "--files", defaultValue = "" + ClusterSearch.DEFAULT_FILES,
        description = "candidate files fetched from the cluster (default ${DEFAULT-VALUE})")
    int files;

    @Option(names = "--repository", paramLabel = "NAME",
        description = "search only this repository (repeatable; default: all)")
    List<String> repositories = new java.util.ArrayList<>();

    @Option(names = "--no-dedupe", description = "keep near-duplicate slices")
    boolean noDedupe;

    @Option(names = "--json", description = "print the result as JSON")
    boolean json;

    @Override
    public Integer call() {
      SlicegrepException.check(budget >= 0, "--budget must be 0 or more, not %s", budget);
      Options options =
          Options.defaults()
              .withBudget(budget)
              .withBoundary(Boundary.parse(boundary))
              .withObjective(Objective.parse(objective))
              .withDedupe(!noDedupe);
      Result result;
      try (ClusterSearch search = ClusterSearch.connect(target.solr, target.collection, files)) {
        result = search.search(query, options, repositories);
      }
      PrintWriter out = spec.commandLine().getOut();
      out.println(json ? result.toJson() : result.render());
      out.flush();
      return result.matched() ? MATCHED : NO_MATCH;
    }
  }
}
