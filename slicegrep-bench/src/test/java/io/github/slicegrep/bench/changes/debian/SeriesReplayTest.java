package io.github.slicegrep.bench.changes.debian;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.slicegrep.bench.truth.Span;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class SeriesReplayTest {
  /** A 30-line file whose line n reads "line n". */
  static final List<String> PRISTINE =
      IntStream.rangeClosed(1, 30).mapToObj(i -> "line " + i).toList();

  static SeriesReplay replay() {
    Map<String, List<String>> tree = Map.of("src/a.c", PRISTINE);
    return new SeriesReplay(p -> Optional.ofNullable(tree.get(p)));
  }

  static UnifiedDiff diff(String... lines) {
    return UnifiedDiff.parse(List.of(lines));
  }

  static List<Span> regions(SeriesReplay.Applied a) {
    return a.touched().stream().map(SeriesReplay.Touched::region).toList();
  }

  @Test
  void aRemovedLineIsItsOwnRegionWithoutTheContext() {
    SeriesReplay.Applied a = replay().apply(diff("--- a/src/a.c", "+++ b/src/a.c",
        "@@ -9,5 +9,5 @@", " line 9", " line 10", "-line 11", "+LINE 11", " line 12",
        " line 13"));
    assertEquals(List.of(new Span("src/a.c", 11, 11)), regions(a));
  }

  @Test
  void aPureInsertionIsAnchoredOnTheLineItFollows() {
    SeriesReplay.Applied a = replay().apply(diff("--- a/src/a.c", "+++ b/src/a.c",
        "@@ -4,2 +4,3 @@", " line 4", "+new", " line 5"));
    assertEquals(List.of(new Span("src/a.c", 4, 4)), regions(a));
  }

  @Test
  void laterPatchesAreMappedBackToPristineLines() {
    SeriesReplay r = replay();
    // The first patch adds three lines after line 2: every later line moves down by three.
    r.apply(diff("--- a/src/a.c", "+++ b/src/a.c", "@@ -2,2 +2,5 @@", " line 2", "+x", "+y",
        "+z", " line 3"));
    // The second patch was made on the patched file: its line 23 is pristine line 20.
    SeriesReplay.Applied a = r.apply(diff("--- a/src/a.c", "+++ b/src/a.c",
        "@@ -22,3 +22,3 @@", " line 19", "-line 20", "+LINE 20", " line 21"));
    assertEquals(List.of(new Span("src/a.c", 20, 20)), regions(a));
    assertEquals(0, a.stale());
  }

  @Test
  void changingLinesAnEarlierPatchAddedPointsAtWhereTheyWereAdded() {
    SeriesReplay r = replay();
    r.apply(diff("--- a/src/a.c", "+++ b/src/a.c", "@@ -7,2 +7,4 @@", " line 7", "+added 1",
        "+added 2", " line 8"));
    SeriesReplay.Applied a = r.apply(diff("--- a/src/a.c", "+++ b/src/a.c",
        "@@ -8,2 +8,2 @@", " added 1", "-added 2", "+changed 2", " line 8"));
    assertEquals(List.of(new Span("src/a.c", 7, 7)), regions(a));
  }

  @Test
  void aHunkIsFoundAtAnOffsetAndAHunkThatMatchesNowhereIsStale() {
    SeriesReplay.Applied a = replay().apply(diff("--- a/src/a.c", "+++ b/src/a.c",
        "@@ -3,2 +3,2 @@", " line 15", "-line 16", "+LINE 16",
        "@@ -25,1 +25,1 @@", "-no such line", "+whatever"));
    assertEquals(List.of(new Span("src/a.c", 16, 16)), regions(a));
    assertEquals(1, a.stale());
  }

  @Test
  void filesTheTreeLacksAreCountedAbsentAndGiveNoRegion() {
    SeriesReplay r = replay();
    SeriesReplay.Applied created = r.apply(diff("--- /dev/null", "+++ b/src/new.c",
        "@@ -0,0 +1,2 @@", "+one", "+two"));
    SeriesReplay.Applied later = r.apply(diff("--- a/src/new.c", "+++ b/src/new.c",
        "@@ -1,2 +1,2 @@", " one", "-two", "+TWO", "--- a/src/gone.c", "+++ b/src/gone.c",
        "@@ -1 +1 @@", "-a", "+b"));
    assertEquals(List.of(), created.touched());
    assertEquals(1, created.absent());
    assertEquals(List.of(), later.touched());
    assertEquals(2, later.absent());
    assertEquals(0, later.stale());
  }
}
