package io.github.slicegrep.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.eclipse.jgit.api.Git;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GitHistoryTest {
  @TempDir static Path tmp;
  private static Path repo;
  private static int clock;

  /** One repository for all tests (they only read it); JGit's file-system probe runs aside. */
  @BeforeAll
  static void makeRepository() throws Exception {
    repo = tmp.resolve("repo");
    try (Git git = TestRepository.init(repo)) {
      commit(git, "one", Map.of("src/a.py", "def handle(x):\n    return x\n",
          "src/b.py", "B = 1\n"));
      commit(git, "two", Map.of("src/a.py", "def handle(x):\n    return x + 1\n",
          "src/b.py", "B = 2\n"));
      commit(git, "three", Map.of("src/a.py", "def handle(x):\n    return x + 2\n",
          "src/c.py", "C = 1\n"));
      commit(git, "four", Map.of("README.md", "docs\n"));
    }
  }

  private static void commit(Git git, String message, Map<String, String> files)
      throws Exception {
    TestRepository.commit(git, repo, clock++, message, files);
  }

  @Test
  void countsChurnAndCoChangeRelativeToTheRoot() {
    HistoryPriors h = GitHistory.load(repo.resolve("src"), GitHistory.Settings.defaults())
        .orElseThrow();
    assertEquals(4, h.commitsRead());
    assertTrue(h.complete());
    assertEquals(3, h.commits("a.py"));
    assertEquals(0, h.commits("README.md"), "files outside the root are not counted");
    assertEquals(2, h.changedTogether("a.py", "b.py"));
    assertEquals(1.0, h.coChange("a.py", "b.py"));
    assertEquals(0.5, h.coChange("b.py", "c.py") + 0.5);
    assertEquals(List.of("b.py", "c.py"), h.partners("a.py", 5));
    assertEquals(1.0, h.churn("a.py"));
    assertEquals(Math.log1p(1) / Math.log1p(3), h.churn("c.py"), 1e-12);
    assertEquals(List.of("a.py", "b.py"), h.busiestFiles(2));
  }

  @Test
  void theWholeRepositoryFromItsTop() {
    HistoryPriors h = GitHistory.load(repo, GitHistory.Settings.defaults()).orElseThrow();
    assertEquals(3, h.commits("src/a.py"));
    assertEquals(1, h.commits("README.md"));
  }

  @Test
  void stopsAtTheCommitBoundAndSaysSo() {
    HistoryPriors h = GitHistory.load(repo,
        new GitHistory.Settings(2, Duration.ofSeconds(5), 40, false)).orElseThrow();
    assertEquals(2, h.commitsRead());
    assertFalse(h.complete());
    assertEquals(1, h.commits("src/a.py"), "only commit three of the newest two touches a.py");
  }

  @Test
  void leavesOutCommitsThatChangeTooManyFiles() {
    HistoryPriors h = GitHistory.load(repo,
        new GitHistory.Settings(100, Duration.ofSeconds(5), 1, false)).orElseThrow();
    assertEquals(0, h.commits("src/a.py"));
    assertEquals(1, h.commits("README.md"));
  }

  @Test
  void namesTheDefinitionsThatChangesTouched() {
    HistoryPriors h = GitHistory.load(repo.resolve("src"),
        GitHistory.Settings.defaults().withSymbols(true)).orElseThrow();
    assertEquals(Map.of("handle", 2), h.changedSymbols("a.py"));
  }

  @Test
  void noRepositoryMeansNoPriors() throws Exception {
    Path plain = Files.createDirectories(tmp.resolve("plain"));
    Files.writeString(plain.resolve("x.py"), "x = 1\n");
    assertTrue(GitHistory.load(plain, GitHistory.Settings.defaults()).isEmpty());
  }

  @Test
  void aRepositoryWithoutCommitsMeansNoPriors() throws Exception {
    Path empty = tmp.resolve("empty");
    TestRepository.init(empty).close();
    assertTrue(GitHistory.load(empty, GitHistory.Settings.defaults()).isEmpty());
  }

  @Test
  void hunkHeadersNameTheEnclosingDefinition() {
    String[] lines = {
      "import os", "", "class Reader:", "    def read(self):", "        return 1", "",
      "static int parse_args(int argc) {", "  return argc;", "}"};
    assertEquals("Reader", GitHistory.hunkSymbol(lines, 4));
    assertEquals("parse_args", GitHistory.hunkSymbol(lines, 7));
    assertNull(GitHistory.hunkSymbol(lines, 0));
  }

  @Test
  void theSwitchTurnsHistoryOff() {
    assertTrue(GitHistory.switchedOff(Map.of(GitHistory.SWITCH_ENV, "off")));
    assertFalse(GitHistory.switchedOff(Map.of()));
  }
}
