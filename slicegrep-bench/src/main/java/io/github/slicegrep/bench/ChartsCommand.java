package io.github.slicegrep.bench;

import io.github.slicegrep.bench.charts.ResultCharts;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code charts}: SVG charts of a suite run, from the JSON that {@code run --json} wrote. */
@Command(name = "charts", mixinStandardHelpOptions = true,
    description = "Draw hit rate vs mean tokens per strategy, and hit rate per family, as SVG.")
final class ChartsCommand implements Callable<Integer> {
  @Option(names = "--results", required = true, paramLabel = "JSON",
      description = "a result file of `run --json` (repeatable: later files' strategies replace"
          + " the same strategies of earlier ones; all must be of one seed and split)")
  List<Path> results;

  @Option(names = "--out", paramLabel = "DIR", description = "where the SVG files go (default:"
      + " ${DEFAULT-VALUE})")
  Path out = Path.of("docs", "img");

  @Override
  public Integer call() throws Exception {
    System.setProperty("java.awt.headless", "true");
    ResultCharts.Run run;
    try {
      run = ResultCharts.read(results);
    } catch (IllegalArgumentException e) {
      System.err.println("charts: " + e.getMessage());
      return 2;
    }
    for (Path p : ResultCharts.write(run, out)) {
      System.out.println("wrote " + p);
    }
    return 0;
  }
}
