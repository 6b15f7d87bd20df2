package io.github.slicegrep.source;

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

  /**
   * Decodes UTF-8, replacing malformed sequences with U+FFFD and dropping a leading BOM.
   *
   * <p>By the {@link String} constructor, which replaces exactly as a {@code CharsetDecoder} set
   * to {@code REPLACE} does (the JDK tests the two against each other, and so does {@code
   * LinesTest}) but decodes straight into the string: ASCII by one copy, and other text without
   * the decoder's buffers (a tenth of a first question's Java time on rich, whose files hold box
   * drawing and emoji).
   */
  public static String utf8(byte[] bytes) {
    String text = new String(bytes, StandardCharsets.UTF_8);
    return text.startsWith("\uFEFF") ? text.substring(1) : text;
  }
}
