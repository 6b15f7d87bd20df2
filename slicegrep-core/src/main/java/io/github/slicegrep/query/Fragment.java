package io.github.slicegrep.query;

/**
 * One alternative of a query, compiled. Matching is case-insensitive and never runs away: regular
 * expressions go to a linear-time engine, and the few features only a backtracking engine has
 * (lookaround, backreferences) run under a deadline.
 */
public final class Fragment {
  /** How the fragment is matched. */
  public enum Kind {
    /** Plain text, matched case-insensitively. */
    LITERAL,
    /** A regular expression run by RE2/J in linear time. */
    REGEX,
    /** A regular expression needing lookaround or backreferences, run under a deadline. */
    BACKTRACKING_REGEX
  }

  private final String text;
  private final Kind kind;
  private final LineMatcher matcher;
  private final boolean degraded;

  Fragment(String text, Kind kind, LineMatcher matcher, boolean degraded) {
    this.text = text;
    this.kind = kind;
    this.matcher = matcher;
    this.degraded = degraded;
  }

  /** The fragment as the user wrote it (after splitting and trimming). */
  public String text() {
    return text;
  }

  public Kind kind() {
    return kind;
  }

  /**
   * Whether this fragment was meant as a regular expression but is searched as a literal,
   * because it does not compile or would backtrack catastrophically.
   */
  public boolean degradedToLiteral() {
    return degraded;
  }

  /** Whether the fragment occurs in {@code line}. */
  public boolean matches(String line) {
    return matcher.find(line);
  }

  @Override
  public String toString() {
    return text + " (" + kind + (degraded ? ", degraded" : "") + ")";
  }
}
