package io.github.slicegrep.hook;

import com.google.common.hash.Hashing;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.LinkOption;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Which files the hook already replaced in each session, so that reading one again goes
 * straight through. One small text file per session (a path a line, oldest first), written
 * atomically under a lock; old sessions and old paths are trimmed least-recently-used first.
 */
final class SeenReads {
  /** Paths remembered per session; a session that replaced more forgets its oldest. */
  static final int MAX_PATHS_PER_SESSION = 500;
  /** Session files kept; the least recently written go first. */
  static final int MAX_SESSIONS = 100;

  /**
   * A temporary state file older than this was left by a run that was killed between writing
   * it and moving it into place (a live run takes milliseconds there); the next run deletes it.
   */
  static final Duration STALE_TEMPORARY = Duration.ofMinutes(10);

  private static final String SUFFIX = ".seen";
  private static final String TEMPORARY_SUFFIX = ".tmp";
  private static final Set<PosixFilePermission> OWNER_ONLY_DIRECTORY =
      PosixFilePermissions.fromString("rwx------");

  private static final Object IN_PROCESS = new Object();

  private final Path dir;

  SeenReads(Path dir) {
    this.dir = dir;
  }

  /** Whether {@code path} was already replaced in {@code session}; false when state is unreadable. */
  boolean seen(String session, String path) {
    try {
      return read(file(session)).contains(path);
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  /**
   * Records that {@code path} was replaced in {@code session}. The caller prints the replacement
   * only when this succeeds: a replacement that is not recorded would be repeated on the next
   * Read, and the agent could never get the whole file.
   *
   * @throws IOException when the state cannot be written
   */
  void record(String session, String path) throws IOException {
    // A file lock is held per process: the hook's resident server, which records for many
    // Reads at once (an agent reads files in parallel), takes turns in-process first.
    synchronized (IN_PROCESS) {
      recordLocked(session, path);
    }
  }

  private void recordLocked(String session, String path) throws IOException {
    ensurePrivateDirectory();
    Path file = file(session);
    try (FileChannel lockChannel =
            FileChannel.open(
                dir.resolve(file.getFileName() + ".lock"),
                Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    LinkOption.NOFOLLOW_LINKS),
                ownerOnlyFile());
        FileLock lock = lockChannel.lock()) {
      LinkedHashSet<String> paths = read(file);
      paths.remove(path);
      paths.add(path);
      List<String> kept = new ArrayList<>(paths);
      if (kept.size() > MAX_PATHS_PER_SESSION) {
        kept = kept.subList(kept.size() - MAX_PATHS_PER_SESSION, kept.size());
      }
      Path tmp = Files.createTempFile(dir, file.getFileName().toString(), TEMPORARY_SUFFIX);
      try {
        Files.write(tmp, kept, StandardCharsets.UTF_8);
        try {
          Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
          Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
        }
      } finally {
        Files.deleteIfExists(tmp);
      }
    }
    trimSessions(file);
  }

  /**
   * Creates the state folder owner-only (it may sit in the shared temp folder), and refuses one
   * that is a symlink or belongs to another user: someone who planted it could read which files
   * a session opened, or swap the state files. An existing folder of ours is tightened to 0700.
   */
  private void ensurePrivateDirectory() throws IOException {
    Path parent = dir.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    boolean posix = dir.getFileSystem().supportedFileAttributeViews().contains("posix");
    try {
      if (posix) {
        Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(OWNER_ONLY_DIRECTORY));
      } else {
        Files.createDirectory(dir);
      }
    } catch (FileAlreadyExistsException e) {
      // checked below, whoever made it
    }
    if (Files.isSymbolicLink(dir) || !Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
      throw new IOException("state folder " + dir + " is a symlink or not a folder; refusing it");
    }
    if (!posix) {
      return;
    }
    UserPrincipal me =
        dir.getFileSystem().getUserPrincipalLookupService()
            .lookupPrincipalByName(System.getProperty("user.name"));
    UserPrincipal owner = Files.getOwner(dir, LinkOption.NOFOLLOW_LINKS);
    if (!owner.equals(me)) {
      throw new IOException(
          "state folder " + dir + " belongs to " + owner.getName() + ", not " + me.getName()
              + "; refusing it");
    }
    if (!Files.getPosixFilePermissions(dir, LinkOption.NOFOLLOW_LINKS)
        .equals(OWNER_ONLY_DIRECTORY)) {
      Files.setPosixFilePermissions(dir, OWNER_ONLY_DIRECTORY);
    }
  }

  private FileAttribute<?>[] ownerOnlyFile() {
    if (!dir.getFileSystem().supportedFileAttributeViews().contains("posix")) {
      return new FileAttribute<?>[0];
    }
    return new FileAttribute<?>[] {
      PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"))
    };
  }

  /**
   * Deletes the least recently written session files beyond {@link #MAX_SESSIONS}, and
   * temporary files that killed runs left behind.
   */
  private void trimSessions(Path keep) {
    List<Path> sessions;
    List<Path> temporary;
    try (Stream<Path> s = Files.list(dir)) {
      List<Path> all = s.toList();
      sessions = new ArrayList<>(named(all, SUFFIX));
      temporary = named(all, TEMPORARY_SUFFIX);
    } catch (IOException e) {
      return;
    }
    FileTime staleBefore = FileTime.from(Instant.now().minus(STALE_TEMPORARY));
    for (Path t : temporary) {
      if (modified(t).compareTo(staleBefore) < 0) {
        try {
          Files.deleteIfExists(t);
        } catch (IOException e) {
          // the next run retries
        }
      }
    }
    if (sessions.size() <= MAX_SESSIONS) {
      return;
    }
    sessions.sort(Comparator.comparing(SeenReads::modified).reversed());
    for (Path old : sessions.subList(MAX_SESSIONS, sessions.size())) {
      if (!old.equals(keep)) {
        try {
          Files.deleteIfExists(old);
          Files.deleteIfExists(old.resolveSibling(old.getFileName() + ".lock"));
        } catch (IOException e) {
          // Another hook process may be trimming too; the next run retries.
        }
      }
    }
  }

  private static List<Path> named(List<Path> files, String suffix) {
    return files.stream().filter(p -> p.getFileName().toString().endsWith(suffix)).toList();
  }

  private static FileTime modified(Path p) {
    try {
      return Files.getLastModifiedTime(p);
    } catch (IOException e) {
      return FileTime.fromMillis(0);
    }
  }

  private static LinkedHashSet<String> read(Path file) throws IOException {
    if (!Files.exists(file)) {
      return new LinkedHashSet<>();
    }
    return new LinkedHashSet<>(Files.readAllLines(file, StandardCharsets.UTF_8));
  }

  /** The state file of a session: its id when it is a plain token, else a hash of it. */
  Path file(String session) {
    String name =
        session.matches("[A-Za-z0-9_-]{1,100}")
            ? session
            : Hashing.sha256().hashString(session, StandardCharsets.UTF_8).toString();
    return dir.resolve(name + SUFFIX);
  }
}
