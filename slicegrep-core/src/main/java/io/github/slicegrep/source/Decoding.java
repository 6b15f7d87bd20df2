package io.github.slicegrep.source;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/** Byte-level facts about a file: binary sniffing and lenient UTF-8 decoding. */
public final class Decoding {
  /** How much of a file's head is sniffed for NUL bytes (git uses the same 8 KiB). */
  static final int SNIFF_BYTES = 8192;

  private Decoding() {}

  /** True when the first 8 KiB hold a NUL byte: images, archives, class files, UTF-16 text. */
  public static boolean looksBinary(byte[] bytes) {
    int n = Math.min(bytes.length, SNIFF_BYTES);
    for (int i = 0; i < n; i++) {
      if (bytes[i] == 0) {
        return true;
      }
    }
    return false;
  }

  /** Decodes UTF-8, replacing malformed sequences with U+FFFD and dropping a leading BOM. */
  public static String utf8(byte[] bytes) {
    if (isAscii(bytes)) {
      // Most source files are ASCII, which decodes to itself (and cannot hold a BOM): copied
      // as one byte a character, without a decoder's buffer of two-byte characters to compress.
      return new String(bytes, StandardCharsets.ISO_8859_1);
    }
    CharsetDecoder decoder =
        StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPLACE)
            .onUnmappableCharacter(CodingErrorAction.REPLACE);
    String text;
    try {
      text = decoder.decode(ByteBuffer.wrap(bytes)).toString();
    } catch (CharacterCodingException e) {
      // Unreachable with REPLACE actions; keep the contract of never failing on bad bytes.
      text = new String(bytes, StandardCharsets.UTF_8);
    }
    return text.startsWith("\uFEFF") ? text.substring(1) : text;
  }

  private static boolean isAscii(byte[] bytes) {
    for (byte b : bytes) {
      if (b < 0) {
        return false;
      }
    }
    return true;
  }
}
