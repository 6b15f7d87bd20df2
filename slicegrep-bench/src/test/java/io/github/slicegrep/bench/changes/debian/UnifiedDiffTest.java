package io.github.slicegrep.bench.changes.debian;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class UnifiedDiffTest {
  static final List<String> GIT_PATCH = List.of(
      "From: Someone <s@example.org>",
      "Subject: [PATCH] telnet: only accept option arguments in ascii",
      "---",
      " lib/telnet.c | 2 +-",
      "",
      "diff --git a/lib/telnet.c b/lib/telnet.c",
      "index 1111..2222 100644",
      "--- a/lib/telnet.c",
      "+++ b/lib/telnet.c",
      "@@ -10,3 +10,4 @@ static void f(void)",
      " a",
      "-b",
      "+B",
      "+C",
      " c",
      "@@ -40 +41 @@",
      "-x",
      "+y",
      "\\ No newline at end of file",
      "diff --git a/lib/new.c b/lib/new.c",
      "new file mode 100644",
      "--- /dev/null",
      "+++ b/lib/new.c",
      "@@ -0,0 +1,2 @@",
      "+int a;",
      "+int b;",
      "-- ",
      "2.39.2");

  @Test
  void headerFilesAndHunksAreRead() {
    UnifiedDiff d = UnifiedDiff.parse(GIT_PATCH);
    assertEquals(5, d.header().size());
    assertEquals("Subject: [PATCH] telnet: only accept option arguments in ascii",
        d.header().get(1));
    assertEquals(2, d.files().size());
    UnifiedDiff.FileDiff telnet = d.files().get(0);
    assertEquals("lib/telnet.c", telnet.oldPath());
    assertEquals(2, telnet.hunks().size());
    assertEquals(10, telnet.hunks().get(0).oldStart());
    assertEquals(List.of("a", "b", "c"), telnet.hunks().get(0).oldLines());
    assertEquals(List.of("a", "B", "C", "c"), telnet.hunks().get(0).newLines());
    // A count left out is 1, and the "\ No newline" marker is not a line.
    assertEquals(List.of("-x", "+y"), telnet.hunks().get(1).lines());
  }

  @Test
  void aCreatedFileHasNoOldPathAndTheMailSignatureIsNotAHunk() {
    UnifiedDiff.FileDiff created = UnifiedDiff.parse(GIT_PATCH).files().get(1);
    assertNull(created.oldPath());
    assertEquals("lib/new.c", created.path());
    assertEquals(1, created.hunks().size());
    assertEquals(2, created.hunks().get(0).newLines().size());
  }

  @Test
  void quiltPathsLoseTheirFirstComponentAndTimestamp() {
    List<String> quilt = List.of(
        "Description: fix",
        "Index: curl/lib/url.c",
        "===================================================================",
        "--- curl.orig/lib/url.c\t2023-01-01 00:00:00.000000000 +0000",
        "+++ curl/lib/url.c",
        "@@ -1,1 +1,1 @@",
        "-old",
        "+new");
    UnifiedDiff d = UnifiedDiff.parse(quilt);
    assertEquals(List.of("Description: fix"), d.header());
    assertEquals("lib/url.c", d.files().get(0).oldPath());
    assertEquals("lib/url.c", d.files().get(0).newPath());
  }

  @Test
  void anEmptyLineInAHunkIsContext() {
    UnifiedDiff d = UnifiedDiff.parse(List.of("--- a/f.py", "+++ b/f.py", "@@ -1,3 +1,3 @@",
        "-x = 1", "+x = 2", "", " y = 3"));
    assertEquals(List.of("x = 1", "", "y = 3"), d.files().get(0).hunks().get(0).oldLines());
  }

  @Test
  void aHunkShorterThanItsHeaderIsAnError() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> UnifiedDiff.parse(List.of("--- a/f", "+++ b/f", "@@ -1,3 +1,3 @@", " a")));
    assertEquals("line 3: hunk ends early", e.getMessage());
  }
}
