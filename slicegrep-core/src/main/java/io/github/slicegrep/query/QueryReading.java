package io.github.slicegrep.query;

import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A query read once (SPEC 4): the reading a search starts from, and the two it may turn to,
 * made together by {@link QueryParser#read} so that no later stage parses the text again.
 * Immutable.
 */
public final class QueryReading {
  private final Query first;
  private final @Nullable Fragment phrase;
  private final @Nullable Query byWords;
  private final boolean sentence;

  QueryReading(
      Query first, @Nullable Fragment phrase, @Nullable Query byWords, boolean sentence) {
    this.first = first;
    this.phrase = phrase;
    this.byWords = byWords;
    this.sentence = sentence;
  }

  /** The reading a search starts from: exact when the text looks like code, else a question. */
  public Query first() {
    return first;
  }

  /**
   * For a question, its whole text as one literal phrase: where it stands verbatim in the code
   * (an error message, a log line, a remembered comment), its regions are lifted.
   */
  public Optional<Fragment> phrase() {
    return Optional.ofNullable(phrase);
  }

  /**
   * For text read exactly that is not a plain identifier or pattern (a sentence with
   * punctuation, a phrase of two words, a quoted word), its reading by its words: searched
   * when the exact reading matches nothing or only a sliver.
   */
  public Optional<Query> byWords() {
    return Optional.ofNullable(byWords);
  }

  /**
   * Whether the text is a sentence (three content words or more): then an exact reading that
   * finds only a sliver (a line or two) is searched by its words too; a shorter phrase falls
   * back on its words only when its exact reading finds nothing.
   */
  public boolean isSentence() {
    return sentence;
  }

  @Override
  public String toString() {
    return "QueryReading[" + first + (phrase == null ? "" : ", phrase") + (byWords == null ? ""
        : ", by words " + byWords) + "]";
  }
}
