package io.github.slicegrep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.slicegrep.pack.Packer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FocusedReadTest {
  @TempDir Path dir;

  private static final String SCORER =
      "import math\n"
          + "\n"
          + "class Scorer:\n"
          + "    \"\"\"Scores chunks.\"\"\"\n"
          + "\n"
          + "    def score(self, chunk):\n"
          + "        weight = math.log(chunk.hits + 1)\n"
          + "        return weight * 2\n"
          + "\n"
          + "    def reset(self):\n"
          + "        self.total = 0\n";

  private static final String CALLER =
      "from rank.scorer import Scorer\n"
          + "\n"
          + "def rank_all(chunks):\n"
          + "    s = Scorer()\n"
          + "    return sorted(chunks, key=s.score)\n";

  private static final String TEST =
      "from rank.scorer import Scorer\n"
          + "\n"
          + "def test_score_counts_hits():\n"
          + "    assert Scorer().score(Chunk(hits=3)) > 0\n";

  private Fixture project() {
    return Fixture.in(dir)
        .file("src/rank/scorer.py", SCORER)
        .file("src/app/main.py", CALLER)
        .file("tests/test_scorer.py", TEST)
        .file("README.md", "Nothing about it here.\n");
  }

  @Test
  void directorySearchGuaranteesDefinitionCallerAndTest() {
    project();
    Result r = FocusedRead.run(dir, "class Scorer|Scorer", 800, Boundary.AUTO);
    assertEquals(4, r.filesSearched());
    assertEquals(3, r.filesMatched());
    List<String> files = r.chunks().stream().map(Chunk::file).toList();
    assertEquals(
        List.of("src/rank/scorer.py", "src/app/main.py", "tests/test_scorer.py"), files);
    Chunk definition = r.chunks().get(0);
    assertTrue(definition.rankReasons().contains("definition"), definition.rankReasons().toString());
    assertTrue(definition.rankReasons().contains("guaranteed(definition)"));
    assertTrue(r.chunks().get(1).rankReasons().contains("guaranteed(caller)"));
    Chunk test = r.chunks().get(2);
    assertTrue(test.rankReasons().contains("test_demoted"));
    assertTrue(test.rankReasons().contains("guaranteed(test)"));
    assertTrue(r.totalTokens() <= 800);
    assertEquals(1.0, r.coverage());
    assertEquals(List.of(), r.negativeEvidence());
    assertEquals("src/rank/scorer.py", r.files().get(0).file());
  }

  @Test
  void theGuaranteedCallerIsCodeNotDocumentationOrAnImport() {
    project()
        .file("docs/usage.md", "Use Scorer. Scorer scores. Scorer(x) and Scorer(y).\n")
        .file("src/app/reexport.py", "from rank.scorer import Scorer\n");
    Result r = FocusedRead.run(dir, "class Scorer|Scorer", Options.defaults().withBudget(800));
    Chunk caller = r.chunks().stream()
        .filter(c -> c.rankReasons().contains("guaranteed(caller)")).findFirst().orElseThrow();
    assertEquals("src/app/main.py", caller.file());
  }

  @Test
  void fnBoundaryReturnsTheWholeEnclosingMethod() {
    Fixture.in(dir).file("scorer.py", SCORER);
    Result r = FocusedRead.run(dir.resolve("scorer.py"), "math.log", 800, Boundary.FN);
    assertEquals(1, r.chunks().size());
    Chunk c = r.chunks().get(0);
    assertEquals(6, c.lineStart());
    assertEquals(8, c.lineEnd());
    assertEquals("score", c.symbol());
    assertEquals("scorer.py", c.file());
  }

  @Test
  void noneBoundaryIsTheExactWindow() {
    Fixture.in(dir).file("scorer.py", SCORER);
    Options o = Options.defaults().withBoundary(Boundary.NONE).withContext(1);
    Chunk c = FocusedRead.run(dir.resolve("scorer.py"), "math.log", o).chunks().get(0);
    assertEquals(6, c.lineStart());
    assertEquals(8, c.lineEnd());
    Options two = o.withBefore(2).withAfter(0);
    Chunk d = FocusedRead.run(dir.resolve("scorer.py"), "math.log", two).chunks().get(0);
    assertEquals(5, d.lineStart());
    assertEquals(7, d.lineEnd());
  }

  @Test
  void nearbyMatchesMergeIntoOneRegion() {
    Fixture.in(dir).file("a.txt", "alpha\nx\nbeta\n" + "y\n".repeat(30) + "alpha\n");
    Options o = Options.defaults().withBoundary(Boundary.NONE).withContext(2).withBudget(0);
    Result r = FocusedRead.run(dir.resolve("a.txt"), "alpha|beta", o);
    assertEquals(2, r.chunks().size());
    List<int[]> ranges =
        r.chunks().stream().map(c -> new int[] {c.lineStart(), c.lineEnd()}).sorted(
            (a, b) -> a[0] - b[0]).toList();
    assertEquals(1, ranges.get(0)[0]);
    assertEquals(5, ranges.get(0)[1]);
    assertEquals(32, ranges.get(1)[0]);
    assertEquals(34, ranges.get(1)[1]);
  }

  @Test
  void negativeEvidenceInDirectoryMode() {
    project();
    Result r = FocusedRead.run(dir, "class Ranker|deprecated_api|Scorer", 800, Boundary.AUTO);
    String where = dir + "/";
    assertTrue(r.negativeEvidence().contains("Pattern 'class Ranker' not found in " + where),
        r.negativeEvidence().toString());
    assertTrue(r.negativeEvidence().contains("Pattern 'deprecated_api' not found in " + where));
    assertTrue(r.negativeEvidence().contains("No definition found for 'Ranker' in " + where));
    assertTrue(r.matched());
  }

  @Test
  void negativeEvidenceInFileMode() {
    Fixture.in(dir).file("scorer.py", SCORER);
    Path file = dir.resolve("scorer.py");
    Result r = FocusedRead.run(file, "class Packer|score", 800, Boundary.AUTO);
    assertTrue(r.negativeEvidence().contains("No definition found for 'Packer' in " + file),
        r.negativeEvidence().toString());
  }

  @Test
  void reportsAMatchThatExistsButWasNotShown() {
    Fixture.in(dir)
        .file("big.py", "def first():\n    marker_one = 1\n" + Fixture.filler("pad", 200)
            + "def second():\n    marker_two = 2\n");
    Options o = Options.defaults().withBudget(40).withBoundary(Boundary.NONE).withContext(3);
    Result r = FocusedRead.run(dir.resolve("big.py"), "marker_one|marker_two", o);
    assertEquals(1, r.chunks().size());
    String hidden = r.chunks().get(0).patterns().contains("marker_one") ? "marker_two" : "marker_one";
    assertTrue(
        r.negativeEvidence().contains("Pattern '" + hidden + "' IS in big.py but its match fell"
            + " outside the selected chunks (budget/dedupe)"),
        r.negativeEvidence().toString());
  }

  @Test
  void nothingMatchedIsNotAnErrorButSaysSo() {
    project();
    Result r = FocusedRead.run(dir, "zz_nowhere_zz", 800, Boundary.AUTO);
    assertFalse(r.matched());
    assertEquals(List.of(), r.chunks());
    assertEquals(1.0, r.coverage());
    assertEquals(List.of("Pattern 'zz_nowhere_zz' not found in " + dir + "/"), r.negativeEvidence());
  }

  @Test
  void badInputRaisesOneExceptionTypeWithAUsableMessage() {
    project();
    SlicegrepException missing =
        assertThrows(SlicegrepException.class,
            () -> FocusedRead.run(dir.resolve("nope"), "x", 800, Boundary.AUTO));
    assertTrue(missing.getMessage().startsWith("path not found: "), missing.getMessage());
    assertThrows(SlicegrepException.class, () -> FocusedRead.run(dir, "  ", 800, Boundary.AUTO));
    SlicegrepException budget =
        assertThrows(SlicegrepException.class, () -> FocusedRead.run(dir, "x", -1, Boundary.AUTO));
    assertTrue(budget.getMessage().contains("-1"), budget.getMessage());
    Fixture.in(dir).bytes("blob.bin", new byte[] {1, 2, 0, 3});
    SlicegrepException binary =
        assertThrows(SlicegrepException.class,
            () -> FocusedRead.run(dir.resolve("blob.bin"), "x", 800, Boundary.AUTO));
    assertTrue(binary.getMessage().contains("binary"), binary.getMessage());
  }

  @Test
  void directoryModeSkipsBinaryOversizedAndIgnoredFiles() {
    Fixture.in(dir)
        .file(".gitignore", "secret/\n")
        .file("a.py", "needle = 1\n")
        .file("secret/b.py", "needle = 2\n")
        .bytes("c.bin", new byte[] {'n', 'e', 'e', 'd', 'l', 'e', 0})
        .file("d.py", "needle = 4\n" + "#".repeat(5000));
    Options o = Options.defaults().withMaxFileBytes(1000);
    Result r = FocusedRead.run(dir, "needle", o);
    assertEquals(2, r.filesSearched(), "a.py and .gitignore");
    assertEquals(1, r.filesMatched());
    assertEquals("a.py", r.chunks().get(0).file());
  }

  @Test
  void lineNumbersFollowCrlfAndIgnoreFormFeeds() {
    Fixture.in(dir).file("w.py", "one\r\ntwo\f still two\r\nthree\rfour target\nfive\n");
    Options o = Options.defaults().withBoundary(Boundary.NONE).withContext(0);
    Chunk c = FocusedRead.run(dir.resolve("w.py"), "target", o).chunks().get(0);
    assertEquals(4, c.lineStart());
    assertEquals(4, c.lineEnd());
    assertEquals("four target", c.code());
  }

  @Test
  void endlessLinesAreNotMatchedAndLongLinesAreCutForDisplay() {
    String minified = "var a=" + "x".repeat(6000) + "needle;";
    String wide = "needle " + "y".repeat(1000);
    Fixture.in(dir).file("bundle.js", minified + "\n" + wide + "\n");
    Options o = Options.defaults().withBoundary(Boundary.NONE).withContext(0).withBudget(0);
    Result r = FocusedRead.run(dir.resolve("bundle.js"), "needle", o);
    assertEquals(1, r.chunks().size());
    Chunk c = r.chunks().get(0);
    assertEquals(2, c.lineStart());
    assertTrue(c.code().endsWith("[line cut: 1007 chars]"), c.code());
    assertTrue(c.tokens() < 150);
  }

  @Test
  void testAndVendorPathsAreDemotedBySegmentNotSubstring() {
    String body = "def parse_header(raw):\n    return raw.split(':')\n";
    Fixture.in(dir)
        .file("src/tests/parser_check.py", body + "# a\n")
        .file("src/vendor/parser.py", body + "# b\n")
        .file("src/contest.py", body + "# c\n")
        .file("src/distance.py", body + "# d\n");
    Result r = FocusedRead.run(dir, "parse_header", Options.defaults().withBudget(0).withDedupe(false));
    for (Chunk c : r.chunks()) {
      boolean test = c.rankReasons().contains("test_demoted");
      boolean vendor = c.rankReasons().contains("vendor_demoted");
      assertEquals(c.file().startsWith("src/tests/"), test, c.file());
      assertEquals(c.file().startsWith("src/vendor/"), vendor, c.file());
    }
    assertFalse(r.chunks().get(0).file().contains("tests/"));
    assertFalse(r.chunks().get(0).file().contains("vendor/"));
  }

  @Test
  void nearDuplicatesCollapseAndAreCounted() {
    StringBuilder fn = new StringBuilder("def handler(event):\n");
    for (int i = 0; i < 9; i++) {
      fn.append("    step_").append(i).append(" = event.get('key_").append(i).append("')\n");
    }
    String a = fn.toString();
    String b = a.replace("step_8 = event.get('key_8')", "step_8 = event.get('other')");
    Fixture.in(dir).file("a/h.py", a).file("b/h.py", b).file("c/h.py", a);
    Options o = Options.defaults().withBudget(0).withBoundary(Boundary.FN);
    Result r = FocusedRead.run(dir, "def handler", o);
    assertEquals(1, r.chunks().size());
    assertEquals(2, r.deduped());
    assertEquals(2, r.omitted().stream().filter(x -> x.why().equals(Omission.DUPLICATE)).count());
    Result kept = FocusedRead.run(dir, "def handler", o.withDedupe(false));
    assertEquals(2, kept.chunks().size(), "the exact copy still collapses");
    assertEquals(1, kept.deduped());
    assertTrue(r.render().contains("[DEDUPED: 2 near-duplicate chunk(s) removed]"));
  }

  @Test
  void truncationKeepsTheMatchedLineAndListsTheRest() {
    StringBuilder big = new StringBuilder("def huge():\n");
    big.append(Fixture.filler("a", 240));
    big.append("    the_needle = locate()\n");
    big.append(Fixture.filler("b", 60));
    Fixture.in(dir).file("huge.py", big.toString());
    Result r = FocusedRead.run(dir.resolve("huge.py"), "the_needle", 200, Boundary.FN);
    assertEquals(1, r.chunks().size());
    Chunk c = r.chunks().get(0);
    assertTrue(c.lineStart() <= 242 && c.lineEnd() >= 242, c.lineStart() + "-" + c.lineEnd());
    assertTrue(c.code().contains("the_needle"));
    assertTrue(c.lineStart() > 1, "the head alone would have lost the match");
    assertTrue(r.totalTokens() <= 200);
    List<Omission> cut = r.omitted().stream().filter(o -> o.why().equals(Omission.TRUNCATED)).toList();
    assertEquals(2, cut.size());
    assertEquals(1, cut.stream().mapToInt(Omission::lineStart).min().getAsInt());
    assertEquals(c.lineStart() - 1, cut.stream().filter(o -> o.lineStart() == 1).findFirst().get().lineEnd());
    assertEquals(c.lineEnd() + 1,
        cut.stream().filter(o -> o.lineStart() != 1).findFirst().get().lineStart());
    assertEquals(302, cut.stream().mapToInt(Omission::lineEnd).max().getAsInt());
    assertTrue(r.render().contains("[huge.py:" + c.lineStart() + "-" + c.lineEnd() + " "));
    // The shown cut holds the only match: the rest keeps half the chunk's score, so that a
    // region not seen at all with a score near the chunk's is listed before it.
    for (Omission o : cut) {
      assertEquals(c.score() * Packer.REST_BASE_SHARE, o.score(), 1e-9, o.toString());
    }
  }

  @Test
  void aCutQueriedDefinitionShowsItsBodyBeforeTheCodeAboveIt() {
    // The imports name the symbol too, so in auto mode their window and the function merge into
    // one region, cut to the budget around the definition's header.
    StringBuilder text = new StringBuilder("from urls.exceptions import NoReverseMatch\n");
    text.append(Fixture.filler("i", 20));
    text.append("def reverse(viewname, args=None):\n");
    text.append(Fixture.filler("body", 30));
    text.append("    return resolved\n");
    Fixture.in(dir).file("base.py", text.toString());
    Result r = FocusedRead.run(dir.resolve("base.py"), "reverse", 150, Boundary.AUTO);
    Chunk c = r.chunks().get(0);
    assertEquals(22, c.lineStart(), c.lineStart() + "-" + c.lineEnd());
    assertTrue(c.lineEnd() > 40, "the body, not the imports: " + c.lineStart() + "-" + c.lineEnd());
  }

  @Test
  void aQualifiedNameFindsTheMemberItNamesAndNoOtherDefinition() {
    Fixture.in(dir)
        .file("query.py", "class QuerySet:\n    def reverse(self):\n        self.ordered = not self.ordered\n"
            + "        return self\n")
        .file("urls.py", "def reverse(viewname):\n    return resolve(viewname)\n")
        .file("notes.md", "Call QuerySet.reverse() to flip the order.\n")
        .file("paths.py", "def join(a, b):\n    return a + b\n")
        .file("app.py", "import os\n\ndef where(base):\n    return os.path.join(base, 'x')\n");
    Result r = FocusedRead.run(dir, "QuerySet.reverse", 800, Boundary.AUTO);
    Chunk first = r.chunks().get(0);
    assertEquals("query.py", first.file(), r.render());
    assertTrue(first.rankReasons().contains("guaranteed(definition)"), first.rankReasons().toString());
    assertTrue(r.chunks().stream().filter(c -> c.file().equals("urls.py"))
        .noneMatch(c -> c.rankReasons().contains("definition")), "another reverse is not it");
    // Found as defined, the name is not reported missing because no line spells it so.
    Result written = FocusedRead.run(dir.resolve("query.py"), "QuerySet.reverse", 800, Boundary.AUTO);
    assertEquals(List.of(), written.negativeEvidence());
    Result absent = FocusedRead.run(dir, "Manager.reverse", 800, Boundary.AUTO);
    assertTrue(absent.negativeEvidence().stream().anyMatch(
        m -> m.startsWith("No definition found for 'Manager.reverse'")), absent.negativeEvidence().toString());
    // A library's path: its uses, not a definition of the same last name elsewhere.
    Result lib = FocusedRead.run(dir, "os.path.join", 800, Boundary.AUTO);
    assertEquals("app.py", lib.chunks().get(0).file(), lib.render());
    assertTrue(lib.chunks().stream().noneMatch(c -> c.rankReasons().contains("definition")),
        lib.render());
  }

  @Test
  void aConstantTypedAloneIsFoundWhereItIsDeclaredNotWhereItIsImported() {
    Fixture.in(dir)
        .file("box.py", "class Box:\n    def __init__(self, box):\n        self.box = box\n\n"
            + Fixture.filler("pad", 30) + "ROUNDED: Box = Box(\n    '+--+'\n)\n")
        .file("panel.py", "from .box import ROUNDED, Box\n\nclass Panel:\n"
            + "    def __init__(self, box=ROUNDED):\n        self.box = box\n")
        .file("cli.js", "const ROUNDED = require('./box')\nmodule.exports = ROUNDED\n");
    Result r = FocusedRead.run(dir, "ROUNDED", 800, Boundary.AUTO);
    Chunk first = r.chunks().get(0);
    assertEquals("box.py", first.file(), r.render());
    assertTrue(first.rankReasons().contains("guaranteed(definition)"), first.rankReasons().toString());
    assertTrue(first.code().contains("ROUNDED: Box = Box("), first.code());
    assertEquals(List.of(), r.negativeEvidence(), "declared, so not reported missing");
    assertTrue(r.chunks().stream().filter(c -> !c.file().equals("box.py"))
        .noneMatch(c -> c.rankReasons().contains("definition")), "imports define nothing");
  }

  @Test
  void anAcronymInAQuestionIsAWordNotANameToDefine() {
    Fixture.in(dir)
        .file("binding.go", "package binding\n\nvar (\n\tJSON = jsonBinding{}\n\tXML = xmlBinding{}\n)\n")
        .file("json.go", "package binding\n\n// decodeJSON reads the request body into obj and validates it.\n"
            + "func decodeJSON(body io.Reader, obj any) error {\n\tdecoder := json.NewDecoder(body)\n"
            + "\tif err := decoder.Decode(obj); err != nil {\n\t\treturn err\n\t}\n"
            + "\treturn validate(obj)\n}\n");
    Result r = FocusedRead.run(dir, "how is a JSON request body decoded and validated", 800,
        Boundary.AUTO);
    assertEquals("json.go", r.chunks().get(0).file(), r.render());
    assertTrue(r.chunks().stream().noneMatch(c -> c.rankReasons().contains("definition")),
        r.render());
    Result typed = FocusedRead.run(dir, "JSON", 800, Boundary.AUTO);
    assertEquals("binding.go", typed.chunks().get(0).file(), typed.render());
    assertTrue(typed.chunks().get(0).rankReasons().contains("definition"), typed.render());
  }

  @Test
  void coverageIsShownOverShownPlusOmitted() {
    Fixture.in(dir).file("m.py", "def a():\n    hit = 1\n" + Fixture.filler("p", 100)
        + "def b():\n    hit = 2\n" + Fixture.filler("q", 100) + "def c():\n    hit = 3\n");
    Options o = Options.defaults().withBudget(20).withBoundary(Boundary.NONE).withContext(2);
    Result r = FocusedRead.run(dir.resolve("m.py"), "hit", o);
    int omitted = r.omitted().stream().mapToInt(Omission::tokens).sum();
    assertEquals(omitted, r.omittedTokens());
    assertTrue(omitted > 0);
    assertEquals((double) r.totalTokens() / (r.totalTokens() + omitted), r.coverage(), 1e-9);
  }

  @Test
  void prototypeIsADeclarationAndTheBodyIsTheDefinition() {
    Fixture.in(dir)
        .file("include/parse.h", "#ifndef PARSE_H\n#define PARSE_H\nint parse_header(const char *raw);\n#endif\n")
        .file("src/parse.c", "#include \"parse.h\"\n\nint parse_header(const char *raw) {\n  return raw[0];\n}\n");
    Options o = Options.defaults().withBoundary(Boundary.FN).withBudget(0);
    Result r = FocusedRead.run(dir, "parse_header", o);
    Chunk first = r.chunks().get(0);
    assertEquals("src/parse.c", first.file());
    assertTrue(first.rankReasons().contains("definition"), first.rankReasons().toString());
    Chunk header = r.chunks().stream().filter(c -> c.file().equals("include/parse.h")).findFirst().orElseThrow();
    assertTrue(header.rankReasons().contains("declaration_only"), header.rankReasons().toString());
    assertFalse(header.rankReasons().contains("definition"));
  }

  @Test
  void aSearchMatchingManyLinesStillSlicesItsFinalistsWithTheParser() {
    // A string at column 0 inside the body ends the function for an indentation heuristic;
    // the parser knows better. 150 files of 500 lines push the search into staged ranking.
    Fixture f = Fixture.in(dir).file("src/core.py",
        "def needle_handler(event):\n    text = '''\nraw needle text\n'''\n    return text\n");
    for (int i = 0; i < 150; i++) {
      f.file("src/pad/m" + i + ".py", "# needle\n" + Fixture.filler("x", 499));
    }
    Options o = Options.defaults().withBoundary(Boundary.FN).withBudget(400);
    Result r = FocusedRead.run(dir, "def needle_handler|needle", o);
    Chunk top = r.chunks().get(0);
    assertEquals("src/core.py", top.file());
    assertEquals(1, top.lineStart());
    assertEquals(5, top.lineEnd(), "the whole function, as the parser sees it");
    assertEquals("needle_handler", top.symbol());
  }

  @Test
  void readerMapsAFileItHasSearched() {
    Fixture.in(dir).file("scorer.py", SCORER);
    FocusedReader reader = new FocusedReader();
    reader.search(dir.resolve("scorer.py"), "math.log", Options.defaults());
    FileMap map = reader.fileMap(dir.resolve("scorer.py"));
    assertEquals(List.of(3, 6, 10), map.entries().stream().map(FileMap.Entry::line).toList());
    assertEquals("Scorer.score", map.entries().get(1).qualifiedName());
    SlicegrepException e =
        assertThrows(SlicegrepException.class, () -> reader.fileMap(dir));
    assertTrue(e.getMessage().contains("is a directory"), e.getMessage());
  }

  @Test
  void aSameSizeRewriteWithinOneMillisecondIsSeen() throws Exception {
    Path f = dir.resolve("a.py");
    Files.writeString(f, "def alpha_one(): pass\n");
    long ns = Files.getLastModifiedTime(f).to(TimeUnit.NANOSECONDS)
        / 1_000_000 * 1_000_000 + 100_000;
    Files.setLastModifiedTime(
        f, FileTime.from(ns, TimeUnit.NANOSECONDS));
    FocusedReader reader = new FocusedReader();
    assertTrue(reader.search(f, "alpha", Options.defaults()).matched());
    Files.writeString(f, "def gamma_two(): pass\n");
    Files.setLastModifiedTime(f,
        FileTime.from(ns + 500_000, TimeUnit.NANOSECONDS));
    assertTrue(reader.search(f, "gamma", Options.defaults()).matched(), "stale cache");
  }

  @Test
  void aBackslashInAFileNameIsKeptInItsPath() {
    Fixture.in(dir).file("sub/back\\slash.py", "def score_quote(): pass\n");
    Result r = FocusedRead.run(dir, "def score_", Options.defaults());
    assertEquals("sub/back\\slash.py", r.chunks().get(0).file());
  }

  @Test
  void proseFilesRankBelowCode() {
    Fixture.in(dir)
        .file("docs/guide.md", "# Pagination\n\nThe number of items per page sets pagination.\n")
        .file("app/views.py", "def get_paginate_by(self):\n    \"\"\"Number of items for pagination.\"\"\"\n    return 10\n");
    Result r = FocusedRead.run(dir, "number items pagination", Options.defaults().withBudget(0));
    assertEquals("app/views.py", r.chunks().get(0).file());
    Chunk doc = r.chunks().stream().filter(c -> c.file().equals("docs/guide.md")).findFirst().orElseThrow();
    assertTrue(doc.rankReasons().contains("not_code"), doc.rankReasons().toString());
    assertFalse(r.chunks().get(0).rankReasons().contains("not_code"));
  }

  @Test
  void symbolIsNullAtTopLevel() {
    Fixture.in(dir).file("cfg.py", "TIMEOUT = 30\nRETRIES = 3\n");
    Options o = Options.defaults().withBoundary(Boundary.FN);
    Chunk c = FocusedRead.run(dir.resolve("cfg.py"), "RETRIES", o).chunks().get(0);
    assertNull(c.symbol());
  }
}
