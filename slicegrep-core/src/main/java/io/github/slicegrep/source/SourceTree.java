package io.github.slicegrep.source;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSet;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.eclipse.jgit.ignore.IgnoreNode;
import org.jspecify.annotations.Nullable;

/**
 * Lists the files a directory search reads: honours {@code .gitignore} files (nested, with
 * negation, plus those of enclosing directories up to the repository root and
 * {@code .git/info/exclude}), skips version-control, dependency and build-output directories,
 * follows symlinks without ever looping (or, confined, only those that stay inside the tree),
 * and never opens FIFOs, sockets or devices.
 */
public final class SourceTree {
  /** Directory names never descended into below the search root. */
  public static final ImmutableSet<String> EXCLUDED_DIRECTORIES =
      ImmutableSet.of(
          ".git", ".hg", ".svn", ".bzr", "_darcs", "CVS",
          "node_modules", "bower_components", "jspm_packages",
          "__pycache__", ".venv", "venv", ".tox", ".nox", ".eggs",
          ".mypy_cache", ".pytest_cache", ".ruff_cache", ".hypothesis",
          ".gradle", ".idea", "target", "build", "dist", ".next", ".nuxt", ".svelte-kit",
          ".terraform", ".cache", ".parcel-cache");

  private SourceTree() {}

  /** The files below {@code root} in a stable (sorted, depth-first) order, links followed. */
  public static List<Path> list(Path root, boolean recursive) throws IOException {
    return list(root, recursive, false);
  }

  /**
   * The files below {@code root} in a stable (sorted, depth-first) order. Confined, an entry
   * that is a symlink is skipped unless its real path lies inside the root's real path; the
   * entries that are not links lie inside already, since every directory descended into does.
   */
  public static List<Path> list(Path root, boolean recursive, boolean confined)
      throws IOException {
    Path top = root.toAbsolutePath().normalize();
    Path realTop = top.toRealPath();
    List<Path> files = new ArrayList<>();
    Set<Path> visitedDirectories = new HashSet<>();
    Deque<Frame> stack = new ArrayDeque<>();
    stack.push(new Frame(top, enclosingRules(top)));
    visitedDirectories.add(realTop);
    while (!stack.isEmpty()) {
      Frame frame = stack.pop();
      List<Rules> rules = withOwnRules(frame.rules, frame.dir);
      List<Path> entries = sortedEntries(frame.dir);
      List<Frame> subdirectories = new ArrayList<>();
      for (Path entry : entries) {
        if (confined && leavesTree(entry, realTop)) {
          continue;
        }
        BasicFileAttributes attrs = attributes(entry);
        if (attrs == null) {
          continue;
        }
        boolean directory = attrs.isDirectory();
        String name = entry.getFileName().toString();
        if (isIgnored(rules, entry, directory)) {
          continue;
        }
        if (directory) {
          if (!recursive || EXCLUDED_DIRECTORIES.contains(name) || name.endsWith(".egg-info")) {
            continue;
          }
          Path real = realPath(entry);
          if (real != null && visitedDirectories.add(real)) {
            subdirectories.add(new Frame(entry, rules));
          }
        } else if (attrs.isRegularFile()) {
          files.add(entry);
        }
      }
      for (int i = subdirectories.size() - 1; i >= 0; i--) {
        stack.push(subdirectories.get(i));
      }
    }
    return files;
  }

  private record Frame(Path dir, List<Rules> rules) {}

  /** One directory's ignore file, matched against paths relative to that directory. */
  private record Rules(Path base, IgnoreNode node) {}

  private static List<Path> sortedEntries(Path dir) {
    List<Path> entries = new ArrayList<>();
    try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir)) {
      for (Path p : stream) {
        entries.add(p);
      }
    } catch (IOException | SecurityException e) {
      // An unreadable directory is skipped like an unreadable file: the rest of the tree is
      // still searched.
      return List.of();
    }
    entries.sort(null);
    return entries;
  }

  /** Attributes following symlinks; null for dangling links and entries that vanished. */
  private static @Nullable BasicFileAttributes attributes(Path p) {
    try {
      return Files.readAttributes(p, BasicFileAttributes.class);
    } catch (IOException | SecurityException e) {
      return null;
    }
  }

  /**
   * Whether {@code path}, every symlink on its way resolved now, lies inside {@code realRoot}
   * (a real path). False when it cannot be resolved.
   */
  public static boolean isInside(Path path, Path realRoot) {
    Path real = realPath(path);
    return real != null && real.startsWith(realRoot);
  }

  /** True for a symlink whose target lies outside the tree or cannot be resolved. */
  private static boolean leavesTree(Path entry, Path realRoot) {
    if (!Files.isSymbolicLink(entry)) {
      return false;
    }
    Path real = realPath(entry);
    return real == null || !real.startsWith(realRoot);
  }

  private static @Nullable Path realPath(Path p) {
    try {
      return p.toRealPath();
    } catch (IOException | SecurityException e) {
      return null;
    }
  }

  private static boolean isIgnored(List<Rules> rules, Path entry, boolean directory) {
    for (int i = rules.size() - 1; i >= 0; i--) {
      Rules r = rules.get(i);
      String relative = r.base.relativize(entry).toString().replace('\\', '/');
      Boolean verdict = r.node.checkIgnored(relative, directory);
      if (verdict != null) {
        return verdict;
      }
    }
    return false;
  }

  private static List<Rules> withOwnRules(List<Rules> inherited, Path dir) {
    Rules own = parse(dir, dir.resolve(".gitignore"));
    if (own == null) {
      return inherited;
    }
    return ImmutableList.<Rules>builder().addAll(inherited).add(own).build();
  }

  /**
   * Rules that apply to the search root from above it: every {@code .gitignore} from the
   * repository root down to the root's parent, and {@code .git/info/exclude}. Without an
   * enclosing repository only the root's own files count.
   */
  private static List<Rules> enclosingRules(Path top) {
    Path repo = top;
    while (repo != null && !Files.exists(repo.resolve(".git"), LinkOption.NOFOLLOW_LINKS)) {
      repo = repo.getParent();
    }
    if (repo == null) {
      return List.of();
    }
    List<Rules> rules = new ArrayList<>();
    Rules exclude = parse(repo, repo.resolve(".git").resolve("info").resolve("exclude"));
    if (exclude != null) {
      rules.add(exclude);
    }
    List<Path> chain = new ArrayList<>();
    for (Path d = top.getParent(); d != null && d.startsWith(repo); d = d.getParent()) {
      chain.add(0, d);
    }
    for (Path d : chain) {
      Rules r = parse(d, d.resolve(".gitignore"));
      if (r != null) {
        rules.add(r);
      }
    }
    return rules;
  }

  private static @Nullable Rules parse(Path base, Path ignoreFile) {
    if (!Files.isRegularFile(ignoreFile)) {
      return null;
    }
    IgnoreNode node = new IgnoreNode();
    try (InputStream in = Files.newInputStream(ignoreFile)) {
      node.parse(in);
    } catch (IOException | SecurityException e) {
      return null;
    }
    return node.getRules().isEmpty() ? null : new Rules(base, node);
  }
}
