package io.github.slicegrep.query;

import com.google.re2j.Pattern;
import java.util.concurrent.TimeUnit;

/** Finds a fragment in one line. Implementations are immutable and thread-safe. */
interface LineMatcher {
  boolean find(String line);

  static LineMatcher literal(String text) {
    java.util.regex.Pattern p =
        java.util.regex.Pattern.compile(
            text,
            java.util.regex.Pattern.LITERAL
                | java.util.regex.Pattern.CASE_INSENSITIVE
                | java.util.regex.Pattern.UNICODE_CASE);
    return line -> p.matcher(line).find();
  }

  static LineMatcher re2(Pattern pattern) {
    return line -> pattern.matcher(line).find();
  }

  /**
   * A backtracking regex whose every match is bounded in time: the input is wrapped so that
   * reading a character past the deadline aborts the match, which then counts as no match.
   */
  static LineMatcher withDeadline(java.util.regex.Pattern pattern, long perLineMillis) {
    long budgetNanos = TimeUnit.MILLISECONDS.toNanos(perLineMillis);
    return line -> {
      try {
        return pattern.matcher(new DeadlineCharSequence(line, System.nanoTime() + budgetNanos))
            .find();
      } catch (DeadlineCharSequence.Expired e) {
        return false;
      }
    };
  }
}
