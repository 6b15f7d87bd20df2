package io.github.slicegrep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.slicegrep.pack.Packer;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SPEC 7, revised: a result lists the best omitted regions and every omitted region of a file it
 * shows, and counts the rest with an estimated token total, in the JSON and in the text report.
 */
class OmittedListTest {
  private static final int CALLERS = 120;

  @TempDir Path dir;

  /**
   * One module defining {@code cache_get} and calling it from {@link #CALLERS} functions, and as
   * many other modules calling it once each: far more matched regions than any budget shows.
   */
  private void tree() {
    Fixture f = Fixture.in(dir);
    StringBuilder home = new StringBuilder("def cache_get(key):\n    return STORE[key]\n");
    for (int i = 0; i < CALLERS; i++) {
      home.append("\n\ndef use_").append(i).append("(key):\n")
          .append("    value = cache_get(key)\n")
          .append("    return value + ").append(i).append("\n");
    }
    f.file("store/home.py", home.toString());
    for (int i = 0; i < CALLERS; i++) {
      f.file("app/m" + i + ".py",
          "def handler_" + i + "(request):\n    return cache_get(request.key) * " + i + "\n");
    }
  }

  @Test
  void theBestAndEveryRegionOfAShownFileAreListedTheRestCounted() {
    tree();
    Result r = FocusedRead.run(dir, "cache_get", 300, Boundary.FN);
    int regions = 1 + 2 * CALLERS;
    OmittedMore more = r.omittedMore();
    assertFalse(more.isEmpty(), "hundreds of regions, a 300-token budget: some are counted");
    assertEquals(regions, r.chunks().size() + r.omitted().size() + more.regions(),
        "every matched region is shown, listed or counted");
    assertTrue(r.omitted().size() >= Packer.LISTED_OMISSIONS);

    // The definition's file is shown, so each of its regions is either shown or listed.
    Set<String> shownFiles = r.chunks().stream().map(Chunk::file).collect(Collectors.toSet());
    assertTrue(shownFiles.contains("store/home.py"), shownFiles.toString());
    Map<String, Long> listedByFile =
        r.omitted().stream().collect(Collectors.groupingBy(Omission::file, Collectors.counting()));
    long homeShown = r.chunks().stream().filter(c -> c.file().equals("store/home.py")).count();
    assertEquals(1 + CALLERS, homeShown + listedByFile.getOrDefault("store/home.py", 0L));

    // Beyond the first LISTED_OMISSIONS, only regions of shown files are listed.
    for (int i = Packer.LISTED_OMISSIONS; i < r.omitted().size(); i++) {
      assertTrue(shownFiles.contains(r.omitted().get(i).file()), r.omitted().get(i).toString());
    }

    // The counted regions are one-line callers like the listed ones: the estimate sums them.
    int smallest = Integer.MAX_VALUE;
    int largest = 0;
    for (Omission o : r.omitted()) {
      if (o.file().startsWith("app/")) {
        smallest = Math.min(smallest, o.tokens());
        largest = Math.max(largest, o.tokens());
      }
    }
    assertTrue(more.tokens() >= more.regions() * smallest, more.toString());
    assertTrue(more.tokens() <= more.regions() * largest, more.toString());
    assertEquals(
        (double) r.totalTokens() / (r.totalTokens() + r.omittedTokens() + more.tokens()),
        r.coverage(), 1e-9);
  }

  @Test
  void bothReportsSayWhatWasCountedAndThatItIsAnEstimate() {
    tree();
    Result r = FocusedRead.run(dir, "cache_get", 300, Boundary.FN);
    OmittedMore more = r.omittedMore();
    String text = r.render();
    assertTrue(text.contains("OMITTED — " + (r.omitted().size() + more.regions())
        + " matching region(s), ~" + (r.omittedTokens() + more.tokens()) + " tokens"), text);
    assertTrue(text.contains("... and " + more.regions() + " more regions, ~" + more.tokens()
        + " tokens (estimated)"), text);
    @SuppressWarnings("unchecked")
    Map<String, Object> json = (Map<String, Object>) r.toMap().get("omitted_more");
    assertEquals(Map.of("regions", more.regions(), "tokens", more.tokens(), "estimated", true),
        json);
  }

  @Test
  void aSmallResultListsEveryOmission() {
    Fixture.in(dir).file("a.py", "def f():\n    return cache_get(1)\n\n\ndef g():\n"
        + "    return cache_get(2)\n");
    Result r = FocusedRead.run(dir, "cache_get", 20, Boundary.FN);
    assertTrue(r.omittedMore().isEmpty());
    assertEquals(2, r.chunks().size() + r.omitted().size());
    assertEquals(Map.of("regions", 0, "tokens", 0, "estimated", true),
        r.toMap().get("omitted_more"));
    assertFalse(r.render().contains("(estimated)"));
  }
}
