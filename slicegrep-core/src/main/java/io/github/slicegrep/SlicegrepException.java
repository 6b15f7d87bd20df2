package io.github.slicegrep;

/**
 * The one exception slicegrep raises for bad input: an empty or unusable pattern, a path that
 * does not exist or cannot be read, a negative budget, an unknown option value.
 *
 * <p>The message is written for a person (or an agent) to act on; front ends print it as is.
 */
public final class SlicegrepException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public SlicegrepException(String message) {
    super(message);
  }

  public SlicegrepException(String message, Throwable cause) {
    super(message, cause);
  }

  /** Throws when {@code condition} is false, with a {@link String#format} message. */
  public static void check(boolean condition, String template, Object... args) {
    if (!condition) {
      throw new SlicegrepException(String.format(template, args));
    }
  }
}
