package io.github.slicegrep.source;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSet;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
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

  /**
   * A listed file, its path relative to the root with name elements joined by {@code /} (on
   * Linux a backslash is part of a name, so separators are never rewritten in a string), and
   * the attributes read while listing it (symlinks followed), or null in a listing that is
   * reused or restored, whose files a caller must stat again.
   */
  public record Entry(Path path, String relativePath, @Nullable BasicFileAttributes attributes) {
    Entry reused() {
      return attributes == null ? this : new Entry(path, relativePath, null);
    }
  }

  /**
   * The files of a walk and what they depend on: the stamp of every directory read and every
   * ignore file applied, and whether a {@code .git} or {@code .gitignore} exists in each of the
   * root's ancestors up to the repository (one appearing there changes what is listed; their
   * directories' own stamps change too often to watch). Adding, removing or renaming an entry
   * changes its directory's stamp, so while everything watched is unchanged the same walk would
   * list the same files, and a warm search need not walk again. Immutable.
   */
  public static final class Listing {
    private final List<Entry> files;
    private final Map<Path, FileStamp> watched;
    private final Map<Path, Boolean> presence;
    private final long readAtMillis;

    /** {@code readAtMillis}: the wall clock before the first watched stamp was read. */
    public Listing(
        List<Entry> files,
        Map<Path, FileStamp> watched,
        Map<Path, Boolean> presence,
        long readAtMillis) {
      this.files = List.copyOf(files);
      this.watched = ImmutableMap.copyOf(watched);
      this.presence = ImmutableMap.copyOf(presence);
      this.readAtMillis = readAtMillis;
    }

    /** Paths whose existence (true) or absence (false) the listing depends on. */
    public Map<Path, Boolean> presence() {
      return presence;
    }

    public long readAtMillis() {
      return readAtMillis;
    }

    /**
     * Whether this listing may be reused later: only when every watched stamp had settled when
     * it was read, so that any later change shows as a new stamp.
     */
    public boolean reusable() {
      return watched.values().stream().allMatch(s -> s.settled(readAtMillis));
    }

    public List<Entry> files() {
      return files;
    }

    /** The stamp each watched path had before it was read. */
    public Map<Path, FileStamp> watched() {
      return watched;
    }

    /**
     * Whether every watched path still has its stamp: one stat each, in parallel when there are
     * more than {@value #SERIAL_STATS} (a few dozen stats take less time than handing them to
     * other threads in a process that has just started).
     */
    public boolean unchanged() {
      Stream<Map.Entry<Path, FileStamp>> stats = watched.size() > SERIAL_STATS
          ? watched.entrySet().parallelStream() : watched.entrySet().stream();
      return presence.entrySet().stream()
              .allMatch(e -> e.getValue() == isThere(e.getKey()))
          && stats.allMatch(e -> e.getValue().equals(FileStamp.read(e.getKey())));
    }

    /** Watched paths checked on the calling thread alone. */
    static final int SERIAL_STATS = 256;

    /** The same listing with the walk's attributes dropped, for reuse after a check. */
    public Listing reused() {
      return new Listing(
          files.stream().map(Entry::reused).toList(), watched, presence, readAtMillis);
    }
  }

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
    return walk(root, recursive, confined).files().stream().map(Entry::path).toList();
  }

  /**
   * Like {@link #list}, with each file's attributes and what the listing depends on: the walk
   * has to read them anyway, and a caller can then check its cache without reading them again.
   */
  public static Listing walk(Path root, boolean recursive, boolean confined) throws IOException {
    long readAtMillis = System.currentTimeMillis();
    Path top = root.toAbsolutePath().normalize();
    Path realTop = top.toRealPath();
    List<Entry> files = new ArrayList<>();
    Map<Path, FileStamp> watched = new LinkedHashMap<>();
    Map<Path, Boolean> presence = new LinkedHashMap<>();
    Set<Path> visitedDirectories = new HashSet<>();
    Deque<Frame> stack = new ArrayDeque<>();
    stack.push(new Frame(top, "", enclosingRules(top, watched, presence)));
    visitedDirectories.add(realTop);
    while (!stack.isEmpty()) {
      Frame frame = stack.pop();
      watch(watched, frame.dir);
      List<Rules> rules = withOwnRules(frame.rules, frame.dir, watched);
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
            subdirectories.add(new Frame(entry, frame.prefix + name + "/", rules));
          }
        } else if (attrs.isRegularFile()) {
          files.add(new Entry(entry, frame.prefix + name, attrs));
        }
      }
      for (int i = subdirectories.size() - 1; i >= 0; i--) {
        stack.push(subdirectories.get(i));
      }
    }
    return new Listing(files, watched, presence, readAtMillis);
  }

  /**
   * Records {@code path}'s stamp before it is read, so a change made while it is read shows as
   * a changed stamp next time. A path that cannot be stamped gets a stamp nothing equals.
   */
  private static void watch(Map<Path, FileStamp> watched, Path path) {
    FileStamp stamp = FileStamp.read(path);
    watched.put(path, stamp != null ? stamp : new FileStamp(-1, -1, "unreadable"));
  }

  /** A directory to list; {@code prefix} is its path below the root with a trailing slash. */
  private record Frame(Path dir, String prefix, List<Rules> rules) {}

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

  private static List<Rules> withOwnRules(
      List<Rules> inherited, Path dir, Map<Path, FileStamp> watched) {
    Rules own = parse(dir, dir.resolve(".gitignore"), watched);
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
  private static List<Rules> enclosingRules(
      Path top, Map<Path, FileStamp> watched, Map<Path, Boolean> presence) {
    Path repo = top;
    while (repo != null && !exists(presence, repo.resolve(".git"))) {
      if (!repo.equals(top)) {
        exists(presence, repo.resolve(".gitignore"));
      }
      repo = repo.getParent();
    }
    if (repo == null) {
      return List.of();
    }
    if (!repo.equals(top)) {
      exists(presence, repo.resolve(".gitignore"));
    }
    Path info = repo.resolve(".git").resolve("info");
    watch(watched, Files.isDirectory(info) ? info : repo.resolve(".git"));
    List<Rules> rules = new ArrayList<>();
    Rules exclude = parse(repo, info.resolve("exclude"), watched);
    if (exclude != null) {
      rules.add(exclude);
    }
    List<Path> chain = new ArrayList<>();
    for (Path d = top.getParent(); d != null && d.startsWith(repo); d = d.getParent()) {
      chain.add(0, d);
    }
    for (Path d : chain) {
      Rules r = parse(d, d.resolve(".gitignore"), watched);
      if (r != null) {
        rules.add(r);
      }
    }
    return rules;
  }

  /** Whether {@code path} is there ({@link #isThere}), remembered in {@code presence}. */
  private static boolean exists(Map<Path, Boolean> presence, Path path) {
    boolean exists = isThere(path);
    presence.put(path, exists);
    return exists;
  }

  /**
   * Whether {@code path} leads to a file or directory. Asked of a handful of version-control
   * markers and ignore files above the root on every search, most of them absent, so it must
   * not throw: {@link Files#exists} makes and drops an exception for each missing path. A link
   * to nothing counts as absent, as git itself takes a dangling {@code .git}.
   */
  static boolean isThere(Path path) {
    return path.getFileSystem() == FileSystems.getDefault()
        ? path.toFile().exists()
        : Files.exists(path);
  }

  /** A missing ignore file is not watched: creating one changes its directory's stamp. */
  private static @Nullable Rules parse(Path base, Path ignoreFile, Map<Path, FileStamp> watched) {
    if (!Files.isRegularFile(ignoreFile)) {
      return null;
    }
    watch(watched, ignoreFile);
    IgnoreNode node = new IgnoreNode();
    try (InputStream in = Files.newInputStream(ignoreFile)) {
      node.parse(in);
    } catch (IOException | SecurityException e) {
      return null;
    }
    return node.getRules().isEmpty() ? null : new Rules(base, node);
  }
}
