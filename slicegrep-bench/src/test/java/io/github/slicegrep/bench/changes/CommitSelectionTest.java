package io.github.slicegrep.bench.changes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.slicegrep.history.TestRepository;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CommitSelectionTest {
  @TempDir static Path tmp;
  private static Path repo;
  private static int clock;

  /** 30 source commits, plus commits the suite must skip: docs only, added files only, a sweep. */
  @BeforeAll
  static void makeRepository() throws Exception {
    repo = tmp.resolve("repo");
    try (Git git = TestRepository.init(repo)) {
      commit(git, "initial", Map.of("src/A.java", "class A {}\n", "src/b.py", "B = 0\n"));
      for (int i = 1; i <= 30; i++) {
        commit(git, "change number " + i, Map.of(i % 2 == 0 ? "src/A.java" : "src/b.py",
            "// " + i + "\n"));
      }
      commit(git, "docs only", Map.of("docs/guide.md", "words\n", "README.md", "more\n"));
      commit(git, "a new file only", Map.of("src/New.java", "class New {}\n"));
      Map<String, String> sweep = new java.util.HashMap<>();
      for (int i = 0; i <= CommitSelection.MAX_SOURCE_FILES; i++) {
        sweep.put("src/s" + i + ".py", "x\n");
      }
      commit(git, "sweep", sweep);
    }
  }

  private static void commit(Git git, String message, Map<String, String> files)
      throws Exception {
    TestRepository.commit(git, repo, clock++, message, files);
  }


  private static List<CommitSelection.Change> eligible() throws Exception {
    try (Git git = Git.open(repo.toFile())) {
      Repository r = git.getRepository();
      return CommitSelection.eligible(r, r.resolve("HEAD"));
    }
  }

  @Test
  void keepsOnlyCommitsChangingSourceThatExistedAtTheParent() throws Exception {
    List<CommitSelection.Change> all = eligible();
    assertEquals(30, all.size());
    for (CommitSelection.Change c : all) {
      assertTrue(c.subject().startsWith("change number "), c.subject());
      assertEquals(1, c.truth().size());
      assertTrue(c.pool() == 0 || c.pool() == 1);
    }
  }

  @Test
  void splitsAreDisjointAndDrawsRepeatable() throws Exception {
    List<CommitSelection.Change> all = eligible();
    List<CommitSelection.Change> tuning = CommitSelection.draw(all, 0, 101, 100);
    List<CommitSelection.Change> confirmation = CommitSelection.draw(all, 1, 101, 100);
    assertFalse(tuning.isEmpty());
    assertFalse(confirmation.isEmpty());
    assertEquals(all.size(), tuning.size() + confirmation.size());
    Set<String> seen = new HashSet<>();
    tuning.forEach(c -> seen.add(c.commit()));
    confirmation.forEach(c -> assertTrue(seen.add(c.commit()), "in both pools: " + c));
    assertEquals(CommitSelection.draw(all, 0, 101, 5), CommitSelection.draw(eligible(), 0, 101, 5));
    assertNotEquals(CommitSelection.draw(all, 0, 101, 100), CommitSelection.draw(all, 0, 202, 100),
        "another seed draws in another order");
    // The pool of a commit depends on its id alone, not on the seed or the other commits.
    for (CommitSelection.Change c : all) {
      assertEquals(c.pool(), CommitSelection.poolOf(c.commit()));
    }
    assertThrows(IllegalArgumentException.class, () -> CommitSelection.draw(all, 0, 1, 0));
  }

  @Test
  void materializesTheParentTree() throws Exception {
    List<CommitSelection.Change> all = eligible();
    CommitSelection.Change first = all.get(all.size() - 1);
    Path out = tmp.resolve("checkout");
    Files.createDirectories(out);
    try (Git git = Git.open(repo.toFile())) {
      ChangesCommand.materialize(git.getRepository(), ObjectId.fromString(first.parent()), out);
    }
    assertEquals("class A {}\n", Files.readString(out.resolve("src/A.java")));
    assertEquals("B = 0\n", Files.readString(out.resolve("src/b.py")));
    assertFalse(Files.exists(out.resolve("src/New.java")));
  }

  @Test
  void changesRefusesASpentConfirmationSeedAndBadArguments() throws Exception {
    Path ledger = tmp.resolve("seeds.tsv");
    new io.github.slicegrep.bench.suite.SeedLedger(ledger)
        .record(77, "confirmation", "2026-01-01T00:00:00Z", "spent");
    String r = repo.toString();
    String l = ledger.toString();
    picocli.CommandLine cli = new picocli.CommandLine(new ChangesCommand());
    assertEquals(2, cli.execute("--repo", r, "--seed", "77", "--split", "confirmation",
        "--ledger", l));
    assertEquals(2, new picocli.CommandLine(new ChangesCommand()).execute("--repo", r,
        "--seed", "78", "--split", "sideways", "--ledger", l));
    assertEquals(2, new picocli.CommandLine(new ChangesCommand()).execute("--repo", r,
        "--seed", "78", "--split", "confirmation", "--list", "--ledger", l));
    assertEquals(2, new picocli.CommandLine(new ChangesCommand()).execute("--repo",
        tmp.resolve("no-repo-here").toString(), "--seed", "78", "--split", "tuning",
        "--ledger", l));
    assertEquals(1, new io.github.slicegrep.bench.suite.SeedLedger(ledger).entries().size(),
        "nothing refused is recorded");
  }

  @Test
  void sourceMeansCodeOutsideDocs() {
    assertTrue(CommitSelection.isSource("slicegrep-core/src/main/java/X.java"));
    assertTrue(CommitSelection.isSource("slicegrep-bench/bench.sh"));
    assertFalse(CommitSelection.isSource("docs/example.py"));
    assertFalse(CommitSelection.isSource("README.md"));
    assertFalse(CommitSelection.isSource("Makefile"));
    assertFalse(CommitSelection.isSource("dir.java/.hidden"));
  }
}
