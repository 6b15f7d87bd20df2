package io.github.slicegrep.bench.changes;

import com.google.common.hash.Hashing;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.eclipse.jgit.diff.DiffEntry;
import org.eclipse.jgit.diff.DiffFormatter;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevSort;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.util.io.DisabledOutputStream;

/**
 * The commits of the changes suite: every non-merge commit reachable from a revision whose
 * change touched source files that already existed at its parent, split by a hash of the commit
 * id into a tuning pool and a confirmation pool (disjoint, and the same on every machine), then
 * sampled from one pool by the seed.
 */
public final class CommitSelection {
  /** Extensions counted as source (the languages slicegrep outlines, plus shell scripts). */
  static final Set<String> SOURCE_EXTENSIONS = Set.of("java", "kt", "py", "js", "ts", "tsx",
      "go", "rs", "c", "h", "cc", "cpp", "hpp", "cs", "rb", "php", "sh");
  /** A commit changing more source files than this is a sweep, not a question's answer. */
  static final int MAX_SOURCE_FILES = 20;

  /** One suite task: the commit, its parent, the subject as the question, the files as truth. */
  public record Change(String commit, String parent, String subject, List<String> truth,
      int pool) {}

  private CommitSelection() {}

  /** Every eligible commit reachable from {@code head}, newest first, with its pool. */
  public static List<Change> eligible(Repository repo, ObjectId head) throws IOException {
    List<Change> out = new ArrayList<>();
    try (RevWalk walk = new RevWalk(repo);
        DiffFormatter diff = new DiffFormatter(DisabledOutputStream.INSTANCE)) {
      diff.setRepository(repo);
      diff.setDetectRenames(false);
      walk.sort(RevSort.COMMIT_TIME_DESC);
      walk.markStart(walk.parseCommit(head));
      for (RevCommit c : walk) {
        if (c.getParentCount() != 1) {
          continue;
        }
        RevCommit parent = walk.parseCommit(c.getParent(0));
        List<String> truth = new ArrayList<>();
        int sourceFiles = 0;
        for (DiffEntry e : diff.scan(parent.getTree(), c.getTree())) {
          String path = e.getChangeType() == DiffEntry.ChangeType.ADD
              ? e.getNewPath() : e.getOldPath();
          if (!isSource(path)) {
            continue;
          }
          sourceFiles++;
          if (e.getChangeType() == DiffEntry.ChangeType.MODIFY
              || e.getChangeType() == DiffEntry.ChangeType.DELETE) {
            truth.add(path);
          }
        }
        if (truth.isEmpty() || sourceFiles > MAX_SOURCE_FILES) {
          continue;
        }
        truth.sort(Comparator.naturalOrder());
        String id = c.getId().name();
        out.add(new Change(id, parent.getId().name(), c.getShortMessage().strip(),
            List.copyOf(truth), poolOf(id)));
      }
    }
    return out;
  }

  /** Pool 0 (tuning) or 1 (confirmation), from the commit id alone. */
  static int poolOf(String commitId) {
    return Hashing.murmur3_32_fixed().hashString(commitId, StandardCharsets.US_ASCII).asInt()
        & 1;
  }

  /**
   * At most {@code count} changes of {@code pool}, ordered by a hash of the seed and the commit
   * id: the same seed draws the same commits, another seed another order.
   */
  public static List<Change> draw(List<Change> eligible, int pool, long seed, int count) {
    if (count < 1) {
      throw new IllegalArgumentException("count must be >= 1, got " + count);
    }
    return eligible.stream()
        .filter(c -> c.pool() == pool)
        .sorted(Comparator.comparingLong((Change c) -> Hashing.murmur3_128()
                .hashString(seed + ":" + c.commit(), StandardCharsets.US_ASCII).asLong())
            .thenComparing(Change::commit))
        .limit(count)
        .toList();
  }

  static boolean isSource(String path) {
    if (path.startsWith("docs/")) {
      return false;
    }
    int slash = path.lastIndexOf('/');
    int dot = path.lastIndexOf('.');
    return dot > slash + 1
        && SOURCE_EXTENSIONS.contains(path.substring(dot + 1).toLowerCase(Locale.ROOT));
  }
}
