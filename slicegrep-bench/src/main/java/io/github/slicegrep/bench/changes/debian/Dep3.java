package io.github.slicegrep.bench.changes.debian;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The change request of one patch: the first line of its DEP-3 {@code Description:} field, or
 * else its {@code Subject:} (a {@code git format-patch} mail header, folded lines joined), with
 * the leading bracketed tags ({@code [PATCH 2/3]}, a backport's {@code [4.2.x]}) removed, since
 * they name the mail or the branch and not the change.
 */
public final class Dep3 {
  private static final Pattern LEADING_TAGS = Pattern.compile("^(\\s*\\[[^\\]]*\\])+\\s*");
  /**
   * Mail headers folded into a subject by a mangled mail (django's CVE-2024-41989 backport
   * has {@code MIME-Version: 1.0 Content-Type: ...} inside its subject): the subject ends there.
   */
  private static final Pattern EMBEDDED_HEADER = Pattern.compile("\\s+MIME-Version:.*$");

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
      String unfolded = EMBEDDED_HEADER.matcher(value).replaceFirst("");
      String query = LEADING_TAGS.matcher(unfolded).replaceFirst("").strip();
      return query.isEmpty() ? Optional.empty() : Optional.of(query);
    }
    return Optional.empty();
  }
}
