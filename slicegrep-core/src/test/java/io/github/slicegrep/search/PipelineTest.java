package io.github.slicegrep.search;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.slicegrep.Fixture;
import io.github.slicegrep.FocusedReader;
import io.github.slicegrep.Options;
import io.github.slicegrep.Result;
import io.github.slicegrep.match.Hit;
import io.github.slicegrep.match.LineScanner;
import io.github.slicegrep.query.Fragment;
import io.github.slicegrep.query.Query;
import io.github.slicegrep.query.QueryParser;
import io.github.slicegrep.source.SourceFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pipeline behind its seam: a candidate source that is not the workspace (files held in
 * memory, as a search cluster would hand them over) gives the same result as a reader over the
 * same files on disk, and the scan stage counts what it found.
 */
class PipelineTest {
  @TempDir Path tmp;

  /** Files held in memory, analysed afresh: no workspace, no cache, no disk after reading. */
  private record MemorySource(List<SourceFile> files) implements CandidateSource {
    static MemorySource of(Path root) throws IOException {
      List<SourceFile> files = new ArrayList<>();
      try (Stream<Path> walk = Files.walk(root)) {
        for (Path p : walk.filter(Files::isRegularFile).sorted().toList()) {
          String relative = root.relativize(p).toString().replace('\\', '/');
          files.add(SourceFile.of(Path.of("memory", relative), relative, Files.readString(p)));
        }
      }
      return new MemorySource(List.copyOf(files));
    }

    @Override
    public List<List<Hit>> scan(LineScanner scanner) {
      return scanner.scanAll(files, null);
    }

    @Override
    public boolean contains(Fragment fragment) {
      return LineScanner.occursIn(files, fragment, null);
    }

    @Override
    public FileAnalyses analyses() {
      return FileAnalyses.computed();
    }
  }

  private Path tree() {
    return Fixture.in(tmp.resolve("tree"))
        .file("app/cache.py",
            "class ResultCache:\n"
                + "    \"\"\"Keeps computed results so repeated requests are answered at once.\"\"\"\n"
                + "    def __init__(self):\n        self.entries = {}\n\n"
                + "    def lookup(self, key):\n        return self.entries.get(key)\n\n"
                + "    def store(self, key, value):\n        self.entries[key] = value\n")
        .file("app/handler.py",
            "from app.cache import ResultCache\n\n"
                + "def handle(request, cache: ResultCache):\n"
                + "    hit = cache.lookup(request.key)\n"
                + "    if hit is None:\n        hit = compute(request)\n"
                + "        cache.store(request.key, hit)\n    return hit\n\n"
                + "def compute(request):\n    return request.key * 2\n")
        .file("tests/test_cache.py",
            "from app.cache import ResultCache\n\n"
                + "def test_store_then_lookup():\n    c = ResultCache()\n"
                + "    c.store('k', 1)\n    assert c.lookup('k') == 1\n")
        .root();
  }

  @Test
  void anotherCandidateSourceGivesTheReadersResult() throws IOException {
    Path tree = tree();
    for (String query : List.of("ResultCache|lookup", "how are computed results kept for repeated requests",
        "store")) {
      Options options = Options.defaults().withBudget(300);
      Result local = new FocusedReader().search(tree, query, options);
      Result memory =
          new Pipeline().run(QueryParser.read(query), options, new Scope(tree, true, null),
              MemorySource.of(tree));
      assertTrue(local.matched(), query);
      assertEquals(local.toMap(), memory.toMap(), query);
      assertEquals(local.render(), memory.render(), query);
    }
  }

  @Test
  void scanCountsHitsAndFilesPerFragment() throws IOException {
    Query query = QueryParser.parse("ResultCache|compute");
    Scanned scanned = Scanned.of(query, MemorySource.of(tree()));
    assertEquals(3, scanned.files().size());
    // ResultCache: 1 line in cache.py, 2 in handler.py, 2 in the test; compute (and
    // "computed" in the docstring): 1 in cache.py, 2 in handler.py
    assertArrayEquals(new int[] {5, 3}, scanned.hitsPerFragment());
    assertArrayEquals(new int[] {3, 2}, scanned.filesWithFragment());
    assertEquals(List.of(0, 1, 2), scanned.matched());
    assertEquals("app/handler.py", scanned.matchedFile(1).relativePath());
    assertFalse(scanned.matchedHits(1).isEmpty());
  }
}
