package io.github.slicegrep.dense;

import com.google.common.hash.Hashing;
import io.github.slicegrep.index.CacheDirectory;
import io.github.slicegrep.index.SealedFile;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * Block vectors of one search root kept on disk beside its persistent index, so that another
 * process does not embed the same blocks again. An entry is keyed by the file's relative path,
 * its stamp (size and modification time) and the hash of the text that was embedded, and the
 * whole file by the model's identity: a vector is given back only for the same text, the same
 * block lines and the same model, so a stale entry costs an embedding, never a wrong result.
 *
 * <p>On disk: a magic line, the format version, the body's length and CRC-32C, then the body
 * (the root and model identity, the dimensions, then each file's key and block vectors). A file
 * that is short, of another version, for another root or model, or fails its checksum is
 * ignored and rewritten. Writes go to a temporary file in the same directory, moved in place.
 * Named by the root's unit ({@link CacheDirectory}), it is evicted together with the root's
 * index when the cache is over its size limit; reading it leaves its modification time alone
 * (the root's index, read by the same search, marks the unit used).
 */
public final class BlockVectorStore {
  static final int FORMAT_VERSION = 1;
  private static final byte[] MAGIC = "slicegrep-vectors\n".getBytes(StandardCharsets.US_ASCII);
  /** The file name's extension, beside the index's own files. */
  public static final String EXTENSION = ".vectors";

  /** What a file's vectors hold for: its stamp and the hash of the embedded text. */
  public record FileKey(long size, long modifiedNanos, long textHashHigh, long textHashLow) {
    /** The key of {@code text} read from a file with this size and modification time. */
    public static FileKey of(long size, long modifiedNanos, String text) {
      byte[] h = Hashing.murmur3_128().hashString(text, StandardCharsets.UTF_8).asBytes();
      ByteBuffer b = ByteBuffer.wrap(h);
      return new FileKey(size, modifiedNanos, b.getLong(), b.getLong());
    }
  }

  /** One block's lines and vector. */
  public record BlockVector(int startLine, int endLine, float[] vector) {}

  private record FileVectors(FileKey key, List<BlockVector> blocks) {}

  private final Path file;
  private final String identity;
  private final int dimensions;
  private final Map<String, FileVectors> entries;
  private volatile boolean dirty;

  private BlockVectorStore(
      Path file, String identity, int dimensions, Map<String, FileVectors> entries) {
    this.file = file;
    this.identity = identity;
    this.dimensions = dimensions;
    this.entries = entries;
  }

  /**
   * The store of {@code root} for a model in {@code directory}: what a previous process wrote,
   * or an empty store when there is none or it cannot be trusted.
   *
   * @param directory the index directory
   * @param root the search root (absolute)
   * @param modelIdentity what names the model's vectors (see {@link DenseRuntime#identity})
   * @param dimensions the model's dimensions
   */
  public static BlockVectorStore open(
      Path directory, Path root, String modelIdentity, int dimensions) {
    String identity = root + "\n" + modelIdentity + "\n" + dimensions;
    // Named by the root's unit, so that eviction keeps or drops it with the root's index.
    Path file = directory.resolve(CacheDirectory.fileName(root, identity, EXTENSION));
    Map<String, FileVectors> entries = new ConcurrentHashMap<>();
    try {
      if (Files.isRegularFile(file)) {
        Map<String, FileVectors> read = decode(Files.readAllBytes(file), identity, dimensions);
        if (read != null) {
          entries.putAll(read);
        }
      }
    } catch (IOException e) {
      // An unreadable store is an empty one: the vectors are embedded again.
    }
    return new BlockVectorStore(file, identity, dimensions, entries);
  }

  /** The file this store reads and writes. */
  public Path file() {
    return file;
  }

  /** Files with stored vectors. */
  public int size() {
    return entries.size();
  }

  /** The stored vectors of {@code relativePath}, or null when none are stored for this key. */
  public @Nullable List<BlockVector> lookup(String relativePath, FileKey key) {
    FileVectors v = entries.get(relativePath);
    return v != null && v.key().equals(key) ? v.blocks() : null;
  }

  /** Stores the vectors of {@code relativePath} as embedded from the text {@code key} names. */
  public void put(String relativePath, FileKey key, List<BlockVector> blocks) {
    for (BlockVector b : blocks) {
      if (b.vector().length != dimensions) {
        throw new IllegalArgumentException(String.format(
            "a vector of %s dimensions in a store of %s", b.vector().length, dimensions));
      }
    }
    entries.put(relativePath, new FileVectors(key, List.copyOf(blocks)));
    dirty = true;
  }

  /** Writes the store when something was added since it was read or last written. */
  public synchronized void saveIfChanged(long limitBytes) {
    if (!dirty) {
      return;
    }
    dirty = false;
    try {
      SealedFile.writeAtomically(file, encode());
      CacheDirectory.evictAfterWriting(file, limitBytes);
    } catch (IOException e) {
      // Cannot write (read-only cache, full disk): the next process embeds again.
      dirty = true;
    }
  }

  private byte[] encode() throws IOException {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(body)) {
      writeString(out, identity);
      out.writeInt(dimensions);
      List<Map.Entry<String, FileVectors>> snapshot = new ArrayList<>(entries.entrySet());
      out.writeInt(snapshot.size());
      for (Map.Entry<String, FileVectors> e : snapshot) {
        writeString(out, e.getKey());
        FileKey k = e.getValue().key();
        out.writeLong(k.size());
        out.writeLong(k.modifiedNanos());
        out.writeLong(k.textHashHigh());
        out.writeLong(k.textHashLow());
        out.writeInt(e.getValue().blocks().size());
        for (BlockVector b : e.getValue().blocks()) {
          out.writeInt(b.startLine());
          out.writeInt(b.endLine());
          for (float f : b.vector()) {
            out.writeFloat(f);
          }
        }
      }
    }
    return SealedFile.seal(MAGIC, FORMAT_VERSION, body.toByteArray());
  }

  /** The entries of a well-formed store for this identity, or null for anything else. */
  static @Nullable Map<String, FileVectors> decode(
      byte[] bytes, String identity, int dimensions) {
    ByteBuffer in = SealedFile.open(bytes, MAGIC, FORMAT_VERSION);
    if (in == null) {
      return null;
    }
    try {
      if (!readString(in).equals(identity) || in.getInt() != dimensions) {
        return null;
      }
      int files = in.getInt();
      Map<String, FileVectors> out = new ConcurrentHashMap<>();
      for (int i = 0; i < files; i++) {
        String path = readString(in);
        FileKey key = new FileKey(in.getLong(), in.getLong(), in.getLong(), in.getLong());
        int blocks = in.getInt();
        List<BlockVector> list = new ArrayList<>(blocks);
        for (int j = 0; j < blocks; j++) {
          int start = in.getInt();
          int end = in.getInt();
          float[] v = new float[dimensions];
          for (int d = 0; d < dimensions; d++) {
            v[d] = in.getFloat();
          }
          list.add(new BlockVector(start, end, v));
        }
        out.put(path, new FileVectors(key, List.copyOf(list)));
      }
      return in.hasRemaining() ? null : out;
    } catch (BufferUnderflowException | IllegalArgumentException e) {
      return null;
    }
  }

  private static void writeString(DataOutputStream out, String s) throws IOException {
    SealedFile.writeString(out, s);
  }

  private static String readString(ByteBuffer in) {
    return SealedFile.readString(in);
  }
}
