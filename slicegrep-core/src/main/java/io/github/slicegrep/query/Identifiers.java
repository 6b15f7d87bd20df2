package io.github.slicegrep.query;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Splitting identifiers into their words: snake_case, kebab-case, camelCase and acronyms. */
public final class Identifiers {
  private Identifiers() {}

  /**
   * The lower-cased parts of an identifier when it has two or more ({@code getHTTPResponse} ->
   * get, http, response); an empty list for a one-part word.
   */
  public static List<String> parts(String identifier) {
    List<String> parts = new ArrayList<>();
    int n = identifier.length();
    int start = -1;
    for (int i = 0; i < n; i++) {
      char c = identifier.charAt(i);
      if (!Character.isLetterOrDigit(c)) {
        if (start >= 0) {
          parts.add(identifier.substring(start, i));
          start = -1;
        }
        continue;
      }
      if (start < 0) {
        start = i;
        continue;
      }
      char prev = identifier.charAt(i - 1);
      boolean lowerToUpper = Character.isUpperCase(c) && Character.isLowerCase(prev);
      boolean acronymEnd =
          Character.isUpperCase(c) && Character.isUpperCase(prev) && i + 1 < n
              && Character.isLowerCase(identifier.charAt(i + 1));
      if (lowerToUpper || acronymEnd) {
        parts.add(identifier.substring(start, i));
        start = i;
      }
    }
    if (start >= 0) {
      parts.add(identifier.substring(start));
    }
    if (parts.size() < 2) {
      return List.of();
    }
    parts.replaceAll(p -> p.toLowerCase(Locale.ROOT));
    return parts;
  }

  /** Whether {@code word} looks like code rather than English: inner capital, underscore. */
  public static boolean looksLikeCode(String word) {
    if (word.contains("_")) {
      return true;
    }
    for (int i = 1; i < word.length(); i++) {
      if (Character.isUpperCase(word.charAt(i))) {
        return true;
      }
    }
    return false;
  }
}
