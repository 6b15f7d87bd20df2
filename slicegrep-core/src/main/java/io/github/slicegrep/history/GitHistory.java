package io.github.slicegrep.history;

import io.github.slicegrep.source.Switches;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.jgit.diff.DiffEntry;
import org.eclipse.jgit.diff.DiffFormatter;
import org.eclipse.jgit.diff.Edit;
import org.eclipse.jgit.diff.RawText;
import org.eclipse.jgit.diff.RawTextComparator;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevSort;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
import org.eclipse.jgit.treewalk.filter.PathFilter;
import org.eclipse.jgit.treewalk.filter.TreeFilter;
import org.eclipse.jgit.util.io.DisabledOutputStream;
import org.jspecify.annotations.Nullable;

/**
 * Reads {@link HistoryPriors} for a search root from the git repository that contains it,
 * newest commit first, until a commit count or a time bound is reached. Never raises: a root
 * outside any repository, a repository without commits, a broken one or
 * {@code SLICEGREP_HISTORY=off} all give an empty result.
 */
public final class GitHistory {
  /** {@code off} (or {@code 0}, {@code false}, {@code no}) switches history priors off. */
  public static final String SWITCH_ENV = "SLICEGREP_HISTORY";

  /** Bounds of one read. */
  public record Settings(int maxCommits, Duration timeBudget, int maxFilesPerCommit,
      boolean symbols) {
    /**
     * The last 1,000 commits within 2 s: enough to see which files move together, cheap next to
     * a search. A commit that changes more than 40 files (a rename sweep, a reformat) says
     * nothing about which files belong together and is left out. Symbols cost a content diff per
     * file and are off unless asked for.
     */
    public static Settings defaults() {
      return new Settings(1000, Duration.ofSeconds(2), 40, false);
    }

    public Settings withSymbols(boolean on) {
      return new Settings(maxCommits, timeBudget, maxFilesPerCommit, on);
    }
  }

  /**
   * The first word after a definition keyword on a hunk-header line, else the identifier
   * before the first parenthesis.
   */
  private static final Pattern KEYWORD_NAME = Pattern.compile(
      "\\b(?:def|class|func|fn|function|interface|struct|enum|trait|type|fun|object|record|"
          + "module|impl|sub|macro)\\s+(?:\\([^)]*\\)\\s*)?([A-Za-z_$][\\w$]*)");
  private static final Pattern CALL_NAME = Pattern.compile("([A-Za-z_$][\\w$]*)\\s*\\(");

  private GitHistory() {}

  /** Whether the environment switches history off. */
  public static boolean switchedOff(Map<String, String> env) {
    return Switches.isOff(env.get(SWITCH_ENV));
  }

  /** The priors for {@code root}, or empty when it is not inside a git work tree with commits. */
  public static Optional<HistoryPriors> load(Path root, Settings settings) {
    long deadline = System.nanoTime() + settings.timeBudget().toNanos();
    Path abs = root.toAbsolutePath().normalize();
    FileRepositoryBuilder builder = new FileRepositoryBuilder();
    builder.findGitDir(abs.toFile());
    if (builder.getGitDir() == null) {
      return Optional.empty();
    }
    try (Repository repo = builder.setMustExist(true).build()) {
      if (repo.isBare()) {
        return Optional.empty();
      }
      Path top = repo.getWorkTree().toPath().toAbsolutePath().normalize();
      Path realTop = top.toRealPath();
      Path realRoot = abs.toRealPath();
      if (!realRoot.startsWith(realTop)) {
        return Optional.empty();
      }
      String prefix = slashed(realTop.relativize(realRoot));
      ObjectId head = repo.resolve(Constants.HEAD);
      if (head == null) {
        return Optional.empty();
      }
      return Optional.of(walk(repo, head, prefix, settings, deadline));
    } catch (IOException | RuntimeException e) {
      // History is a mild prior: a repository JGit cannot read just means no prior.
      return Optional.empty();
    }
  }

  /**
   * The priors of a whole repository as of {@code start}: only {@code start} and its ancestors
   * are read, so a measurement that searches the tree of a past commit sees no later history.
   *
   * @throws IOException when the repository cannot be read
   */
  public static HistoryPriors loadAt(Repository repo, ObjectId start, Settings settings)
      throws IOException {
    return walk(repo, start, "", settings, System.nanoTime() + settings.timeBudget().toNanos());
  }

  private static HistoryPriors walk(
      Repository repo, ObjectId head, String prefix, Settings s, long deadline)
      throws IOException {
    Map<String, Integer> commits = new HashMap<>();
    Map<String, Map<String, Integer>> together = new HashMap<>();
    Map<String, Map<String, Integer>> symbols = new HashMap<>();
    int read = 0;
    boolean complete = true;
    try (RevWalk walk = new RevWalk(repo);
        ObjectReader reader = repo.newObjectReader();
        DiffFormatter diff = new DiffFormatter(DisabledOutputStream.INSTANCE)) {
      diff.setRepository(repo);
      diff.setDiffComparator(RawTextComparator.DEFAULT);
      diff.setDetectRenames(false);
      diff.setPathFilter(prefix.isEmpty() ? TreeFilter.ALL : PathFilter.create(prefix));
      walk.sort(RevSort.COMMIT_TIME_DESC);
      walk.markStart(walk.parseCommit(head));
      for (RevCommit c : walk) {
        if (read >= s.maxCommits() || System.nanoTime() > deadline) {
          complete = false;
          break;
        }
        read++;
        if (c.getParentCount() > 1) {
          continue;
        }
        List<DiffEntry> entries = c.getParentCount() == 0
            ? diff.scan(null, c.getTree())
            : diff.scan(walk.parseCommit(c.getParent(0)).getTree(), c.getTree());
        List<String> files = new ArrayList<>();
        for (DiffEntry e : entries) {
          String path = e.getChangeType() == DiffEntry.ChangeType.DELETE
              ? e.getOldPath() : e.getNewPath();
          files.add(prefix.isEmpty() ? path : path.substring(prefix.length() + 1));
        }
        if (files.isEmpty() || files.size() > s.maxFilesPerCommit()) {
          continue;
        }
        for (String f : files) {
          commits.merge(f, 1, Integer::sum);
          for (String g : files) {
            if (!g.equals(f)) {
              together.computeIfAbsent(f, k -> new HashMap<>()).merge(g, 1, Integer::sum);
            }
          }
        }
        if (s.symbols() && c.getParentCount() == 1) {
          for (DiffEntry e : entries) {
            if (e.getChangeType() == DiffEntry.ChangeType.MODIFY
                && System.nanoTime() <= deadline) {
              String file = prefix.isEmpty()
                  ? e.getNewPath() : e.getNewPath().substring(prefix.length() + 1);
              countSymbols(reader, diff, e, symbols.computeIfAbsent(file, k -> new HashMap<>()));
            }
          }
        }
      }
    }
    return new HistoryPriors(commits, together, symbols, read, complete);
  }

  /** Counts the hunk-header symbol of each change in a modified file, as git would name it. */
  private static void countSymbols(
      ObjectReader reader, DiffFormatter diff, DiffEntry e, Map<String, Integer> out)
      throws IOException {
    byte[] bytes = reader.open(e.getNewId().toObjectId()).getCachedBytes(4 << 20);
    if (RawText.isBinary(bytes)) {
      return;
    }
    String[] lines = new String(bytes, StandardCharsets.UTF_8).split("\n", -1);
    for (Edit edit : diff.toFileHeader(e).toEditList()) {
      String name = hunkSymbol(lines, edit.getBeginB());
      if (name != null) {
        out.merge(name, 1, Integer::sum);
      }
    }
  }

  /**
   * git's default hunk header: the nearest line at or above {@code line} (0-based) that begins
   * with a letter, {@code _} or {@code $}; reduced to the name it defines.
   */
  static @Nullable String hunkSymbol(String[] lines, int line) {
    for (int i = Math.min(line, lines.length - 1); i >= 0; i--) {
      String l = lines[i];
      if (!l.isEmpty() && (Character.isLetter(l.charAt(0)) || l.charAt(0) == '_'
          || l.charAt(0) == '$')) {
        Matcher k = KEYWORD_NAME.matcher(l);
        if (k.find()) {
          return k.group(1);
        }
        Matcher call = CALL_NAME.matcher(l);
        return call.find() ? call.group(1) : null;
      }
    }
    return null;
  }

  private static String slashed(Path relative) {
    StringBuilder sb = new StringBuilder();
    for (Path p : relative) {
      if (!p.toString().isEmpty()) {
        if (sb.length() > 0) {
          sb.append('/');
        }
        sb.append(p);
      }
    }
    return sb.toString();
  }
}
