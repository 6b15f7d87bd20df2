package io.github.slicegrep.recall;

import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The terms of each identifier met, remembered: code repeats its names endlessly, and
 * splitting, lower-casing and stemming every occurrence again was most of the time a cold
 * question spent analysing files. Owned by a reader, like its other caches; a plain concurrent
 * map that stops growing at {@link #KEPT} names, past which names are analysed each time (only
 * slower). Thread-safe.
 */
public final class TermCache implements Function<String, String[]> {
  /** Distinct identifiers whose terms are kept (a large project has tens of thousands). */
  static final int KEPT = 200_000;

  private final ConcurrentHashMap<String, String[]> terms = new ConcurrentHashMap<>();

  /** The terms of {@code identifier}, as {@link Terms} analyses it. */
  @Override
  public String[] apply(String identifier) {
    String[] known = terms.get(identifier);
    if (known == null) {
      known = Terms.termsOf(identifier);
      if (terms.size() < KEPT) {
        terms.put(identifier, known);
      }
    }
    return known;
  }
}
