package io.github.slicegrep.bench.charts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.VectorGraphicsEncoder.VectorGraphicsFormat;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler.LegendPosition;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Charts of a suite run, drawn from the JSON that {@code run --json} writes: hit rate against
 * mean tokens per strategy (with each rate's 95% interval), and hit rate per task family. Several
 * result files of one seed and split can be merged: a strategy in a later file replaces the same
 * strategy of an earlier one (a peer rerun alone, for instance).
 */
public final class ResultCharts {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  /** One colour per strategy, in the order the run lists them; slicegrep first and strongest. */
  private static final Color[] PALETTE = {
    new Color(0xC0392B), new Color(0x7F8C8D), new Color(0x2980B9), new Color(0x8E44AD),
    new Color(0x27AE60), new Color(0xD68910), new Color(0x16A085), new Color(0x2C3E50),
    new Color(0xE67E22), new Color(0x95A5A6)
  };
  private static final int WIDTH = 900;
  private static final int HEIGHT = 540;

  /** One strategy's figures over all tasks or one family. */
  public record Figures(int tasks, int hits, double hitRate, double low, double high,
      double meanTokens) {
    static Figures of(JsonNode n) {
      return new Figures(n.path("n").asInt(), n.path("hits").asInt(),
          n.path("hit_rate").asDouble(), n.path("ci95_low").asDouble(),
          n.path("ci95_high").asDouble(), n.path("mean_tokens").asDouble());
    }
  }

  /** What the charts are drawn from: the merged results of one seed and split. */
  public record Run(long seed, String split, int tasks, int budget,
      Map<String, Figures> overall, Map<String, Map<String, Figures>> byFamily,
      List<String> families) {}

  private ResultCharts() {}

  /**
   * Reads and merges result files.
   *
   * @throws IllegalArgumentException when they are of different seeds or splits, or hold no
   *     strategy
   */
  public static Run read(List<Path> files) throws IOException {
    Long seed = null;
    String split = null;
    int tasks = 0;
    int budget = 0;
    Map<String, Figures> overall = new LinkedHashMap<>();
    Map<String, Map<String, Figures>> byFamily = new LinkedHashMap<>();
    List<String> families = new ArrayList<>();
    for (Path file : files) {
      JsonNode root = MAPPER.readTree(file.toFile());
      long s = root.path("seed").asLong();
      String sp = root.path("split").asText();
      if (seed != null && (seed != s || !split.equals(sp))) {
        throw new IllegalArgumentException(String.format(
            "%s is seed %d, split %s; the files before it are seed %d, split %s: charts never"
                + " mix runs", file, s, sp, seed, split));
      }
      seed = s;
      split = sp;
      tasks = Math.max(tasks, root.path("tasks").asInt());
      budget = root.path("retrieval_budget").asInt();
      root.path("overall").properties().forEach(
          e -> overall.put(e.getKey(), Figures.of(e.getValue())));
      root.path("by_family").properties().forEach(e -> {
        Map<String, Figures> f = new LinkedHashMap<>();
        e.getValue().properties().forEach(g -> {
          f.put(g.getKey(), Figures.of(g.getValue()));
          if (!families.contains(g.getKey())) {
            families.add(g.getKey());
          }
        });
        byFamily.put(e.getKey(), f);
      });
    }
    if (overall.isEmpty()) {
      throw new IllegalArgumentException("no strategy in " + files);
    }
    return new Run(seed, split, tasks, budget, overall, byFamily, families);
  }

  private static String percent(double rate) {
    return String.format(Locale.ROOT, "%.1f%%", 100 * rate);
  }

  /** Hit rate (with its 95% interval as a vertical bar) against mean tokens, per strategy. */
  public static XYChart hitRateVsTokens(Run run) {
    XYChart chart = new XYChartBuilder().width(WIDTH + 100).height(HEIGHT)
        .title(String.format(Locale.ROOT,
            "Hit rate vs tokens: %d tasks, %s seed %d, %,d-token budget",
            run.tasks(), run.split(), run.seed(), run.budget()))
        .xAxisTitle("mean tokens returned per task").yAxisTitle("hit rate (%), 95% interval")
        .build();
    style(chart.getStyler());
    chart.getStyler().setLegendPosition(LegendPosition.OutsideE);
    chart.getStyler().setYAxisMin(0.0).setYAxisMax(100.0);
    chart.getStyler().setXAxisMin(0.0);
    chart.getStyler().setXAxisDecimalPattern("#,##0").setYAxisDecimalPattern("0");
    int i = 0;
    for (Map.Entry<String, Figures> e : run.overall().entrySet()) {
      Figures f = e.getValue();
      Color color = PALETTE[i++ % PALETTE.length];
      XYSeries interval = chart.addSeries(e.getKey() + " (95%)",
          new double[] {f.meanTokens(), f.meanTokens()},
          new double[] {100 * f.low(), 100 * f.high()});
      interval.setMarker(SeriesMarkers.NONE);
      interval.setLineColor(color);
      interval.setLineStyle(new BasicStroke(2f));
      interval.setShowInLegend(false);
      XYSeries point = chart.addSeries(
          e.getKey() + "  " + percent(f.hitRate()) + String.format(Locale.ROOT, ", %,.0f tok",
              f.meanTokens()),
          new double[] {f.meanTokens()}, new double[] {100 * f.hitRate()});
      point.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
      point.setMarker(SeriesMarkers.CIRCLE);
      point.setMarkerColor(color);
    }
    return chart;
  }

  /** Hit rate per task family, one bar per strategy. */
  public static CategoryChart hitRateByFamily(Run run) {
    CategoryChart chart = new CategoryChartBuilder().width(WIDTH + 400).height(HEIGHT)
        .title(String.format(Locale.ROOT, "Hit rate by task family: %s seed %d",
            run.split(), run.seed()))
        .xAxisTitle("task family").yAxisTitle("hit rate (%)").build();
    style(chart.getStyler());
    chart.getStyler().setLegendPosition(LegendPosition.OutsideE);
    chart.getStyler().setYAxisMin(0.0).setYAxisMax(100.0).setYAxisDecimalPattern("0");
    chart.getStyler().setAvailableSpaceFill(0.85).setOverlapped(false);
    int i = 0;
    for (Map.Entry<String, Map<String, Figures>> e : run.byFamily().entrySet()) {
      List<Double> rates = new ArrayList<>();
      for (String family : run.families()) {
        Figures f = e.getValue().get(family);
        rates.add(f == null ? 0.0 : 100 * f.hitRate());
      }
      chart.addSeries(e.getKey(), run.families(), rates).setFillColor(PALETTE[i++ % PALETTE.length]);
    }
    return chart;
  }

  private static void style(org.knowm.xchart.style.Styler styler) {
    styler.setChartBackgroundColor(Color.WHITE).setPlotBackgroundColor(Color.WHITE)
        .setLegendBorderColor(Color.WHITE)
        .setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 15))
        .setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12))
        .setAntiAlias(true);
  }

  /**
   * Writes both charts as SVG into {@code dir}, named {@code <split>-<seed>-hit-rate-vs-tokens.svg}
   * and {@code <split>-<seed>-hit-rate-by-family.svg}.
   *
   * @return the files written
   */
  public static List<Path> write(Run run, Path dir) throws IOException {
    Files.createDirectories(dir);
    String prefix = run.split() + "-" + run.seed() + "-";
    Path scatter = dir.resolve(prefix + "hit-rate-vs-tokens.svg");
    Path bars = dir.resolve(prefix + "hit-rate-by-family.svg");
    // XChart draws every glyph as a path, so the files need no fonts to look the same anywhere.
    VectorGraphicsEncoder.saveVectorGraphic(hitRateVsTokens(run), scatter.toString(),
        VectorGraphicsFormat.SVG);
    VectorGraphicsEncoder.saveVectorGraphic(hitRateByFamily(run), bars.toString(),
        VectorGraphicsFormat.SVG);
    return List.of(scatter, bars);
  }
}
