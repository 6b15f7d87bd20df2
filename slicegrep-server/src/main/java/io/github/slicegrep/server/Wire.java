package io.github.slicegrep.server;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The framing both ends speak: a request is a magic number and its fields; the server answers
 * with frames, each a type byte, a length and that many bytes. Written by hand so that the
 * client needs no serialisation library.
 *
 * <pre>
 * server -> client  A accepted (the server's pid as 8 bytes), right after the connection is taken
 * client -> server  the request (see {@link Request})
 * server -> client  O stdout bytes | E stderr bytes, any number, in order
 *                   then X the exit status (4 bytes), or F: run in-process instead
 * </pre>
 */
final class Wire {
  /** "SGR1": the first bytes of a request, so that a stray connection is told apart. */
  static final int MAGIC = 0x53475231;
  static final byte ACCEPTED = 'A';
  static final byte OUT = 'O';
  static final byte ERR = 'E';
  static final byte EXIT = 'X';
  static final byte FALLBACK = 'F';
  /** A request or a frame larger than this is refused: 256 MiB of stdin is no Read event. */
  static final int MAX_BYTES = 256 << 20;

  private Wire() {}

  /** Writes one frame in a single write, so frames from two threads never interleave. */
  static void frame(OutputStream out, byte type, byte[] bytes, int offset, int length)
      throws IOException {
    byte[] f = new byte[5 + length];
    f[0] = type;
    putInt(f, 1, length);
    System.arraycopy(bytes, offset, f, 5, length);
    out.write(f);
    out.flush();
  }

  static void frame(OutputStream out, byte type, byte[] bytes) throws IOException {
    frame(out, type, bytes, 0, bytes.length);
  }

  static byte[] intBytes(int v) {
    byte[] b = new byte[4];
    putInt(b, 0, v);
    return b;
  }

  static byte[] longBytes(long v) {
    byte[] b = new byte[8];
    for (int i = 7; i >= 0; i--) {
      b[i] = (byte) v;
      v >>>= 8;
    }
    return b;
  }

  static int getInt(byte[] b) {
    return (b[0] & 0xff) << 24 | (b[1] & 0xff) << 16 | (b[2] & 0xff) << 8 | (b[3] & 0xff);
  }

  static long getLong(byte[] b) {
    long v = 0;
    for (int i = 0; i < 8; i++) {
      v = v << 8 | (b[i] & 0xff);
    }
    return v;
  }

  private static void putInt(byte[] b, int at, int v) {
    b[at] = (byte) (v >>> 24);
    b[at + 1] = (byte) (v >>> 16);
    b[at + 2] = (byte) (v >>> 8);
    b[at + 3] = (byte) v;
  }

  /** A frame read whole: its type and bytes. */
  static final class Frame {
    final byte type;
    final byte[] bytes;

    Frame(byte type, byte[] bytes) {
      this.type = type;
      this.bytes = bytes;
    }
  }

  /**
   * The next frame.
   *
   * @throws EOFException when the stream ends before a whole frame (the server went away)
   */
  static Frame read(DataInputStream in) throws IOException {
    byte type = in.readByte();
    int length = in.readInt();
    if (length < 0 || length > MAX_BYTES) {
      throw new IOException("bad frame length");
    }
    byte[] bytes = new byte[length];
    in.readFully(bytes);
    return new Frame(type, bytes);
  }

  static String readString(DataInputStream in) throws IOException {
    return new String(readBytes(in), StandardCharsets.UTF_8);
  }

  static byte[] readBytes(DataInputStream in) throws IOException {
    int length = in.readInt();
    if (length < 0 || length > MAX_BYTES) {
      throw new IOException("bad field length");
    }
    byte[] bytes = new byte[length];
    in.readFully(bytes);
    return bytes;
  }
}
