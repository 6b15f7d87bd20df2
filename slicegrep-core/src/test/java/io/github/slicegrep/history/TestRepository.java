package io.github.slicegrep.history;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.lib.PersonIdent;
import org.eclipse.jgit.util.FS;

/** Commits for tests' git repositories, each one second after the last, never signed. */
public final class TestRepository {
  private TestRepository() {}

  /**
   * A new repository on branch {@code main} at {@code repo}. JGit's file-system timing probe
   * runs first, in the caller's thread: sent to the background, it could still be writing in
   * {@code .git/objects} when JUnit deleted the temporary folder, failing the test class.
   */
  public static Git init(Path repo) throws Exception {
    FS.FileStoreAttributes.setBackground(false);
    Files.createDirectories(repo);
    return Git.init().setDirectory(repo.toFile()).setInitialBranch("main").call();
  }

  /** Writes {@code files} below {@code repo}, adds them and commits at second {@code clock}. */
  public static void commit(Git git, Path repo, int clock, String message,
      Map<String, String> files) throws Exception {
    for (Map.Entry<String, String> e : files.entrySet()) {
      Path p = repo.resolve(e.getKey());
      Files.createDirectories(p.getParent());
      Files.writeString(p, e.getValue());
      git.add().addFilepattern(e.getKey()).call();
    }
    PersonIdent who = new PersonIdent("t", "t@example.org",
        Instant.ofEpochSecond(1_700_000_000L + clock), ZoneOffset.UTC);
    git.commit().setMessage(message).setAuthor(who).setCommitter(who).setSign(false).call();
  }
}
