package io.github.slicegrep.search;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.slicegrep.Chunk;
import io.github.slicegrep.Fixture;
import io.github.slicegrep.FocusedReader;
import io.github.slicegrep.Options;
import io.github.slicegrep.RankedFile;
import io.github.slicegrep.Result;
import io.github.slicegrep.dense.BlockVectorStore;
import io.github.slicegrep.dense.DenseRuntime;
import io.github.slicegrep.dense.TinyModel;
import io.github.slicegrep.history.GitHistory;
import io.github.slicegrep.history.HistoryRerank;
import io.github.slicegrep.history.TestRepository;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.eclipse.jgit.api.Git;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Options.dense and Options.history through the reader: off by default, applied when asked. */
class OptionalEvidenceTest {
  /** A question: plain English that the tiny model reads as the "parse" axis only. */
  static final String QUESTION = "parse the incoming things quickly";
  @TempDir Path tmp;

  private Path tree() {
    return Fixture.in(tmp.resolve("tree"))
        .file("a/parse_things.py", "def parse_things(x):\n    return parse(x)\n")
        .file("net/send.py", "def send(request):\n    return request\n")
        .file("util/other.py", "def hello():\n    return 1\n")
        .root();
  }

  /** A reader that sees the tiny model (through the system property, read on construction). */
  private FocusedReader readerWithModel(Path indexDir) throws Exception {
    Path model = tmp.resolve("model");
    if (!Files.isDirectory(model)) {
      TinyModel.write(model, 8);
    }
    System.setProperty(DenseRuntime.DIR_PROPERTY, model.toString());
    try {
      return indexDir == null ? new FocusedReader() : FocusedReader.withIndex(indexDir);
    } finally {
      System.clearProperty(DenseRuntime.DIR_PROPERTY);
    }
  }

  private static boolean denseSwitchedOff() {
    String v = System.getenv().getOrDefault(DenseRuntime.SWITCH_ENV, "");
    return !DenseRuntime.Settings.from(
        Map.of(DenseRuntime.DIR_ENV, "/x", DenseRuntime.SWITCH_ENV, v)).enabled();
  }

  @Test
  void optionsAreOffByDefaultAndCopied() {
    Options d = Options.defaults();
    assertFalse(d.dense());
    assertFalse(d.history());
    assertTrue(d.withDense(true).dense());
    assertTrue(d.withHistory(true).history());
    assertFalse(d.withDense(true).history());
    assertTrue(d.withDense(true).withHistory(true).toString().contains("dense=true, history=true"));
  }

  @Test
  void preciseQueriesAreUntouchedWithDenseOn() throws Exception {
    Path root = tree();
    FocusedReader reader = readerWithModel(null);
    Options plain = Options.defaults();
    for (String q : List.of("parse_things", "def send", "return request")) {
      assertEquals(reader.search(root, q, plain), reader.search(root, q, plain.withDense(true)),
          q);
    }
  }

  @Test
  void questionsGetDenseBlocksOnlyWhenAskedAndAModelLoads() throws Exception {
    assumeTrue(!denseSwitchedOff(), "SLICEGREP_DENSE=off in this environment");
    Path root = tree();
    FocusedReader reader = readerWithModel(null);
    Result lexical = reader.search(root, QUESTION, Options.defaults());
    assertTrue(lexical.chunks().stream().noneMatch(c -> c.file().equals("net/send.py")));
    Result fused = reader.search(root, QUESTION, Options.defaults().withDense(true));
    assertTrue(fused.chunks().stream().anyMatch(c -> c.file().equals("net/send.py")
        && c.rankReasons().contains(OptionalEvidence.DENSE_REASON)), fused.render());
    assertTrue(fused.totalTokens() <= Options.defaults().budget());
  }

  @Test
  void withoutAModelDenseChangesNothing() {
    assumeTrue(System.getenv(DenseRuntime.DIR_ENV) == null, "a model directory is set here");
    Path root = tree();
    FocusedReader reader = new FocusedReader();
    Result lexical = reader.search(root, QUESTION, Options.defaults());
    long started = System.nanoTime();
    Result asked = reader.search(root, QUESTION, Options.defaults().withDense(true));
    assertEquals(lexical, asked);
    assertTrue(System.nanoTime() - started < Duration.ofSeconds(5).toNanos());
  }

  private static Path vectorsFile(Path indexDir) throws Exception {
    try (Stream<Path> s = Files.list(indexDir)) {
      List<Path> found = s.filter(p -> p.toString().endsWith(BlockVectorStore.EXTENSION))
          .toList();
      assertEquals(1, found.size(), "one vector store: " + found);
      return found.get(0);
    }
  }

  @Test
  void blockVectorsAreStoredBesideTheIndexAndReusedByAnotherReader() throws Exception {
    assumeTrue(!denseSwitchedOff(), "SLICEGREP_DENSE=off in this environment");
    Path root = tree();
    Path index = tmp.resolve("index");
    Options dense = Options.defaults().withDense(true);
    Result first = readerWithModel(index).search(root, QUESTION, dense);
    Path store = vectorsFile(index);
    byte[] bytes = Files.readAllBytes(store);
    FileTime old = FileTime.from(Instant.now().minusSeconds(3600));
    Files.setLastModifiedTime(store, old);

    // Another reader (another process) finds every vector stored: nothing is written again.
    assertEquals(first, readerWithModel(index).search(root, QUESTION, dense));
    assertEquals(old, Files.getLastModifiedTime(store));

    // A torn store is ignored, the answer is the same, and a whole store is written again.
    Files.write(store, Arrays.copyOf(bytes, bytes.length / 3));
    assertEquals(first, readerWithModel(index).search(root, QUESTION, dense));
    assertArrayEquals(bytes, Files.readAllBytes(store));

    // A file edited since: its blocks are embedded again and stored under the new stamp.
    Files.setLastModifiedTime(store, old);
    Files.writeString(root.resolve("net/send.py"),
        "def send(request):\n    log(request)\n    return request\n");
    Result edited = readerWithModel(index).search(root, QUESTION, dense);
    assertTrue(edited.chunks().stream().anyMatch(c -> c.code().contains("log(request)")),
        edited.render());
    assertNotEquals(old, Files.getLastModifiedTime(store));
    assertEquals(store, vectorsFile(index));
  }

  @Test
  void historyReRanksTheFileListInsideAGitRepository() throws Exception {
    assumeTrue(!GitHistory.switchedOff(System.getenv()), "SLICEGREP_HISTORY=off here");
    Path repo = tmp.resolve("repo");
    try (Git git = TestRepository.init(repo)) {
      TestRepository.commit(git, repo, 0, "first",
          Map.of("c.py", "handle = 0\nhandle = 1\nhandle = 2\n"));
      for (int i = 1; i <= 4; i++) {
        TestRepository.commit(git, repo, i, "change " + i, Map.of(
            "a.py", "def handle(x):\n    return handle(x - " + i + ")\nhandle = 1\nhandle\n",
            "b.py", "handle = " + i + "\n"));
      }
    }
    FocusedReader reader = new FocusedReader();
    Result lexical = reader.search(repo, "handle", Options.defaults());
    List<String> lexicalOrder = lexical.files().stream().map(RankedFile::file).toList();
    assertEquals(List.of("a.py", "c.py", "b.py"), lexicalOrder);
    Result weighted = assertTimeoutPreemptively(Duration.ofSeconds(20),
        () -> reader.search(repo, "handle", Options.defaults().withHistory(true)));
    assertEquals(List.of("a.py", "b.py", "c.py"),
        weighted.files().stream().map(RankedFile::file).toList());
    assertEquals(lexical.chunks(), weighted.chunks(), "history re-ranks files, not chunks");
    assertEquals(HistoryRerank.rerank(lexical.files(), RankedFile::file, RankedFile::score,
        GitHistory.load(repo, GitHistory.Settings.defaults()).orElseThrow(),
        HistoryRerank.Weights.defaults()), weighted.files());
  }

  @Test
  void historyOutsideAGitRepositoryChangesNothing() {
    Path root = tree();
    assumeTrue(GitHistory.load(root, GitHistory.Settings.defaults()).isEmpty(),
        "the temporary directory is inside a git work tree here");
    FocusedReader reader = new FocusedReader();
    assertEquals(reader.search(root, "def", Options.defaults()),
        reader.search(root, "def", Options.defaults().withHistory(true)));
  }
}
