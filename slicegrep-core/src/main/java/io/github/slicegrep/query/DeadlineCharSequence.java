package io.github.slicegrep.query;

/** A string view that stops a regex engine reading it once a deadline has passed. */
final class DeadlineCharSequence implements CharSequence {
  /** Thrown from {@link #charAt} past the deadline; carries no stack trace (it is control flow). */
  static final class Expired extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Expired() {
      super("regex match exceeded its time limit", null, false, false);
    }
  }

  /** Checking the clock on every read would dominate matching; every 1024 reads is plenty. */
  private static final int CLOCK_CHECK_INTERVAL = 1024;

  private final String text;
  private final long deadlineNanos;
  private int reads;

  DeadlineCharSequence(String text, long deadlineNanos) {
    this.text = text;
    this.deadlineNanos = deadlineNanos;
  }

  @Override
  public char charAt(int index) {
    if (++reads % CLOCK_CHECK_INTERVAL == 0 && System.nanoTime() > deadlineNanos) {
      throw new Expired();
    }
    return text.charAt(index);
  }

  @Override
  public int length() {
    return text.length();
  }

  @Override
  public CharSequence subSequence(int start, int end) {
    return new DeadlineCharSequence(text.substring(start, end), deadlineNanos);
  }

  @Override
  public String toString() {
    return text;
  }
}
