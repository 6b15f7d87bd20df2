package io.github.slicegrep.hook;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;

/**
 * The hook's knobs, read from environment variables. A value that does not parse falls back to
 * its default: a typo in a shell profile must not switch the hook into a strange mode, let alone
 * break Reads.
 *
 * @param disabled {@code SLICEGREP_HOOK_DISABLE=1}: every Read passes through
 * @param debug {@code SLICEGREP_HOOK_DEBUG=1}: say on stderr why a Read passed through after an
 *     error or a timeout (Claude Code shows a hook's stderr only in its debug output)
 * @param minTokens {@code SLICEGREP_HOOK_MIN_TOKENS}: smaller files pass through
 * @param budget {@code SLICEGREP_HOOK_BUDGET}: the first slice budget in tokens
 * @param minCoverage {@code SLICEGREP_HOOK_MIN_COVERAGE}: below it the budget doubles
 * @param maxBudget {@code SLICEGREP_HOOK_MAX_BUDGET}: the budget never grows past it
 * @param timeout {@code SLICEGREP_HOOK_TIMEOUT}: the whole run's bound ({@code 5}, {@code 5s},
 *     {@code 800ms})
 * @param maxFileBytes {@code SLICEGREP_HOOK_MAX_FILE_BYTES}: larger files pass through
 * @param transcriptTailBytes {@code SLICEGREP_HOOK_TRANSCRIPT_KB} (in KiB): how much of the
 *     transcript's end is mined for focus terms
 * @param stateDir {@code SLICEGREP_HOOK_STATE_DIR}, else {@code $XDG_STATE_HOME/slicegrep-hook},
 *     else a folder under the system temp dir: where per-session state lives
 */
public record HookSettings(
    boolean disabled,
    boolean debug,
    int minTokens,
    int budget,
    double minCoverage,
    int maxBudget,
    Duration timeout,
    long maxFileBytes,
    int transcriptTailBytes,
    Path stateDir) {

  /** Files under this many tokens pass through: reading them whole is cheap. */
  public static final int DEFAULT_MIN_TOKENS = 2000;
  /** The first slice budget in tokens. */
  public static final int DEFAULT_BUDGET = 1200;
  /** Below this coverage of the matching code the budget doubles. */
  public static final double DEFAULT_MIN_COVERAGE = 0.55;
  /** The budget never doubles past this. */
  public static final int DEFAULT_MAX_BUDGET = 4000;
  /** The whole run's bound, JVM start-up included. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(5);
  /** Same cap as a directory search: larger files are data or bundles, not code to slice. */
  public static final long DEFAULT_MAX_FILE_BYTES = 2L * 1024 * 1024;
  /** 256 KiB of transcript holds the last several turns even when tool output is bulky. */
  public static final int DEFAULT_TRANSCRIPT_KB = 256;

  /**
   * The settings from this process's environment.
   *
   * @return the settings, defaults where a variable is missing or unusable
   */
  public static HookSettings fromEnvironment() {
    return from(System.getenv());
  }

  /**
   * The settings from {@code env}; missing or unusable values take their defaults.
   *
   * @param env environment variables by name
   * @return the settings
   */
  public static HookSettings from(Map<String, String> env) {
    int budget = positiveInt(env, "SLICEGREP_HOOK_BUDGET", DEFAULT_BUDGET);
    int maxBudget = Math.max(budget, positiveInt(env, "SLICEGREP_HOOK_MAX_BUDGET", DEFAULT_MAX_BUDGET));
    double coverage = fraction(env.get("SLICEGREP_HOOK_MIN_COVERAGE"), DEFAULT_MIN_COVERAGE);
    return new HookSettings(
        "1".equals(trim(env.get("SLICEGREP_HOOK_DISABLE"))),
        "1".equals(trim(env.get("SLICEGREP_HOOK_DEBUG"))),
        positiveInt(env, "SLICEGREP_HOOK_MIN_TOKENS", DEFAULT_MIN_TOKENS),
        budget,
        coverage,
        maxBudget,
        duration(env.get("SLICEGREP_HOOK_TIMEOUT"), DEFAULT_TIMEOUT),
        positiveInt(env, "SLICEGREP_HOOK_MAX_FILE_BYTES", (int) DEFAULT_MAX_FILE_BYTES),
        positiveInt(env, "SLICEGREP_HOOK_TRANSCRIPT_KB", DEFAULT_TRANSCRIPT_KB) * 1024,
        stateDir(env));
  }

  /**
   * These settings with another timeout.
   *
   * @param newTimeout the bound on the whole run
   * @return a copy with the timeout changed
   */
  public HookSettings withTimeout(Duration newTimeout) {
    return new HookSettings(
        disabled, debug, minTokens, budget, minCoverage, maxBudget, newTimeout, maxFileBytes,
        transcriptTailBytes, stateDir);
  }

  private static Path stateDir(Map<String, String> env) {
    String explicit = trim(env.get("SLICEGREP_HOOK_STATE_DIR"));
    if (!explicit.isEmpty()) {
      return Path.of(explicit);
    }
    String xdg = trim(env.get("XDG_STATE_HOME"));
    if (!xdg.isEmpty()) {
      return Path.of(xdg, "slicegrep-hook");
    }
    String user = System.getProperty("user.name", "user").replaceAll("[^A-Za-z0-9._-]", "_");
    return Path.of(System.getProperty("java.io.tmpdir"), "slicegrep-hook-" + user);
  }

  private static String trim(String s) {
    return s == null ? "" : s.strip();
  }

  private static int positiveInt(Map<String, String> env, String name, int fallback) {
    try {
      int v = Integer.parseInt(trim(env.get(name)));
      return v > 0 ? v : fallback;
    } catch (NumberFormatException e) {
      return fallback;
    }
  }

  private static double fraction(String raw, double fallback) {
    try {
      double v = Double.parseDouble(trim(raw));
      return v >= 0 && v <= 1 ? v : fallback;
    } catch (NumberFormatException e) {
      return fallback;
    }
  }

  /** Seconds as a plain number ({@code 5}, {@code 2.5}) or with a unit ({@code 5s}, {@code 800ms}). */
  static Duration duration(String raw, Duration fallback) {
    String s = trim(raw).toLowerCase(Locale.ROOT);
    double millisPerUnit = 1000;
    if (s.endsWith("ms")) {
      s = s.substring(0, s.length() - 2).strip();
      millisPerUnit = 1;
    } else if (s.endsWith("s")) {
      s = s.substring(0, s.length() - 1).strip();
    }
    try {
      double v = Double.parseDouble(s);
      long millis = Math.round(v * millisPerUnit);
      return v > 0 && millis > 0 && Double.isFinite(v) ? Duration.ofMillis(millis) : fallback;
    } catch (NumberFormatException e) {
      return fallback;
    }
  }
}
