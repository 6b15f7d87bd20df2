package io.github.slicegrep.bench.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.w3c.dom.Document;

class ResultChartsTest {
  @TempDir Path dir;

  @BeforeAll
  static void headless() {
    System.setProperty("java.awt.headless", "true");
  }

  private static String figures(int n, int hits, double tokens) {
    double rate = (double) hits / n;
    return String.format(java.util.Locale.ROOT,
        "{\"n\": %d, \"hits\": %d, \"hit_rate\": %.3f, \"ci95_low\": %.3f, \"ci95_high\": %.3f,"
            + " \"mean_tokens\": %.1f}", n, hits, rate, rate * 0.9, Math.min(1, rate * 1.05),
        tokens);
  }

  private Path results(String name, long seed, String strategies) throws IOException {
    Path p = dir.resolve(name);
    Files.writeString(p, "{\"seed\": " + seed + ", \"split\": \"confirmation\", \"tasks\": 40,"
        + " \"retrieval_budget\": 2000, " + strategies + "}");
    return p;
  }

  private Path main() throws IOException {
    return results("main.json", 77,
        "\"overall\": {\"slicegrep\": " + figures(40, 36, 1990) + ", \"bm25-windows\": "
            + figures(40, 27, 1920) + ", \"peer\": " + figures(40, 0, 0) + "},"
            + " \"by_family\": {\"slicegrep\": {\"symbol-lookup\": " + figures(20, 20, 1500)
            + ", \"docstring-concept\": " + figures(20, 16, 2500) + "}, \"bm25-windows\":"
            + " {\"symbol-lookup\": " + figures(20, 14, 1900) + ", \"docstring-concept\": "
            + figures(20, 13, 1940) + "}, \"peer\": {\"symbol-lookup\": " + figures(20, 0, 0)
            + "}}");
  }

  @Test
  void aLaterFileReplacesTheSameStrategy() throws IOException {
    Path rerun = results("peer.json", 77,
        "\"overall\": {\"peer\": " + figures(40, 17, 2021) + "}, \"by_family\": {\"peer\":"
            + " {\"symbol-lookup\": " + figures(20, 9, 2000) + "}}");
    ResultCharts.Run run = ResultCharts.read(List.of(main(), rerun));
    assertEquals(List.of("slicegrep", "bm25-windows", "peer"), List.copyOf(run.overall().keySet()));
    assertEquals(17, run.overall().get("peer").hits());
    assertEquals(9, run.byFamily().get("peer").get("symbol-lookup").hits());
    assertEquals(List.of("symbol-lookup", "docstring-concept"), run.families());
  }

  @Test
  void filesOfAnotherSeedAreRefused() throws IOException {
    Path other = results("other.json", 78, "\"overall\": {\"peer\": " + figures(40, 1, 1) + "}");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ResultCharts.read(List.of(main(), other)));
    assertTrue(e.getMessage().contains("seed 78"), e.getMessage());
  }

  @Test
  void writesTwoSvgChartsNamingEveryStrategyAndFamily() throws Exception {
    ResultCharts.Run run = ResultCharts.read(List.of(main()));
    List<Path> written = ResultCharts.write(run, dir.resolve("img"));
    assertEquals(List.of("confirmation-77-hit-rate-vs-tokens.svg",
        "confirmation-77-hit-rate-by-family.svg"),
        written.stream().map(p -> p.getFileName().toString()).toList());
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    // The SVG names its DTD by URL: parse it as well-formed XML without fetching anything.
    factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
    for (Path svg : written) {
      Document doc = factory.newDocumentBuilder().parse(svg.toFile());
      assertEquals("svg", doc.getDocumentElement().getTagName());
    }
    assertTrue(Files.size(written.get(0)) > 10_000, "a drawn chart, not an empty page");
  }

  @Test
  void theScatterHasAPointAndAnIntervalPerStrategyAndTheBarsEveryFamily() throws IOException {
    ResultCharts.Run run = ResultCharts.read(List.of(main()));
    XYChart scatter = ResultCharts.hitRateVsTokens(run);
    assertEquals(List.of("slicegrep (95%)", "slicegrep  90.0%, 1,990 tok", "bm25-windows (95%)",
        "bm25-windows  67.5%, 1,920 tok", "peer (95%)", "peer  0.0%, 0 tok"),
        List.copyOf(scatter.getSeriesMap().keySet()));
    XYSeries point = scatter.getSeriesMap().get("slicegrep  90.0%, 1,990 tok");
    assertEquals(1990.0, point.getXData()[0]);
    assertEquals(90.0, point.getYData()[0], 1e-9);
    XYSeries interval = scatter.getSeriesMap().get("slicegrep (95%)");
    assertEquals(81.0, interval.getYData()[0], 1e-9);
    assertEquals(94.5, interval.getYData()[1], 1e-9);
    assertTrue(scatter.getTitle().contains("seed 77"), scatter.getTitle());
    CategoryChart bars = ResultCharts.hitRateByFamily(run);
    CategorySeries peer = bars.getSeriesMap().get("peer");
    assertEquals(List.of("symbol-lookup", "docstring-concept"), List.copyOf(peer.getXData()));
    assertEquals(List.of(0.0, 0.0), List.copyOf(peer.getYData()), "a missing family draws as 0");
    assertEquals(List.of(100.0, 80.0),
        List.copyOf(bars.getSeriesMap().get("slicegrep").getYData()));
  }
}
