package io.github.slicegrep.query;

import com.google.common.collect.ImmutableSet;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import org.tartarus.snowball.ext.EnglishStemmer;

/**
 * Turns a question in plain English into searchable terms: its content words, their Snowball
 * stems, the snake_case and camelCase parts of identifiers it mentions, and compounds of adjacent
 * words ({@code budget packing} also finds {@code budget_packing} and {@code budgetPacking}).
 */
final class PlainEnglish {
  /** Fewer content words than this and the words are searched exactly (expansion measured worse). */
  static final int MIN_CONTENT_WORDS = 3;
  /** Shorter stems match inside too many unrelated words to be worth searching. */
  private static final int MIN_STEM_LENGTH = 4;

  private static final Pattern METACHARACTERS = Pattern.compile("[\\\\^$.|?*+()\\[\\]{}]");
  private static final Pattern WORD = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

  static final ImmutableSet<String> STOPWORDS =
      ImmutableSet.of(
          "a", "about", "above", "after", "again", "all", "also", "am", "an", "and", "any", "are",
          "as", "at", "be", "been", "before", "being", "between", "both", "but", "by", "can",
          "could", "did", "do", "does", "doing", "done", "down", "during", "each", "few", "for",
          "from", "further", "get", "gets", "had", "has", "have", "having", "he", "her", "here",
          "him", "his", "how", "i", "if", "in", "into", "is", "it", "its", "itself", "just",
          "me", "might", "more", "most", "must", "my", "no", "nor", "not", "now", "of", "off",
          "on", "once", "only", "or", "other", "our", "out", "over", "own", "same", "she",
          "should", "so", "some", "such", "than", "that", "the", "their", "them", "then",
          "there", "these", "they", "this", "those", "through", "to", "too", "under", "until",
          "up", "very", "was", "we", "were", "what", "when", "where", "which", "while", "who",
          "whom", "why", "will", "with", "would", "you", "your", "find", "show", "code",
          "happens", "work", "works", "used", "use", "using", "way", "make", "makes", "thing");

  private PlainEnglish() {}

  /** Whether {@code fragment} reads as a question to expand rather than a pattern. */
  static boolean applies(String fragment) {
    return fragment.contains(" ")
        && !METACHARACTERS.matcher(fragment).find()
        && contentWords(fragment).size() >= MIN_CONTENT_WORDS;
  }

  /** Content words in order, as written (case kept so identifiers stay recognisable). */
  static List<String> contentWords(String text) {
    List<String> words = new ArrayList<>();
    var m = WORD.matcher(text);
    while (m.find()) {
      String w = m.group();
      if (w.length() > 1 && !STOPWORDS.contains(w.toLowerCase(Locale.ROOT))) {
        words.add(w);
      }
    }
    return words;
  }

  /**
   * Search terms for a question, most specific first: compounds, then each word (or its stem
   * when the stem is a shorter prefix), then identifier parts.
   */
  static List<String> expand(String question) {
    List<String> words = contentWords(question);
    Set<String> terms = new LinkedHashSet<>();
    for (int i = 0; i + 1 < words.size(); i++) {
      String a = words.get(i).toLowerCase(Locale.ROOT);
      String b = words.get(i + 1).toLowerCase(Locale.ROOT);
      if (!a.contains("_") && !b.contains("_")) {
        terms.add(a + "_?" + b);
      }
    }
    EnglishStemmer stemmer = new EnglishStemmer();
    for (String word : words) {
      String lower = word.toLowerCase(Locale.ROOT);
      stemmer.setCurrent(lower);
      stemmer.stem();
      String stem = stemmer.getCurrent();
      boolean stemIsPrefix = stem.length() >= MIN_STEM_LENGTH && lower.startsWith(stem);
      terms.add(stemIsPrefix ? stem : lower);
      for (String part : Identifiers.parts(word)) {
        if (part.length() >= MIN_STEM_LENGTH) {
          terms.add(part);
        }
      }
    }
    return new ArrayList<>(terms);
  }
}
