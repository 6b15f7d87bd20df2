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

  /**
   * Parses a mode name as the CLI and the MCP tool take it.
   *
   * @param text {@code auto}, {@code fn} or {@code none}, in any case, surrounding blanks ignored
   * @return the mode
   * @throws SlicegrepException for any other text, naming it and the accepted ones
   */
  public static Boundary parse(String text) {
    for (Boundary b : values()) {
      if (b.name().equalsIgnoreCase(text.trim())) {
        return b;
      }
    }
    throw new SlicegrepException(
        String.format("unknown boundary '%s' (expected auto, fn or none)", text));
  }

  /**
   * The mode's name as it is written on the command line.
   *
   * @return {@code auto}, {@code fn} or {@code none}
   */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
