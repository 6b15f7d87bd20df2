package io.github.slicegrep.mcp;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import org.jspecify.annotations.Nullable;

/**
 * Reads newline-delimited messages as raw bytes (the stdio transport's framing), so one line
 * longer than the cap cannot exhaust memory: its bytes are skipped up to the next newline and it
 * is reported as {@link Line#tooLong()}.
 */
final class LineReader {
  private static final int BUFFER = 64 * 1024;

  /** One line without its terminator ({@code \n}, or {@code \r\n}). */
  record Line(byte[] bytes, boolean tooLong) {}

  private final InputStream in;
  private final int maxBytes;
  private final byte[] buffer = new byte[BUFFER];
  private int position;
  private int limit;

  LineReader(InputStream in, int maxBytes) {
    this.in = in;
    this.maxBytes = maxBytes;
  }

  /** The next line, or null at end of input (a last line without a newline is still returned). */
  @Nullable Line next() throws IOException {
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    boolean tooLong = false;
    boolean any = false;
    while (true) {
      if (position == limit) {
        limit = in.read(buffer, 0, buffer.length);
        position = 0;
        if (limit <= 0) {
          limit = 0;
          return any ? finish(line, tooLong) : null;
        }
      }
      any = true;
      int start = position;
      while (position < limit && buffer[position] != '\n') {
        position++;
      }
      int length = position - start;
      if (!tooLong) {
        if (line.size() + length > maxBytes) {
          tooLong = true;
          line.reset();
        } else {
          line.write(buffer, start, length);
        }
      }
      if (position < limit) {
        position++;
        return finish(line, tooLong);
      }
    }
  }

  private static Line finish(ByteArrayOutputStream line, boolean tooLong) {
    byte[] bytes = line.toByteArray();
    int end = bytes.length;
    if (end > 0 && bytes[end - 1] == '\r') {
      end--;
    }
    return new Line(end == bytes.length ? bytes : java.util.Arrays.copyOf(bytes, end), tooLong);
  }
}
