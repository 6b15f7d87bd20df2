package io.github.slicegrep.source;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/** Reads one file once, bounded in size, and decides whether it is searchable text. */
public final class SourceReader {
  private SourceReader() {}

  /** Why a file was not searched. */
  public enum Skip {
    MISSING("does not exist"),
    NOT_REGULAR("is not a regular file (FIFO, socket or device)"),
    UNREADABLE("cannot be read"),
    TOO_LARGE("is larger than the size cap"),
    BINARY("looks binary (it holds NUL bytes)");

    private final String description;

    Skip(String description) {
      this.description = description;
    }

    public String description() {
      return description;
    }
  }

  /** Either a loaded file or the reason it was skipped. */
  public sealed interface Outcome permits Loaded, Skipped {}

  public record Loaded(SourceFile file) implements Outcome {}

  public record Skipped(Skip reason) implements Outcome {}

  /**
   * Reads {@code path}. Checks the file type before opening (a FIFO would block forever) and
   * never reads more than {@code maxBytes + 1} bytes (a file may grow between stat and read).
   */
  public static Outcome read(Path path, String relativePath, long maxBytes) {
    BasicFileAttributes attrs;
    try {
      attrs = Files.readAttributes(path, BasicFileAttributes.class);
    } catch (IOException | SecurityException e) {
      return new Skipped(Files.exists(path) ? Skip.UNREADABLE : Skip.MISSING);
    }
    if (!attrs.isRegularFile()) {
      return new Skipped(Skip.NOT_REGULAR);
    }
    if (attrs.size() > maxBytes) {
      return new Skipped(Skip.TOO_LARGE);
    }
    byte[] bytes;
    try (InputStream in = Files.newInputStream(path)) {
      bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8L, maxBytes + 1));
    } catch (IOException | SecurityException e) {
      return new Skipped(Skip.UNREADABLE);
    }
    if (bytes.length > maxBytes) {
      return new Skipped(Skip.TOO_LARGE);
    }
    if (Decoding.looksBinary(bytes)) {
      return new Skipped(Skip.BINARY);
    }
    String text = Decoding.utf8(bytes);
    return new Loaded(
        new SourceFile(
            path, relativePath, Language.of(path.getFileName().toString()), Lines.split(text)));
  }
}
