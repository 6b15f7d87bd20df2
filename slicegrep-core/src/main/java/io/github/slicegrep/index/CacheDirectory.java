package io.github.slicegrep.index;

import com.google.common.hash.Hashing;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The cache directory as a set of units, one per searched root: its indexes (one per way of
 * walking it), their recall-terms sidecars and its block-vector stores. A unit is kept or
 * evicted whole; its last use is the latest modification time of its files, which every read
 * moves forward ({@link #touch}). Over the size limit, the least recently used units go first,
 * never the unit of the file just written.
 *
 * <p>Safe beside other processes. A reader reads a file whole and checks its checksum
 * ({@link SealedFile#open}), so it gets a whole checked file or nothing: a file unlinked after
 * it was opened stays readable to it (POSIX), and one gone before is a cold search. Writers
 * write a temporary file and rename it in place; this class never counts, evicts or clears a
 * temporary younger than {@link SealedFile#STALE_TEMP_MILLIS}. A file is evicted by renaming it
 * to a private temporary name, checking that it is still the very file (same file key and
 * modification time) that was judged least recently used, and only then deleting it; a file
 * a writer replaced or a reader touched in between is moved back.
 */
public final class CacheDirectory {
  private static final Pattern UNIT_FILE =
      Pattern.compile("([0-9a-f]{16})-[0-9a-f]{16}\\.(idx|terms|vectors)");
  private static final Pattern CACHE_FILE = Pattern.compile("(.+)\\.(idx|terms|vectors)");
  /** The prefix read to learn which root a file is for (paths are far shorter). */
  private static final int HEADER_BYTES = 16 * 1024;

  /** One file of a unit as the scan saw it. */
  record Member(Path path, long bytes, long modifiedMillis, @Nullable Object fileKey) {}

  /** A root's files; {@code id} is the root's hash, or a file stem for files named otherwise. */
  public record Unit(String id, List<Member> members) {
    public long bytes() {
      return members.stream().mapToLong(Member::bytes).sum();
    }

    public long lastUsedMillis() {
      return members.stream().mapToLong(Member::modifiedMillis).max().orElse(0);
    }

    public int files() {
      return members.size();
    }

    /** The root its files name in their headers, or null when none can be read. */
    public @Nullable Path root() {
      for (Member m : members) {
        String root = rootOf(m.path());
        if (root != null) {
          return Path.of(root);
        }
      }
      return null;
    }
  }

  /** What {@link #clear} did: files and bytes removed, temporaries of live writers left. */
  public record Cleared(int files, long bytes, int inFlight) {}

  private CacheDirectory() {}

  /** The unit id of {@code root} (absolute, normalized). */
  static String unitOf(Path root) {
    return hex(root.toString()).substring(0, 16);
  }

  /**
   * The file name for what {@code identity} names under {@code root}: the root's unit id, a
   * hash of the identity, and the extension (with its dot).
   */
  public static String fileName(Path root, String identity, String extension) {
    return unitOf(root) + "-" + hex(identity).substring(0, 16) + extension;
  }

  private static String hex(String s) {
    // Not a cryptographic hash: names need only be stable and apart, and SHA-256 meant
    // setting up the security providers, a few milliseconds of every start-up.
    return Hashing.murmur3_128().hashString(s, StandardCharsets.UTF_8).toString();
  }

  /** The unit a cache file belongs to, or null for a file this cache does not own. */
  static @Nullable String unitOf(String fileName) {
    Matcher m = UNIT_FILE.matcher(fileName);
    if (m.matches()) {
      return m.group(1);
    }
    Matcher other = CACHE_FILE.matcher(fileName);
    return other.matches() ? other.group(1) : null;
  }

  /**
   * Marks {@code file} as used now, so that eviction takes it last. Failures (a read-only
   * cache, a file just evicted) are ignored: recency only orders eviction.
   */
  public static void touch(Path file) {
    try {
      Files.setLastModifiedTime(file, FileTime.fromMillis(System.currentTimeMillis()));
    } catch (IOException | RuntimeException e) {
      // see above
    }
  }

  /** Every unit in {@code directory}, most recently used first; none when it does not exist. */
  public static List<Unit> scan(Path directory) throws IOException {
    Map<String, List<Member>> byUnit = new LinkedHashMap<>();
    if (!Files.isDirectory(directory)) {
      return List.of();
    }
    try (DirectoryStream<Path> stream = Files.newDirectoryStream(directory)) {
      for (Path p : stream) {
        String unit = unitOf(p.getFileName().toString());
        if (unit == null) {
          continue;
        }
        try {
          BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
          if (a.isRegularFile()) {
            byUnit.computeIfAbsent(unit, k -> new ArrayList<>()).add(
                new Member(p, a.size(), a.lastModifiedTime().toMillis(), a.fileKey()));
          }
        } catch (NoSuchFileException e) {
          // removed since listed
        }
      }
    }
    List<Unit> units = new ArrayList<>();
    byUnit.forEach((id, members) -> units.add(new Unit(id, List.copyOf(members))));
    units.sort(Comparator.comparingLong(Unit::lastUsedMillis).reversed()
        .thenComparing(Unit::id));
    return units;
  }

  /**
   * Evicts least recently used units until the directory holds at most {@code limitBytes},
   * never the unit of {@code keep} (a file just written or in use). Failures are ignored: the
   * cache is only a shortcut, and the next writer tries again.
   *
   * @return the number of units evicted
   */
  public static int evict(Path directory, long limitBytes, Path keep) {
    String kept = unitOf(keep.getFileName().toString());
    try {
      List<Unit> units = scan(directory);
      long total = units.stream().mapToLong(Unit::bytes).sum();
      int evicted = 0;
      for (int i = units.size() - 1; i >= 0 && total > limitBytes; i--) {
        Unit u = units.get(i);
        if (u.id().equals(kept)) {
          continue;
        }
        for (Member m : u.members()) {
          if (remove(m)) {
            total -= m.bytes();
          }
        }
        evicted++;
      }
      return evicted;
    } catch (IOException | RuntimeException e) {
      return 0;
    }
  }

  /** Evicts over {@code limitBytes}, keeping the unit of {@code keep}. */
  public static void evictAfterWriting(Path keep, long limitBytes) {
    Path directory = keep.toAbsolutePath().getParent();
    evict(directory, limitBytes, keep);
  }

  /**
   * Removes every cache file of {@code directory}, and the temporaries dead writers left; the
   * temporaries of writers still at work are left to them (their renames then put back one
   * whole file each).
   */
  public static Cleared clear(Path directory) throws IOException {
    int files = 0;
    long bytes = 0;
    for (Unit u : scan(directory)) {
      for (Member m : u.members()) {
        if (remove(m)) {
          files++;
          bytes += m.bytes();
        }
      }
    }
    int inFlight = 0;
    if (Files.isDirectory(directory)) {
      long cutoff = System.currentTimeMillis() - SealedFile.STALE_TEMP_MILLIS;
      try (DirectoryStream<Path> stream = Files.newDirectoryStream(directory, "*.tmp")) {
        for (Path p : stream) {
          try {
            BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
            if (a.lastModifiedTime().toMillis() >= cutoff) {
              inFlight++;
            } else if (Files.deleteIfExists(p)) {
              files++;
              bytes += a.size();
            }
          } catch (NoSuchFileException e) {
            // renamed in place by its writer, or removed by another process
          }
        }
      }
    }
    return new Cleared(files, bytes, inFlight);
  }

  /**
   * Deletes {@code m} if it is still the file the scan saw: renamed aside first, so that what
   * is checked is what is deleted; anything else is moved back (or, when a newer file has
   * taken its name meanwhile, dropped as the older of two whole files).
   */
  private static boolean remove(Member m) {
    Path aside = m.path().resolveSibling(m.path().getFileName() + "."
        + ProcessHandle.current().pid() + "."
        + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ".evicted.tmp");
    try {
      Files.move(m.path(), aside);
    } catch (IOException e) {
      return false; // gone already, or not ours to move
    }
    try {
      BasicFileAttributes a = Files.readAttributes(aside, BasicFileAttributes.class);
      boolean same = a.lastModifiedTime().toMillis() == m.modifiedMillis()
          && (m.fileKey() == null ? a.size() == m.bytes() : Objects.equals(a.fileKey(), m.fileKey()));
      if (same) {
        Files.deleteIfExists(aside);
        return true;
      }
      try {
        Files.move(aside, m.path());
      } catch (IOException e) {
        Files.deleteIfExists(aside);
      }
    } catch (IOException e) {
      // left aside under a temporary name: the next writer's clean-up removes it
    }
    return false;
  }

  /** The root named by the identity string at the head of a cache file, or null. */
  static @Nullable String rootOf(Path file) {
    byte[] head;
    try (InputStream in = Files.newInputStream(file)) {
      head = in.readNBytes(HEADER_BYTES);
    } catch (IOException e) {
      return null;
    }
    int magicEnd = indexOf(head, (byte) '\n');
    if (magicEnd < 0
        || !new String(head, 0, magicEnd, StandardCharsets.US_ASCII).startsWith("slicegrep-")) {
      return null;
    }
    ByteBuffer in = ByteBuffer.wrap(head);
    int start = magicEnd + 1 + 4 + 8 + 8;
    if (head.length < start + 4) {
      return null;
    }
    in.position(start);
    int n = in.getInt();
    if (n <= 0 || n > in.remaining()) {
      return null;
    }
    String identity = new String(head, in.position(), n, StandardCharsets.UTF_8);
    int line = identity.indexOf('\n');
    return line < 0 ? identity : identity.substring(0, line);
  }

  private static int indexOf(byte[] bytes, byte b) {
    for (int i = 0; i < Math.min(bytes.length, 64); i++) {
      if (bytes[i] == b) {
        return i;
      }
    }
    return -1;
  }
}
