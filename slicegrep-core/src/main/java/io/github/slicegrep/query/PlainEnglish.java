package io.github.slicegrep.query;

import com.google.common.collect.ImmutableSet;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tartarus.snowball.ext.EnglishStemmer;

/**
 * Turns a question in plain English into searchable terms: its content words, their Snowball
 * stems, the snake_case and camelCase parts of identifiers it mentions, compounds of adjacent
 * words ({@code budget packing} also finds {@code budget_packing} and {@code budgetPacking}), and
 * the short forms code writes words in ({@code temporary directory}: {@code tmpdir}).
 */
final class PlainEnglish {
  /** Fewer content words than this and the words are searched exactly (expansion measured worse). */
  static final int MIN_CONTENT_WORDS = 3;
  /** Shorter stems match inside too many unrelated words to be worth searching. */
  private static final int MIN_STEM_LENGTH = 4;

  /** Short forms of words ({@link Abbreviations}) searched for as lines' text. */
  private static final int MIN_SHORT_FORM = 3;

  private static final Pattern METACHARACTERS = Pattern.compile("[\\\\^$.|?*+()\\[\\]{}]");
  private static final Pattern WORD = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
  /**
   * A name spelled as code inside a sentence: qualified ({@code z.object}, {@code
   * Rack::Builder}, {@code Foo#bar}, {@code p->next}), call-shaped ({@code use()}) or an
   * operator ({@code operator[]}).
   */
  private static final Pattern CODE_NAME =
      Pattern.compile(
          "\\boperator\\s*(?:\\[\\]|\\(\\)|[-+*/%^&|~!=<>]{1,3})"
              + "|[A-Za-z_$][\\w$]*(?:(?:\\.|::|#|->)[A-Za-z_$][\\w$]*){1,32}(?:\\(\\))?"
              + "|[A-Za-z_$][\\w$]*\\(\\)");
  /**
   * A reference to an issue or advisory, not words of the request: {@code gh-113171}, {@code
   * bpo-4321}, {@code CVE-2024-4032}, a tracker's key ({@code LANG-1234}: capitals, a hyphen,
   * three digits or more; not a standard's name such as {@code SHA-256}, {@code ISO-8859} or
   * {@code HTTP-500}). Commit subjects carry them by the handful ("Fix ... (GH-113179)
   * (GH-113186)"), and their letters were searched as words.
   */
  private static final Pattern ISSUE_REFERENCE =
      Pattern.compile("(?i:\\b(?:gh|bpo|cve)-\\d+(?:-\\d+)?\\b)"
          + "|\\b(?!(?:SHA|ISO|UTF|RFC|ECMA|IEEE|ANSI|HTTP|PEP)-)[A-Z][A-Z0-9]+-\\d{3,}\\b");
  /** Sentence punctuation at a word's end: a full stop, comma, colon, question mark. */
  private static final Pattern SENTENCE_PUNCTUATION = Pattern.compile("[.,;:!?]+(?=\\s|$)");

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

  /**
   * Whether {@code fragment} reads as a question to expand rather than a pattern: several
   * words, no regex syntax once the names spelled as code and the sentence's own punctuation
   * are set aside, and at least {@link #MIN_CONTENT_WORDS} content words.
   */
  static boolean applies(String fragment) {
    String prose =
        SENTENCE_PUNCTUATION.matcher(CODE_NAME.matcher(fragment).replaceAll(" ")).replaceAll("");
    return fragment.contains(" ")
        && !METACHARACTERS.matcher(prose).find()
        && contentWords(fragment).size() >= MIN_CONTENT_WORDS;
  }

  /**
   * Content words in order, as written (case kept so identifiers stay recognisable). A name
   * spelled as code gives its identifiers, stopwords or not ({@code use()} is the name {@code
   * use}).
   */
  static List<String> contentWords(String text) {
    text = ISSUE_REFERENCE.matcher(text).replaceAll(" ");
    List<String> words = new ArrayList<>();
    Matcher names = CODE_NAME.matcher(text);
    int at = 0;
    while (names.find()) {
      addWords(text.substring(at, names.start()), words);
      Matcher parts = WORD.matcher(names.group());
      while (parts.find()) {
        if (parts.group().length() > 1) {
          words.add(parts.group());
        }
      }
      at = names.end();
    }
    addWords(text.substring(at), words);
    return words;
  }

  private static void addWords(String prose, List<String> words) {
    Matcher m = WORD.matcher(prose);
    while (m.find()) {
      String w = m.group();
      if (w.length() > 1 && !STOPWORDS.contains(w.toLowerCase(Locale.ROOT))) {
        words.add(w);
      }
    }
  }

  /**
   * The names a sentence spells as code, each as its definition would be named: the last part
   * of a qualified or call-shaped name ({@code z.object} names {@code object}), an operator
   * without spaces ({@code operator[]}).
   */
  static List<String> names(String text) {
    Set<String> out = new LinkedHashSet<>();
    Matcher names = CODE_NAME.matcher(text);
    while (names.find()) {
      String name = names.group();
      if (name.startsWith("operator")) {
        out.add(name.replaceAll("\\s+", ""));
        continue;
      }
      String last = null;
      Matcher parts = WORD.matcher(name);
      while (parts.find()) {
        last = parts.group();
      }
      if (last != null && last.length() > 1) {
        out.add(last);
      }
    }
    return new ArrayList<>(out);
  }

  /**
   * Search terms for a question, most specific first: compounds, then each word (or its stem
   * when the stem is a shorter prefix), then identifier parts.
   */
  static List<String> expand(String question) {
    List<String> words = contentWords(question);
    List<List<String>> forms = new ArrayList<>(words.size());
    for (String word : words) {
      forms.add(Abbreviations.forms(word)); // the word lower case, then its other forms
    }
    Set<String> terms = new LinkedHashSet<>();
    for (int i = 0; i + 1 < words.size(); i++) {
      String a = forms.get(i).get(0);
      String b = forms.get(i + 1).get(0);
      if (!a.contains("_") && !b.contains("_")) {
        terms.add(a + "_?" + b);
        terms.addAll(Abbreviations.compounds(forms.get(i), forms.get(i + 1)));
      }
    }
    EnglishStemmer stemmer = new EnglishStemmer();
    for (int i = 0; i < words.size(); i++) {
      String word = words.get(i);
      String lower = forms.get(i).get(0);
      stemmer.setCurrent(lower);
      stemmer.stem();
      String stem = stemmer.getCurrent();
      boolean stemIsPrefix = stem.length() >= MIN_STEM_LENGTH && lower.startsWith(stem);
      terms.add(stemIsPrefix ? stem : lower);
      for (String shortForm : forms.get(i).subList(1, forms.get(i).size())) {
        if (shortForm.length() >= MIN_SHORT_FORM) {
          terms.add(shortForm); // shorter ones match inside too many words; BM25 counts them
        }
      }
      for (String part : Identifiers.parts(word)) {
        if (part.length() >= MIN_STEM_LENGTH) {
          terms.add(part);
        }
      }
    }
    return new ArrayList<>(terms);
  }
}
