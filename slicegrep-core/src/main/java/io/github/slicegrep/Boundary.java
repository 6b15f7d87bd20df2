package io.github.slicegrep;

import java.util.Locale;

/** How a matched line grows into a slice. */
public enum Boundary {
  /**
   * A context window around the match; when the smallest enclosing definition is no longer than
   * the window, the whole definition is taken instead of an arbitrary cut through it.
   */
  AUTO,
  /** The smallest enclosing function, method or class, whole; the context window at top level. */
  FN,
  /** Exactly the context window, no adjustment. */
  NONE;

  /** Parses {@code auto}, {@code fn} or {@code none}, case-insensitively. */
  public static Boundary parse(String text) {
    for (Boundary b : values()) {
      if (b.name().equalsIgnoreCase(text.trim())) {
        return b;
      }
    }
    throw new SlicegrepException(
        String.format("unknown boundary '%s' (expected auto, fn or none)", text));
  }

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
