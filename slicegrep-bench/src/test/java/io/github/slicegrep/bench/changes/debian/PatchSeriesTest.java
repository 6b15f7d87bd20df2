package io.github.slicegrep.bench.changes.debian;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.slicegrep.bench.questions.Question;
import io.github.slicegrep.bench.truth.Span;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class PatchSeriesTest {
  static final SeriesSpec SPEC = new SeriesSpec("pkg_1.0-1", "pkg", "python",
      "pkg_1.0.orig.tar.gz", "0".repeat(64), "pkg=1:1.0-1", SeriesSpec.FIRST_ROUND);
  static final List<String> CODE = IntStream.rangeClosed(1, 20).mapToObj(i -> "c" + i).toList();
  static final List<String> TEST = IntStream.rangeClosed(1, 20).mapToObj(i -> "t" + i).toList();
  static final Map<String, List<String>> TREE = Map.of("pkg/core.py", CODE,
      "tests/test_core.py", TEST, "docs/index.rst", List.of("Title", "====="));

  static PatchSeries read(List<String> names, List<List<String>> patches) {
    return PatchSeries.of(SPEC, names, patches, p -> Optional.ofNullable(TREE.get(p)));
  }

  @Test
  void codeHunksAreTheTruthAndTestHunksAreNot() {
    PatchSeries s = read(List.of("fix.patch"), List.of(List.of(
        "Subject: [PATCH] Fixed a crash in core",
        "--- a/pkg/core.py", "+++ b/pkg/core.py", "@@ -5,1 +5,1 @@", "-c5", "+C5",
        "--- a/tests/test_core.py", "+++ b/tests/test_core.py", "@@ -2,1 +2,1 @@", "-t2",
        "+T2")));
    assertEquals(1, s.kept().size());
    ChangeRequest r = s.kept().get(0);
    assertEquals("Fixed a crash in core", r.query());
    assertEquals(List.of(new Span("pkg/core.py", 5, 5)), r.regions());
    assertEquals(2, s.hunks());
  }

  @Test
  void patchesWithoutCodeOrQueryAreDroppedWithTheReason() {
    PatchSeries s = read(List.of("docs.patch", "tests.patch", "anon.patch", "new.patch"),
        List.of(
            List.of("Description: doc tweak", "--- a/docs/index.rst", "+++ b/docs/index.rst",
                "@@ -1 +1 @@", "-Title", "+Better title"),
            List.of("Description: skip a test", "--- a/tests/test_core.py",
                "+++ b/tests/test_core.py", "@@ -1 +1 @@", "-t1", "+T1"),
            List.of("--- a/pkg/core.py", "+++ b/pkg/core.py", "@@ -1 +1 @@", "-c1", "+C1"),
            List.of("Description: add a module", "--- /dev/null", "+++ b/pkg/extra.py",
                "@@ -0,0 +1 @@", "+x = 1")));
    assertEquals(List.of(), s.kept());
    assertEquals(List.of(new PatchSeries.Dropped("docs.patch", "only docs"),
        new PatchSeries.Dropped("tests.patch", "only tests"),
        new PatchSeries.Dropped("anon.patch", "no DEP-3 Description or Subject"),
        new PatchSeries.Dropped("new.patch", "its code files are new (not in the upstream tree)")),
        s.dropped());
  }

  @Test
  void aDroppedPatchStillShiftsTheLinesOfTheNext() {
    PatchSeries s = read(List.of("anon.patch", "later.patch"), List.of(
        List.of("--- a/pkg/core.py", "+++ b/pkg/core.py", "@@ -1,1 +1,3 @@", " c1", "+n1",
            "+n2"),
        List.of("Description: change c10", "--- a/pkg/core.py", "+++ b/pkg/core.py",
            "@@ -12,1 +12,1 @@", "-c10", "+C10")));
    assertEquals(List.of(new Span("pkg/core.py", 10, 10)), s.kept().get(0).regions());
    assertEquals(0, s.stale());
  }

  @Test
  void theSeriesFileListsPatchesWithoutCommentsOrOptions() {
    assertEquals(List.of("a.patch", "b.patch"),
        PatchSeries.series(List.of("# comment", "", "a.patch -p1", "  b.patch  ")));
  }

  @Test
  void theSplitIsTheQueryHashAndStable() {
    // Pinned: a change to the hash or its input would move requests between the halves.
    ChangeRequest tuning = new ChangeRequest("c", "p", "handle empty input",
        List.of(new Span("f", 1, 1)));
    ChangeRequest confirmation = new ChangeRequest("c", "p2", "fix the parser",
        List.of(new Span("f", 1, 1)));
    assertEquals(Question.Split.TUNING, tuning.split());
    assertEquals(Question.Split.CONFIRMATION, confirmation.split());
    // The patch and corpus do not enter: the same words are in the same half everywhere.
    assertEquals(Question.Split.CONFIRMATION,
        new ChangeRequest("other", "x", "fix the parser", List.of(new Span("g", 2, 2))).split());
    assertEquals(Question.splitOf(tuning.query()), tuning.split());
  }
}
