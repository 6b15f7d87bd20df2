package io.github.slicegrep.index;

import io.github.slicegrep.outline.Outline;
import io.github.slicegrep.source.FileStamp;
import io.github.slicegrep.source.SourceFile;
import io.github.slicegrep.source.SourceTree;
import io.github.slicegrep.source.TrigramFilter;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * The persistent index of one searched root: the walk's listing and, per file, its stamp,
 * whether it is binary, a trigram filter of its text and its parsed outline. A later process
 * whose stamps still match reuses the listing instead of walking, reads only the files whose
 * filter may hold a query's literals, and parses none whose outline is stored. Beside it, in a
 * file of its own read only when a question asks for it, the recall terms of the files
 * questions have analysed: a precise query never pays for reading them.
 *
 * <p>On disk: a magic line, the format version, the body's length and CRC-32C, then the body.
 * A file that is short, of another version, or fails its checksum is ignored (the search runs
 * cold and writes a new one), so a writer killed mid-write can never give wrong results. A
 * writer writes a temporary file next to the index and renames it over the index atomically:
 * readers see the old index or the new one, and of concurrent writers the last one wins whole.
 * Only stamps that had settled ({@link FileStamp#settled}) when read are stored. The directory
 * is a bounded cache: reading an index marks its root used, and each save evicts the least
 * recently used other roots over the size limit ({@link CacheDirectory}). Thread-safe.
 */
public final class PersistentIndex {
  /**
   * Raised whenever what an outline holds changes for files already indexed (3 since Scala,
   * Swift and Dart files are parsed: their stored heuristic outlines must not outlive that), or
   * how the index is laid out (4: each outline's length before it, so that reading the index
   * skips outlines until they are used; 5: C and C++ macros with parameters are definitions; 6:
   * and those of several lines; 7: the heuristic outline reads no header from a line over 500
   * characters; 8: Rust items inside item-level macro bodies are definitions).
   */
  static final int FORMAT_VERSION = 8;
  private static final byte[] MAGIC = "slicegrep-index\n".getBytes(StandardCharsets.US_ASCII);
  static final int TERMS_FORMAT_VERSION = 1;
  private static final byte[] TERMS_MAGIC =
      "slicegrep-terms\n".getBytes(StandardCharsets.US_ASCII);
  /** A reader that searches a root again marks its index used at most this often. */
  private static final long TOUCH_EVERY_NANOS = TimeUnit.MINUTES.toNanos(1);

  /** What an index is for: the same root walked the same way with the same size cap. */
  public record Key(Path root, boolean recursive, boolean confined, long maxFileBytes) {
    String describe() {
      return root + "\n" + recursive + "\n" + confined + "\n" + maxFileBytes;
    }

    // Written out, as in TreeListings.Key: a record's own equals and hashCode link a bootstrap
    // method on first use, about 10 ms of CPU in a process that searches once.
    @Override
    public boolean equals(Object o) {
      return o instanceof Key k && root.equals(k.root) && recursive == k.recursive
          && confined == k.confined && maxFileBytes == k.maxFileBytes;
    }

    @Override
    public int hashCode() {
      return Objects.hash(root, recursive, confined, maxFileBytes);
    }
  }

  /** One file as last indexed: binary files have no filter; the outline is stored once parsed. */
  public record FileEntry(
      FileStamp stamp, @Nullable TrigramFilter filter, @Nullable StoredOutline stored) {
    public boolean binary() {
      return filter == null;
    }

    /** The filter, for a text file. */
    public TrigramFilter textFilter() {
      if (filter == null) {
        throw new IllegalStateException("a binary file has no filter");
      }
      return filter;
    }
  }

  /** Recall terms stored for a file under a stamp ({@code FileTerms.encode}). */
  private record StoredTerms(FileStamp stamp, byte[] terms) {}

  private final Path file;
  private final Path termsFile;
  private final Key key;
  private final ConcurrentHashMap<String, FileEntry> entries;
  private volatile SourceTree.@Nullable Listing listing;
  private volatile boolean dirty;
  /** The stored recall terms, read on first need. */
  private volatile @Nullable ConcurrentHashMap<String, StoredTerms> terms;
  private volatile boolean termsDirty;
  /** When this process last read, wrote or touched the index file. */
  private volatile long lastUsedNanos = System.nanoTime();

  private PersistentIndex(
      Path file, Key key, ConcurrentHashMap<String, FileEntry> entries,
      SourceTree.@Nullable Listing listing) {
    this.file = file;
    this.termsFile = file.resolveSibling(file.getFileName().toString().replace(".idx", ".terms"));
    this.key = key;
    this.entries = entries;
    this.listing = listing;
  }

  /** The index of {@code key} in {@code directory}, or an empty one when none is usable. */
  public static PersistentIndex open(Path directory, Key key) {
    Path file = directory.resolve(CacheDirectory.fileName(key.root(), key.describe(), ".idx"));
    try {
      byte[] bytes = Files.readAllBytes(file);
      Decoded d = decode(bytes, key);
      if (d != null) {
        CacheDirectory.touch(file);
        return new PersistentIndex(file, key, d.entries, d.listing);
      }
    } catch (IOException | RuntimeException e) {
      // Missing, unreadable or malformed: start cold; the next save replaces it.
    }
    return new PersistentIndex(file, key, new ConcurrentHashMap<>(), null);
  }

  /** The stored listing, with the walk's attributes dropped, or null. */
  public SourceTree.@Nullable Listing listing() {
    return listing;
  }

  /** Keeps {@code fresh} when its stamps had settled; the files it lists bound the entries. */
  public void recordListing(SourceTree.Listing fresh) {
    if (fresh.reusable()) {
      listing = fresh.reused();
      dirty = true;
    }
  }

  /** The entry of {@code relativePath} if it was indexed with exactly {@code now}. */
  public @Nullable FileEntry lookup(String relativePath, FileStamp now) {
    FileEntry e = entries.get(relativePath);
    return e != null && e.stamp().equals(now) ? e : null;
  }

  /** Records a text file read under a settled {@code stamp}; returns its entry. */
  public FileEntry recordText(String relativePath, FileStamp stamp, SourceFile source) {
    FileEntry entry = new FileEntry(stamp, source.trigrams(), null);
    put(relativePath, entry);
    return entry;
  }

  public void recordBinary(String relativePath, FileStamp stamp) {
    put(relativePath, new FileEntry(stamp, null, null));
  }

  /** Adds the parsed outline to the entry of a text file indexed under {@code stamp}. */
  public void recordOutline(String relativePath, FileStamp stamp, Outline outline) {
    entries.computeIfPresent(
        relativePath,
        (k, e) -> {
          if (!e.stamp().equals(stamp) || e.binary() || e.stored() != null) {
            return e;
          }
          dirty = true;
          return new FileEntry(stamp, e.filter(), StoredOutline.of(outline));
        });
  }

  /**
   * The recall terms stored for a file ({@code FileTerms.encode}) when they were analysed from
   * the text it has under {@code stamp}; null otherwise. The first call reads them from disk.
   */
  public byte @Nullable [] terms(String relativePath, FileStamp stamp) {
    StoredTerms stored = storedTerms().get(relativePath);
    return stored != null && stored.stamp().equals(stamp) ? stored.terms() : null;
  }

  /** Stores a file's recall terms, analysed from the text it has under a settled stamp. */
  public void recordTerms(String relativePath, FileStamp stamp, byte[] analysed) {
    storedTerms().put(relativePath, new StoredTerms(stamp, analysed));
    termsDirty = true;
  }

  private ConcurrentHashMap<String, StoredTerms> storedTerms() {
    ConcurrentHashMap<String, StoredTerms> t = terms;
    if (t == null) {
      synchronized (this) {
        t = terms;
        if (t == null) {
          t = readTerms();
          terms = t;
        }
      }
    }
    return t;
  }

  private ConcurrentHashMap<String, StoredTerms> readTerms() {
    ConcurrentHashMap<String, StoredTerms> out = new ConcurrentHashMap<>();
    try {
      ByteBuffer in =
          SealedFile.open(Files.readAllBytes(termsFile), TERMS_MAGIC, TERMS_FORMAT_VERSION);
      if (in == null || !readString(in).equals(key.describe())) {
        return out;
      }
      for (int i = in.getInt(); i > 0; i--) {
        String relative = readString(in);
        FileStamp stamp = readStamp(in);
        int n = in.getInt();
        if (n < 0 || n > in.remaining()) {
          return new ConcurrentHashMap<>();
        }
        byte[] bytes = new byte[n];
        in.get(bytes);
        out.put(relative, new StoredTerms(stamp, bytes));
      }
      return in.hasRemaining() ? new ConcurrentHashMap<>() : out;
    } catch (IOException | RuntimeException e) {
      return new ConcurrentHashMap<>(); // missing or malformed: analysed again, then rewritten
    }
  }

  private boolean saveTerms() {
    ConcurrentHashMap<String, StoredTerms> t = terms;
    if (!termsDirty || t == null) {
      return false;
    }
    termsDirty = false;
    try {
      ByteArrayOutputStream body = new ByteArrayOutputStream(1 << 16);
      DataOutputStream out = new DataOutputStream(body);
      writeString(out, key.describe());
      // Only files the index still holds under the same stamp: the rest are stale.
      List<Map.Entry<String, StoredTerms>> kept = new ArrayList<>();
      for (Map.Entry<String, StoredTerms> e : t.entrySet()) {
        FileEntry entry = entries.get(e.getKey());
        if (entry != null && entry.stamp().equals(e.getValue().stamp())) {
          kept.add(e);
        }
      }
      out.writeInt(kept.size());
      for (Map.Entry<String, StoredTerms> e : kept) {
        writeString(out, e.getKey());
        writeStamp(out, e.getValue().stamp());
        out.writeInt(e.getValue().terms().length);
        out.write(e.getValue().terms());
      }
      out.flush();
      SealedFile.writeAtomically(
          termsFile, SealedFile.seal(TERMS_MAGIC, TERMS_FORMAT_VERSION, body.toByteArray()));
      return true;
    } catch (IOException | RuntimeException e) {
      return false; // only a shortcut: the next process analyses those files again
    }
  }

  private void put(String relativePath, FileEntry entry) {
    FileEntry old = entries.put(relativePath, entry);
    if (!entry.equals(old)) {
      dirty = true;
    }
  }

  /**
   * Writes the index if anything was recorded since it was read, keeping only files of the
   * current listing, then evicts other roots' indexes over the cache's size limit; with nothing
   * to write, marks the index used (at most once a minute), so that a long-lived reader's
   * indexes stay the most recently used. Failures are ignored: the index is only ever a
   * shortcut.
   */
  public void saveIfChanged(long limitBytes) {
    boolean wrote = saveTerms();
    SourceTree.Listing current = listing;
    if (dirty && current != null) {
      dirty = false;
      try {
        SealedFile.writeAtomically(file, encode(current));
        wrote = true;
      } catch (IOException | RuntimeException e) {
        // A full disk or a read-only cache only costs the next process its shortcut.
      }
    }
    long now = System.nanoTime();
    if (wrote) {
      lastUsedNanos = now;
      CacheDirectory.evictAfterWriting(file, limitBytes);
    } else if (now - lastUsedNanos > TOUCH_EVERY_NANOS && Files.exists(file)) {
      lastUsedNanos = now;
      CacheDirectory.touch(file);
    }
  }

  private byte[] encode(SourceTree.Listing current) throws IOException {
    ByteArrayOutputStream body = new ByteArrayOutputStream(1 << 16);
    DataOutputStream out = new DataOutputStream(body);
    writeString(out, key.describe());
    out.writeLong(current.readAtMillis());
    out.writeInt(current.watched().size());
    for (Map.Entry<Path, FileStamp> e : current.watched().entrySet()) {
      writeString(out, e.getKey().toString());
      writeStamp(out, e.getValue());
    }
    out.writeInt(current.presence().size());
    for (Map.Entry<Path, Boolean> e : current.presence().entrySet()) {
      writeString(out, e.getKey().toString());
      out.writeBoolean(e.getValue());
    }
    List<SourceTree.Entry> files = current.files();
    out.writeInt(files.size());
    Set<String> listed = new HashSet<>();
    for (SourceTree.Entry f : files) {
      writeString(out, f.relativePath());
      listed.add(f.relativePath());
    }
    List<Map.Entry<String, FileEntry>> kept = new ArrayList<>();
    for (Map.Entry<String, FileEntry> e : entries.entrySet()) {
      if (listed.contains(e.getKey())) {
        kept.add(e);
      }
    }
    out.writeInt(kept.size());
    for (Map.Entry<String, FileEntry> e : kept) {
      writeString(out, e.getKey());
      FileEntry entry = e.getValue();
      writeStamp(out, entry.stamp());
      out.writeBoolean(entry.binary());
      if (!entry.binary()) {
        TrigramFilter filter = entry.textFilter();
        out.writeByte(filter.bitsLog2());
        long[] words = filter.words();
        ByteBuffer raw = ByteBuffer.allocate(words.length * Long.BYTES);
        raw.asLongBuffer().put(words);
        out.write(raw.array());
        StoredOutline stored = entry.stored();
        if (stored == null) {
          out.writeInt(-1);
        } else {
          byte[] encoded = stored.encoded();
          out.writeInt(encoded.length);
          out.write(encoded);
        }
      }
    }
    out.flush();
    return SealedFile.seal(MAGIC, FORMAT_VERSION, body.toByteArray());
  }

  private record Decoded(
      ConcurrentHashMap<String, FileEntry> entries, SourceTree.Listing listing) {}

  /**
   * Null for anything but a whole index of this format for this key. Read from a byte buffer
   * (big-endian, as DataOutputStream writes) because filters are most of the bytes and are
   * copied in bulk.
   */
  private static @Nullable Decoded decode(byte[] bytes, Key key) {
    ByteBuffer in = SealedFile.open(bytes, MAGIC, FORMAT_VERSION);
    if (in == null) {
      return null;
    }
    if (!readString(in).equals(key.describe())) {
      return null;
    }
    long readAtMillis = in.getLong();
    Map<Path, FileStamp> watched = new LinkedHashMap<>();
    for (int i = in.getInt(); i > 0; i--) {
      watched.put(Path.of(readString(in)), readStamp(in));
    }
    Map<Path, Boolean> presence = new LinkedHashMap<>();
    for (int i = in.getInt(); i > 0; i--) {
      presence.put(Path.of(readString(in)), in.get() != 0);
    }
    int listed = in.getInt();
    List<SourceTree.Entry> files = new ArrayList<>(Math.min(listed, bytes.length));
    for (int i = listed; i > 0; i--) {
      String relative = readString(in);
      files.add(new SourceTree.Entry(key.root().resolve(relative), relative, null));
    }
    int count = in.getInt();
    ConcurrentHashMap<String, FileEntry> entries =
        new ConcurrentHashMap<>(Math.min(count, bytes.length) * 4 / 3 + 16);
    for (int i = count; i > 0; i--) {
      String relative = readString(in);
      FileStamp stamp = readStamp(in);
      if (in.get() != 0) {
        entries.put(relative, new FileEntry(stamp, null, null));
        continue;
      }
      int log2 = in.get();
      if (log2 < TrigramFilter.MIN_BITS_LOG2 || log2 > TrigramFilter.MAX_BITS_LOG2) {
        return null;
      }
      long[] words = new long[1 << (log2 - 6)];
      in.asLongBuffer().get(words);
      in.position(in.position() + words.length * Long.BYTES);
      int outlineBytes = in.getInt();
      StoredOutline stored = null;
      if (outlineBytes > in.remaining()) {
        return null;
      } else if (outlineBytes >= 0) {
        byte[] encoded = new byte[outlineBytes];
        in.get(encoded);
        stored = StoredOutline.stored(encoded);
      }
      entries.put(relative, new FileEntry(stamp, new TrigramFilter(log2, words), stored));
    }
    if (in.hasRemaining()) {
      return null;
    }
    return new Decoded(entries, new SourceTree.Listing(files, watched, presence, readAtMillis));
  }

  private static void writeString(DataOutputStream out, String s) throws IOException {
    SealedFile.writeString(out, s);
  }

  private static String readString(ByteBuffer in) {
    return SealedFile.readString(in);
  }

  private static void writeStamp(DataOutputStream out, FileStamp s) throws IOException {
    out.writeLong(s.modifiedNanos());
    out.writeLong(s.size());
    writeString(out, s.fileKeyText());
  }

  private static FileStamp readStamp(ByteBuffer in) {
    return new FileStamp(in.getLong(), in.getLong(), readString(in));
  }
}
