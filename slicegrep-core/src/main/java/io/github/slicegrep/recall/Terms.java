package io.github.slicegrep.recall;

import io.github.slicegrep.query.Identifiers;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Function;
import org.tartarus.snowball.ext.EnglishStemmer;

/**
 * The analysis shared by code and questions, so that both sides meet on the same terms. Every
 * identifier gives one <em>whole</em> term (lower case, without {@code _} or {@code $}, so {@code
 * budget_packing}, {@code budgetPacking} and the question's compound {@code budget packing} all
 * read {@code =budgetpacking}) and one <em>stem</em> term per subword ({@code getHTTPResponse}
 * gives {@code get}, {@code http}, {@code respons}). Whole terms carry a leading {@code =} so the
 * two kinds share one string space without colliding. A one-word identifier gives both kinds, so
 * a question word that names an identifier exactly outweighs one that is only part of a longer
 * name.
 */
public final class Terms {
  /** Prefix of whole-identifier terms. */
  static final char WHOLE = '=';
  /** Parts shorter than this ({@code i}, {@code x}) say nothing about the topic. */
  static final int MIN_PART = 2;
  /** Longest token looked at: longer runs are data (hashes, base64), not names. */
  static final int MAX_TOKEN = 64;

  private Terms() {}

  /** Feeds every term of {@code text} to {@code sink}, in order. */
  public static void analyse(CharSequence text, Consumer<String> sink) {
    analyse(text, Terms::termsOf, sink);
  }

  /**
   * Like {@link #analyse(CharSequence, Consumer)}, with each identifier's terms from {@code
   * identifierTerms} (a {@link TermCache} that remembers them).
   */
  static void analyse(
      CharSequence text, Function<String, String[]> identifierTerms, Consumer<String> sink) {
    identifiers(
        text.toString(),
        (line, start, end, hash) -> {
          for (String term : identifierTerms.apply(line.substring(start, end))) {
            sink.accept(term);
          }
        });
  }

  /** Receives the identifiers of a text, one at a time. */
  interface IdentifierSink {
    /**
     * The identifier {@code text[start, end)}, with the {@link String#hashCode} of its
     * characters (worked out while reading them, so that a table can look it up unmade).
     */
    void accept(String text, int start, int end, int hash);
  }

  /**
   * Feeds every identifier of {@code text} to {@code sink}, in order: each run of letters,
   * digits, {@code _} and {@code $} that starts with other than a digit, unless it is longer
   * than {@link #MAX_TOKEN}.
   */
  static void identifiers(String text, IdentifierSink sink) {
    int n = text.length();
    int i = 0;
    while (i < n) {
      char c = text.charAt(i);
      if (!isStart(c)) {
        i++;
        continue;
      }
      int start = i;
      int hash = 0;
      while (i < n && isPart(c = text.charAt(i))) {
        hash = 31 * hash + c;
        i++;
      }
      if (i - start <= MAX_TOKEN) {
        sink.accept(text, start, i, hash);
      }
    }
  }

  /** The terms of one identifier or word: its whole term, then its subwords' stems. */
  static String[] termsOf(String token) {
    if (isLowerWord(token)) {
      // Most names in code are one lower-case word (self, return, value): already normal, and
      // one part, so the general path below would copy the word and find no parts.
      return token.length() < MIN_PART ? new String[0] : new String[] {WHOLE + token, stem(token)};
    }
    String whole = normalise(token);
    if (whole.length() < MIN_PART) {
      return new String[0];
    }
    List<String> terms = new ArrayList<>();
    terms.add(WHOLE + whole);
    List<String> parts = Identifiers.parts(token);
    if (parts.isEmpty()) {
      terms.add(stem(whole));
    }
    for (String part : parts) {
      if (part.length() >= MIN_PART && !isNumber(part)) {
        terms.add(stem(part));
      }
    }
    return terms.toArray(String[]::new);
  }

  /**
   * The word stems of one identifier or word, as a question's words are stemmed: its subwords'
   * stems, or its own stem when it has no subwords; parts shorter than {@link #MIN_PART} and
   * numbers are left out. Immutable, and shared: the answers are kept for the process.
   */
  public static List<String> stems(String token) {
    List<String> known = STEMS_OF_NAMES.get(token);
    if (known != null) {
      return known;
    }
    List<String> out = new ArrayList<>();
    List<String> parts = Identifiers.parts(token);
    if (parts.isEmpty()) {
      String whole = normalise(token);
      if (whole.length() >= MIN_PART) {
        out.add(stem(whole));
      }
    }
    for (String part : parts) {
      if (part.length() >= MIN_PART && !isNumber(part)) {
        out.add(stem(part.toLowerCase(java.util.Locale.ROOT)));
      }
    }
    List<String> stems = List.copyOf(out);
    keep(STEMS_OF_NAMES, token, stems);
    return stems;
  }

  /** The whole term of an identifier or of adjacent question words joined. */
  static String whole(String... words) {
    StringBuilder sb = new StringBuilder().append(WHOLE);
    for (String w : words) {
      sb.append(normalise(w));
    }
    return sb.toString();
  }

  static boolean isWhole(String term) {
    return !term.isEmpty() && term.charAt(0) == WHOLE;
  }

  /** Lower case, separators dropped: the form in which spellings of one name agree. */
  static String normalise(String token) {
    char[] out = new char[token.length()];
    int n = 0;
    for (int i = 0; i < token.length(); i++) {
      char c = token.charAt(i);
      if (c >= 'A' && c <= 'Z') {
        out[n++] = (char) (c + ('a' - 'A')); // what Character.toLowerCase gives, without a lookup
      } else if (c >= 128) {
        out[n++] = Character.toLowerCase(c);
      } else if (c != '_' && c != '$') {
        out[n++] = c;
      }
    }
    return new String(out, 0, n);
  }

  /**
   * Words whose stems are kept. A search stems the names of the files and definitions it ranks
   * afresh (file evidence), and the stemmer was an eighth of a warm question on rich; words
   * repeat across searches, and a pure function's answers can be shared by every reader. Past
   * this many words, new ones are stemmed each time (only slower).
   */
  static final int STEMS_KEPT = 100_000;

  private static final ConcurrentHashMap<String, String> STEMS = new ConcurrentHashMap<>();

  /**
   * The stems of names ({@link #stems}), kept as {@link #STEMS} is: every question ranks the
   * names of the definitions and files it meets, and splitting them again was most of the file
   * evidence's time on a warm question.
   */
  private static final ConcurrentHashMap<String, List<String>> STEMS_OF_NAMES =
      new ConcurrentHashMap<>();

  /** The Snowball (Porter 2) stem of a lower-case word. */
  static String stem(String lower) {
    String known = STEMS.get(lower);
    if (known != null) {
      return known;
    }
    EnglishStemmer stemmer = new EnglishStemmer();
    stemmer.setCurrent(lower);
    stemmer.stem();
    String stem = stemmer.getCurrent();
    keep(STEMS, lower, stem);
    return stem;
  }

  /** Keeps {@code value} for {@code key} while {@code kept} holds fewer than {@link #STEMS_KEPT}. */
  private static <V> void keep(ConcurrentHashMap<String, V> kept, String key, V value) {
    if (kept.size() < STEMS_KEPT) {
      kept.put(key, value);
    }
  }

  /** Whether {@code s} is ASCII lower-case letters and digits only. */
  private static boolean isLowerWord(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if ((c < 'a' || c > 'z') && (c < '0' || c > '9')) {
        return false;
      }
    }
    return true;
  }

  private static boolean isNumber(String s) {
    for (int i = 0; i < s.length(); i++) {
      if (!Character.isDigit(s.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  /** ASCII characters that may start an identifier, looked up instead of classified. */
  private static final boolean[] ASCII_START = new boolean[128];
  /** ASCII characters that may continue one. */
  private static final boolean[] ASCII_PART = new boolean[128];

  static {
    for (char c = 0; c < 128; c++) {
      ASCII_START[c] = Character.isLetter(c) || c == '_' || c == '$';
      ASCII_PART[c] = Character.isLetterOrDigit(c) || c == '_' || c == '$';
    }
  }

  private static boolean isStart(char c) {
    return c < 128 ? ASCII_START[c] : Character.isLetter(c);
  }

  private static boolean isPart(char c) {
    return c < 128 ? ASCII_PART[c] : Character.isLetterOrDigit(c);
  }
}
