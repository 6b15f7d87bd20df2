package io.github.slicegrep.bench.changes.debian;

import java.io.ByteArrayOutputStream;
import java.nio.charset.Charset;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The change request of one patch: the first line of its DEP-3 {@code Description:} field, or
 * else its {@code Subject:} (a {@code git format-patch} mail header, folded lines joined), with
 * the leading bracketed tags ({@code [PATCH 2/3]}, a backport's {@code [4.2.x]}) removed, since
 * they name the mail or the branch and not the change. A subject a mailer wrote as RFC 2047
 * encoded words ({@code =?UTF-8?q?Fix=20it?=}, as in CPython's relfile-nullptr-dereference.patch)
 * is decoded first.
 */
public final class Dep3 {
  private static final Pattern LEADING_TAGS = Pattern.compile("^(\\s*\\[[^\\]]*\\])+\\s*");
  /**
   * Mail headers folded into a subject by a mangled mail (django's CVE-2024-41989 backport
   * has {@code MIME-Version: 1.0 Content-Type: ...} inside its subject): the subject ends there.
   */
  private static final Pattern EMBEDDED_HEADER = Pattern.compile("\\s+MIME-Version:.*$");
  /** An RFC 2047 encoded word: {@code =?charset?Q-or-B?text?=}. */
  private static final Pattern ENCODED_WORD =
      Pattern.compile("=\\?([^?\\s]+)\\?([QqBb])\\?([^?\\s]*)\\?=");
  /** The white space between two encoded words, which is not part of the text (RFC 2047 6.2). */
  private static final Pattern BETWEEN_WORDS = Pattern.compile("(?<=\\?=)\\s+(?==\\?)");

  private Dep3() {}

  /**
   * The query of a patch whose header (the lines before its diff) is {@code header}, or empty
   * when it has neither field or the field is blank after its tags.
   */
  public static Optional<String> query(List<String> header) {
    Optional<String> description = field(header, "description", false);
    return description.isPresent() ? description : field(header, "subject", true);
  }

  /**
   * The value of the first {@code name:} line (case-insensitive, as DEP-3 allows). Only a mail
   * header's value continues on the lines that start with white space; a DEP-3 description's
   * continuation lines are its long description, not part of the synopsis.
   */
  private static Optional<String> field(List<String> header, String name, boolean folded) {
    String prefix = name + ":";
    for (int i = 0; i < header.size(); i++) {
      String line = header.get(i);
      if (!line.toLowerCase(Locale.ROOT).startsWith(prefix)) {
        continue;
      }
      StringBuilder value = new StringBuilder(line.substring(prefix.length()).strip());
      for (int j = i + 1; folded && j < header.size(); j++) {
        String next = header.get(j);
        if (next.isEmpty() || !Character.isWhitespace(next.charAt(0))) {
          break;
        }
        value.append(' ').append(next.strip());
      }
      String unfolded = decode(EMBEDDED_HEADER.matcher(value).replaceFirst(""));
      String query = LEADING_TAGS.matcher(unfolded).replaceFirst("").strip();
      return query.isEmpty() ? Optional.empty() : Optional.of(query);
    }
    return Optional.empty();
  }

  /** {@code text} with its RFC 2047 encoded words decoded; a word that does not decode stays. */
  static String decode(String text) {
    Matcher m = ENCODED_WORD.matcher(BETWEEN_WORDS.matcher(text).replaceAll(""));
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String word;
      try {
        word = new String(m.group(2).equalsIgnoreCase("b")
            ? Base64.getDecoder().decode(m.group(3)) : quotedPrintable(m.group(3)),
            Charset.forName(m.group(1)));
      } catch (IllegalArgumentException e) {
        // An unknown charset or a malformed word: keep it as it was written.
        word = m.group();
      }
      m.appendReplacement(out, Matcher.quoteReplacement(word));
    }
    return m.appendTail(out).toString();
  }

  /** The bytes of a "Q"-encoded word: {@code _} is a space, {@code =XX} a byte in hex. */
  private static byte[] quotedPrintable(String text) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '=') {
        if (i + 2 >= text.length()) {
          throw new IllegalArgumentException("'=' without two hex digits in " + text);
        }
        // Not hex: NumberFormatException, an IllegalArgumentException too.
        bytes.write(HexFormat.fromHexDigits(text, i + 1, i + 3));
        i += 2;
      } else {
        bytes.write(c == '_' ? ' ' : c);
      }
    }
    return bytes.toByteArray();
  }
}
