package io.github.slicegrep.source;

import java.io.BufferedReader;
import java.io.Closeable;
import java.io.File;
import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileStore;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * The operating system's change notifications for the directories of one listing, so that a
 * long-lived reader can tell which files changed since it last looked without a stat of every
 * file of the tree (on a tree of five thousand files those stats alone took longer than the rest
 * of a warm precise search).
 *
 * <p>Only where notifications are exact: Linux's inotify, on a local file system. Elsewhere
 * (polling watch services, network and FUSE mounts, whose remote changes inotify never sees)
 * {@link #start} declines and the caller keeps stat-ing.
 *
 * <p>Events arrive on the watch service's own thread, a moment after the change. So that a
 * change made just before a search is never missed, each look creates or deletes a sentinel
 * file in a private directory watched by the same service and waits for that event: inotify
 * delivers one descriptor's events in order, so every earlier change has been handed to its
 * directory's key by then, and those keys are all in the service's queue. (Queued, not
 * necessarily ahead of the sentinel's key, which may have been queued earlier: the look takes
 * every queued key before it answers.)
 *
 * <p>What it tells is cumulative: every file modified since the watch started is reported on
 * every later look, so concurrent searches never consume each other's news, and a caller only
 * has to stat those files. Anything it cannot describe as "these files were modified" (an entry
 * created, deleted or renamed, an ignore file or directory changed, a lost event, too many
 * changed files) ends the watch: the caller falls back to stat-ing and may start a new one.
 * Not seen, as with any inotify watch: a write through a hard link that lives in a directory
 * outside the tree, and a write through a memory mapping. Thread-safe.
 */
public final class TreeWatch implements Closeable {
  /** Past this many modified files, stat-ing them all is no longer worth a watch. */
  static final int MAX_CHANGED_FILES = 1024;
  /** How long a look waits for its sentinel before it gives up on the watch. */
  static final long BARRIER_TIMEOUT_MILLIS = 2_000;
  private static final long WATCH_BUDGET_UNKNOWN = 2_048;
  private static final Path MAX_USER_WATCHES = Path.of("/proc/sys/fs/inotify/max_user_watches");
  /** The sentinel's name in its directory. */
  private static final String BEAT = "beat";
  /** Local file systems whose changes inotify reports, as {@link FileStore#type()} names them. */
  static final Set<String> LOCAL_TYPES =
      Set.of("ext2", "ext3", "ext4", "xfs", "btrfs", "tmpfs", "overlay", "zfs",
          "f2fs", "reiserfs", "jfs", "bcachefs", "nilfs2");

  private final WatchService service;
  private final Map<WatchKey, Path> directories;
  /** Regular files whose change changes the listing itself: the ignore files it applied. */
  private final Set<Path> listingFiles;
  /** Listed files whose changes the watch would not see: symlinks, or outside every watch. */
  private final Set<Path> unwatchedFiles;
  /**
   * What the listing depends on outside every watched directory (ignore files and version
   * control markers above the root), stat-ed on each look: a handful of paths.
   */
  private final Map<Path, FileStamp> unwatchedStamps;
  private final Map<Path, Boolean> presence;
  /**
   * The root and its identity (device and inode) when the watch started: a root renamed away
   * and replaced by another directory of the same name reports nothing to the old one's watch,
   * so each look checks it.
   */
  private final Path root;
  private final Object rootKey;
  /** A private directory where each look creates or deletes the sentinel file. */
  private final Path sentinelDirectory;
  private final WatchKey sentinelKey;
  private final Set<Path> changed = new HashSet<>();
  /** {@link System#nanoTime()} once every directory was watched: later changes are reported. */
  private final long startedNanos = System.nanoTime();
  /** Whether the sentinel exists: each look creates it or deletes it, in turn. */
  private boolean beating;
  private boolean broken;

  private TreeWatch(
      WatchService service, Map<WatchKey, Path> directories, Set<Path> listingFiles,
      Set<Path> unwatchedFiles, Map<Path, FileStamp> unwatchedStamps,
      Map<Path, Boolean> presence, Path root, Object rootKey, Path sentinelDirectory,
      WatchKey sentinelKey) {
    this.root = root;
    this.rootKey = rootKey;
    this.service = service;
    this.unwatchedStamps = unwatchedStamps;
    this.presence = presence;
    this.directories = directories;
    this.listingFiles = listingFiles;
    this.unwatchedFiles = unwatchedFiles;
    this.sentinelDirectory = sentinelDirectory;
    this.sentinelKey = sentinelKey;
  }

  /**
   * Watches every directory {@code listing} read (and the directories of the ignore files it
   * applied), or returns null where notifications cannot be trusted or a watch cannot be had
   * (the system's limit on watches reached, say).
   *
   * @param root the listed root, absolute and normalised
   * @param listing the listing whose directories to watch; the caller checks it unchanged once
   *     this returns (a change made before the watches were in place is not reported)
   * @return the watch, or null
   */
  public static @Nullable TreeWatch start(Path root, SourceTree.Listing listing) {
    if (!supported(root) || listing.watched().size() > watchBudget()) {
      return null;
    }
    WatchService service = null;
    Path sentinelDirectory = null;
    try {
      Object rootKey = Files.readAttributes(root, BasicFileAttributes.class).fileKey();
      if (rootKey == null) {
        return null; // no way to tell the root was replaced
      }
      service = FileSystems.getDefault().newWatchService();
      Map<WatchKey, Path> directories = new HashMap<>();
      Set<Path> listingFiles = new HashSet<>();
      Map<Path, FileStamp> unwatchedStamps = new HashMap<>();
      for (Map.Entry<Path, FileStamp> e : listing.watched().entrySet()) {
        Path p = e.getKey();
        boolean directory = Files.isDirectory(p);
        if (directory && walked(root, p)) {
          directories.put(register(service, p), p);
        } else if (directory) {
          unwatchedStamps.put(p, e.getValue()); // git's own directories change all the time
        } else {
          listingFiles.add(p);
        }
      }
      Set<Path> watchedDirectories = new HashSet<>(directories.values());
      for (Path p : listingFiles) {
        if (!watchedDirectories.contains(p.getParent())) {
          unwatchedStamps.put(p, listing.watched().get(p));
        }
      }
      Set<Path> unwatched = new HashSet<>();
      for (SourceTree.Entry e : listing.files()) {
        if (!watchedDirectories.contains(e.path().getParent())
            || Files.isSymbolicLink(e.path())) {
          unwatched.add(e.path());
        }
      }
      sentinelDirectory = Files.createTempDirectory("slicegrep-watch");
      // Removed at exit too, for a reader never closed (its sentinel is deleted first).
      sentinelDirectory.toFile().deleteOnExit();
      sentinelDirectory.resolve(BEAT).toFile().deleteOnExit();
      WatchKey sentinelKey = register(service, sentinelDirectory);
      return new TreeWatch(
          service, directories, listingFiles, unwatched, unwatchedStamps, listing.presence(),
          root, rootKey, sentinelDirectory, sentinelKey);
    } catch (IOException | SecurityException | UnsupportedOperationException e) {
      closeQuietly(service);
      deleteQuietly(sentinelDirectory);
      return null; // e.g. "User limit of inotify watches reached": stat-ing still works
    }
  }

  /**
   * The most directories one tree may watch: a quarter of the user's inotify watches, which
   * editors and build tools on the same machine need too (2,048 when the limit is unknown).
   */
  static long watchBudget() {
    try {
      // Read line by line: procfs reports a size of 0, and a read sized by it comes back short.
      try (BufferedReader in = Files.newBufferedReader(MAX_USER_WATCHES)) {
        String line = in.readLine();
        return line == null ? WATCH_BUDGET_UNKNOWN : Long.parseLong(line.trim()) / 4;
      }
    } catch (IOException | NumberFormatException | SecurityException e) {
      return WATCH_BUDGET_UNKNOWN;
    }
  }

  /** A directory the walk listed: inside the root and not version control's. */
  private static boolean walked(Path root, Path directory) {
    if (!directory.startsWith(root)) {
      return false;
    }
    for (Path name : root.relativize(directory)) {
      if (name.toString().equals(".git")) {
        return false;
      }
    }
    return true;
  }

  /** The variable that turns watching off ({@code off}, {@code 0}, {@code false}, {@code no}). */
  public static final String SWITCH_VARIABLE = "SLICEGREP_WATCH";

  /**
   * Whether {@code env} turns watching off.
   *
   * @param env environment variables by name
   * @return true when {@value #SWITCH_VARIABLE} says off
   */
  public static boolean switchedOff(Map<String, String> env) {
    return Switches.isOff(env.get(SWITCH_VARIABLE));
  }

  /**
   * Whether a tree at {@code root} can be watched: Linux's inotify on a local file system (never
   * a polling watch service); {@link #switchedOff} is the caller's to ask.
   *
   * @param root a directory
   * @return true when {@link #start} may succeed there
   */
  public static boolean supported(Path root) {
    if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux")) {
      return false;
    }
    try {
      FileStore store = Files.getFileStore(root);
      return LOCAL_TYPES.contains(store.type().toLowerCase(Locale.ROOT));
    } catch (IOException | SecurityException e) {
      return false;
    }
  }

  private static WatchKey register(WatchService service, Path directory) throws IOException {
    return directory.register(
        service, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_DELETE,
        StandardWatchEventKinds.ENTRY_MODIFY);
  }

  /**
   * Every file modified since the watch started, up to this call, or null when the watch can
   * no longer tell (it is closed then, and the caller must stat every file).
   *
   * @return the changed files (absolute, as listed), a copy
   */
  public synchronized @Nullable Set<Path> changedFiles() {
    if (broken) {
      return null;
    }
    try {
      // Created and deleted in turn: the previous look waited for its own event, so an event
      // of this kind can only be this look's.
      // Through java.io.File: one system call each, without the channel Files.createFile opens.
      File sentinel = sentinelDirectory.resolve(BEAT).toFile();
      if (beating ? !sentinel.delete() : !sentinel.createNewFile()) {
        throw new IOException("the watch's sentinel could not be " + (beating ? "deleted" : "made"));
      }
      beating = !beating;
      WatchEvent.Kind<Path> expected =
          beating ? StandardWatchEventKinds.ENTRY_CREATE : StandardWatchEventKinds.ENTRY_DELETE;
      long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(BARRIER_TIMEOUT_MILLIS);
      boolean reached = false;
      while (!reached) {
        long left = deadline - System.nanoTime();
        WatchKey key = left <= 0 ? null : service.poll(left, TimeUnit.NANOSECONDS);
        if (key == null) {
          return fail();
        }
        List<WatchEvent<?>> events = key.pollEvents();
        if (!take(key, events)) {
          return fail();
        }
        reached = key == sentinelKey && contains(events, expected);
      }
      // Events are kept per key, and the sentinel's key may have been queued (by an earlier
      // event) ahead of a key whose event came before the sentinel's: every such key is in the
      // queue by now, so take whatever is there.
      for (WatchKey key = service.poll(); key != null; key = service.poll()) {
        if (!take(key, key.pollEvents())) {
          return fail();
        }
      }
      return unchangedOutside() ? Set.copyOf(changed) : fail();
    } catch (IOException | ClosedWatchServiceException e) {
      return fail();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return fail();
    }
  }

  /** Records a key's events and puts it back to be signalled again; false to give up. */
  private boolean take(WatchKey key, List<WatchEvent<?>> events) {
    boolean overflow =
        events.stream().anyMatch(e -> e.kind() == StandardWatchEventKinds.OVERFLOW);
    // Invalid: a watched directory is gone. Anything but an edit of a file: the listing changed.
    return !overflow
        && key.reset()
        && (key == sentinelKey || record(directories.get(key), events));
  }

  private boolean unchangedOutside() {
    try {
      if (!rootKey.equals(Files.readAttributes(root, BasicFileAttributes.class).fileKey())) {
        return false;
      }
    } catch (IOException | SecurityException e) {
      return false;
    }
    for (Map.Entry<Path, Boolean> e : presence.entrySet()) {
      if (e.getValue() != SourceTree.isThere(e.getKey())) {
        return false;
      }
    }
    for (Map.Entry<Path, FileStamp> e : unwatchedStamps.entrySet()) {
      if (!e.getValue().equals(FileStamp.read(e.getKey()))) {
        return false;
      }
    }
    return true;
  }

  private static boolean contains(List<WatchEvent<?>> events, WatchEvent.Kind<Path> kind) {
    for (WatchEvent<?> event : events) {
      if (event.kind() == kind
          && event.context() instanceof Path p
          && p.toString().equals(BEAT)) {
        return true;
      }
    }
    return false;
  }

  /**
   * {@link System#nanoTime()} when every watch was in place: a file last checked before then
   * may have changed unreported, and must be checked again before the watch vouches for it.
   */
  public long startedNanos() {
    return startedNanos;
  }

  /** Whether the watch reports changes to {@code file} (a listed path). */
  public boolean covers(Path file) {
    return !unwatchedFiles.contains(file);
  }

  /** Where the sentinel files are made (deleted on close). */
  Path sentinelDirectory() {
    return sentinelDirectory;
  }

  /** Adds the files modified in {@code directory}; false for anything else. */
  private boolean record(@Nullable Path directory, List<WatchEvent<?>> events) {
    if (directory == null) {
      return false;
    }
    for (WatchEvent<?> event : events) {
      if (event.kind() != StandardWatchEventKinds.ENTRY_MODIFY
          || !(event.context() instanceof Path name)) {
        return false; // created, deleted, renamed, or events lost
      }
      Path file = directory.resolve(name);
      // An ignore file or a directory's own attributes change what is listed.
      if (listingFiles.contains(file) || Files.isDirectory(file, LinkOption.NOFOLLOW_LINKS)) {
        return false;
      }
      changed.add(file);
      if (changed.size() > MAX_CHANGED_FILES) {
        return false;
      }
    }
    return true;
  }

  private @Nullable Set<Path> fail() {
    close();
    return null;
  }

  /** Stops watching and deletes the sentinel; later looks return null. */
  @Override
  public synchronized void close() {
    broken = true;
    closeQuietly(service);
    deleteQuietly(sentinelDirectory);
  }

  private static void closeQuietly(@Nullable WatchService service) {
    if (service != null) {
      try {
        service.close();
      } catch (IOException e) {
        // nothing more to release
      }
    }
  }

  private static void deleteQuietly(@Nullable Path directory) {
    if (directory == null) {
      return;
    }
    try {
      Files.deleteIfExists(directory.resolve(BEAT));
      Files.deleteIfExists(directory);
    } catch (IOException | SecurityException e) {
      // a leftover empty directory in the temporary directory harms nothing
    }
  }
}
