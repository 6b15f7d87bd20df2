package io.github.slicegrep.index;

import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.Arrays;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32C;
import org.jspecify.annotations.Nullable;

/**
 * The envelope of every file slicegrep keeps in its cache directory: a magic line naming the
 * kind of file, the format version, the body's length and CRC-32C, then the body. A reader
 * trusts nothing else: a file that is short, of another kind or version, or fails its checksum
 * is as good as absent. Files are written whole beside their target and renamed over it, so a
 * reader sees the old file or the new one, never a torn one.
 */
public final class SealedFile {
  private static final int HEADER_AFTER_MAGIC = 4 + 8 + 8;
  /** A temporary file older than this was left by a writer that died; it is removed. */
  static final long STALE_TEMP_MILLIS = TimeUnit.MINUTES.toMillis(10);

  private SealedFile() {}

  /** {@code body} in its envelope. */
  public static byte[] seal(byte[] magic, int version, byte[] body) {
    CRC32C crc = new CRC32C();
    crc.update(body);
    ByteBuffer whole = ByteBuffer.allocate(magic.length + HEADER_AFTER_MAGIC + body.length);
    whole.put(magic).putInt(version).putLong(body.length).putLong(crc.getValue());
    whole.put(body);
    return whole.array();
  }

  /**
   * The body of a whole, intact file of this kind and version, as a buffer positioned at its
   * start (big-endian, as {@link DataOutputStream} writes); null for anything else.
   */
  public static @Nullable ByteBuffer open(byte[] bytes, byte[] magic, int version) {
    int header = magic.length + HEADER_AFTER_MAGIC;
    if (bytes.length < header || !Arrays.equals(bytes, 0, magic.length, magic, 0, magic.length)) {
      return null;
    }
    ByteBuffer in = ByteBuffer.wrap(bytes);
    in.position(magic.length);
    int found = in.getInt();
    long length = in.getLong();
    long checksum = in.getLong();
    if (found != version || length != bytes.length - header) {
      return null;
    }
    CRC32C crc = new CRC32C();
    crc.update(bytes, header, bytes.length - header);
    return crc.getValue() == checksum ? in : null;
  }

  /**
   * Writes {@code bytes} to {@code file} through a temporary file renamed over it (atomically
   * where the file system can), first removing temporaries that dead writers left behind.
   */
  public static void writeAtomically(Path file, byte[] bytes) throws IOException {
    Path dir = file.toAbsolutePath().getParent();
    Files.createDirectories(dir);
    removeStaleTemporaries(dir);
    Path temp =
        dir.resolve(
            file.getFileName() + "." + ProcessHandle.current().pid() + "."
                + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ".tmp");
    try {
      Files.write(temp, bytes);
      try {
        Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
      }
    } finally {
      try {
        Files.deleteIfExists(temp);
      } catch (IOException e) {
        // left for the next writer's clean-up
      }
    }
  }

  private static void removeStaleTemporaries(Path dir) throws IOException {
    long cutoff = System.currentTimeMillis() - STALE_TEMP_MILLIS;
    try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir, "*.tmp")) {
      for (Path p : stream) {
        try {
          FileTime t = Files.getLastModifiedTime(p);
          if (t.toMillis() < cutoff) {
            Files.deleteIfExists(p);
          }
        } catch (IOException e) {
          // another writer removed or renamed it first
        }
      }
    }
  }

  /** Length-prefixed UTF-8 ({@link DataOutputStream#writeUTF} stops at 64 KiB). */
  public static void writeString(DataOutputStream out, String s) throws IOException {
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    out.writeInt(b.length);
    out.write(b);
  }

  /**
   * A string written by {@link #writeString}.
   *
   * @throws BufferUnderflowException when the length runs past the body
   */
  public static String readString(ByteBuffer in) {
    int n = in.getInt();
    if (n < 0 || n > in.remaining()) {
      throw new BufferUnderflowException();
    }
    String s = new String(in.array(), in.arrayOffset() + in.position(), n, StandardCharsets.UTF_8);
    in.position(in.position() + n);
    return s;
  }
}
