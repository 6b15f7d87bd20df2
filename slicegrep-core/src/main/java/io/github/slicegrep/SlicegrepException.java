package io.github.slicegrep;

/**
 * The one exception slicegrep raises for bad input: an empty or unusable pattern, a path that
 * does not exist or cannot be read, a negative budget, an unknown option value.
 *
 * <p>The message is written for a person (or an agent) to act on; front ends print it as is.
 */
public final class SlicegrepException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /**
   * An error with a message for a person to act on.
   *
   * @param message what was wrong, naming the bad value
   */
  public SlicegrepException(String message) {
    super(message);
  }

  /**
   * An error with a message for a person to act on and the failure behind it.
   *
   * @param message what was wrong, naming the bad value
   * @param cause the failure that led to it
   */
  public SlicegrepException(String message, Throwable cause) {
    super(message, cause);
  }

  /**
   * Throws when {@code condition} is false, with a {@link String#format} message.
   *
   * @param condition what must hold
   * @param template the message, with {@code %s} where the arguments go
   * @param args the values the message names
   * @throws SlicegrepException when {@code condition} is false
   */
  public static void check(boolean condition, String template, Object... args) {
    if (!condition) {
      throw new SlicegrepException(String.format(template, args));
    }
  }
}
