package io.github.slicegrep;

import io.github.slicegrep.source.Decoding;
import io.github.slicegrep.source.Language;
import io.github.slicegrep.source.Lines;
import io.github.slicegrep.source.Tokens;
import java.util.List;

/**
 * How slicegrep sees a file before searching it, for hosts that decide whether a file is worth
 * a search at all (the Claude Code hook): which names are code, binary sniffing, decoding,
 * lines as an editor and the Read tool number them, and the token estimate every budget is
 * charged by. The same rules a search applies, so a host and the search never disagree.
 */
public final class TextFiles {
  /** Characters per token of {@link #estimateTokens}: about cl100k's on code. */
  public static final int CHARS_PER_TOKEN = Tokens.CHARS_PER_TOKEN;

  private TextFiles() {}

  /**
   * Whether a file of this name is source code (a language slicegrep knows, by extension or
   * well-known name), not prose, data or configuration.
   *
   * @param fileName the file's name, without directories
   * @return true for code
   */
  public static boolean isCode(String fileName) {
    return Language.of(fileName).isCode();
  }

  /**
   * Whether the bytes look binary: a NUL byte in the first 8 KiB (images, archives, class
   * files, UTF-16 text), as a search skips them.
   *
   * @param bytes the file's bytes, or its head
   * @return true when binary
   */
  public static boolean looksBinary(byte[] bytes) {
    return Decoding.looksBinary(bytes);
  }

  /**
   * Decodes UTF-8 as a search does: malformed sequences become U+FFFD, a leading byte order
   * mark is dropped; never fails.
   *
   * @param bytes the file's bytes
   * @return the text
   */
  public static String decode(byte[] bytes) {
    return Decoding.utf8(bytes);
  }

  /**
   * The lines of {@code text} as editors and the Read tool count them: split on {@code \n},
   * {@code \r\n} and a lone {@code \r}; a trailing line break adds no empty line.
   *
   * @param text decoded text
   * @return the lines, without their terminators
   */
  public static List<String> lines(String text) {
    return Lines.split(text);
  }

  /**
   * The token estimate a budget is charged by: characters divided by
   * {@link #CHARS_PER_TOKEN}, rounded up.
   *
   * @param text any text
   * @return the estimated tokens
   */
  public static int estimateTokens(CharSequence text) {
    return Tokens.estimate(text);
  }
}
