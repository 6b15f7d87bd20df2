package io.github.slicegrep.query;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * A parsed query: the fragments to search for, the symbols it names (for the definition signal
 * and the guarantees), and how it was read.
 */
public final class Query {
  private static final Pattern QUALIFIED =
      Pattern.compile("[A-Za-z_$][\\w$]*(?:(?:\\.|::|#)[A-Za-z_$][\\w$]*){1,32}");

  private final String text;
  private final ImmutableList<Fragment> fragments;
  private final ImmutableSet<String> symbols;
  private final ImmutableMap<String, String> qualified;
  private final ImmutableSet<String> definitionTargets;
  private final ImmutableList<String> questionWords;
  private final boolean asksForTests;
  private final Reading reading;
  /** The index of the fragment whose regions are lifted (a verbatim phrase), or -1. */
  private final int lifted;

  /**
   * How a query is answered. Precise queries (identifiers, patterns, messages, one or two words)
   * rank the regions their fragments match; vague ones (questions in plain English) keep the
   * guarantees and rank everything else by BM25 recall over definition blocks.
   */
  public enum Route {
    PRECISE,
    VAGUE
  }

  /** How the text was read, as the result reports it ({@code read_as}). */
  public enum Reading {
    /** As written: identifiers, patterns, alternatives, a phrase of one or two words. */
    EXACT("exact"),
    /** A plain-English question, by its words, stems and compounds. */
    QUESTION("question"),
    /**
     * A question that also stands verbatim in the code: ranked by its words, with the regions
     * that hold the phrase lifted.
     */
    QUOTATION("quotation"),
    /**
     * Text whose exact reading matched nothing, or only a sliver, ranked by its words instead
     * (the sliver's regions lifted).
     */
    WORDS("words");

    private final String label;

    Reading(String label) {
      this.label = label;
    }

    /** The name the result uses. */
    public String label() {
      return label;
    }
  }

  Query(
      String text, List<Fragment> fragments, Set<String> symbols, Map<String, String> qualified,
      Set<String> definitionTargets, List<String> questionWords, boolean asksForTests,
      Reading reading) {
    this(text, fragments, symbols, qualified, definitionTargets, questionWords, asksForTests,
        reading, -1);
  }

  private Query(
      String text, List<Fragment> fragments, Set<String> symbols, Map<String, String> qualified,
      Set<String> definitionTargets, List<String> questionWords, boolean asksForTests,
      Reading reading, int lifted) {
    this.lifted = lifted;
    this.text = text;
    this.fragments = ImmutableList.copyOf(fragments);
    this.symbols = ImmutableSet.copyOf(symbols);
    this.qualified = ImmutableMap.copyOf(qualified);
    this.definitionTargets = ImmutableSet.copyOf(definitionTargets);
    this.questionWords = ImmutableList.copyOf(questionWords);
    this.asksForTests = asksForTests;
    this.reading = reading;
  }

  /** How the text was read. */
  public Reading reading() {
    return reading;
  }

  /**
   * This reading with {@code phrase} searched too, as one more fragment whose regions are
   * lifted above those holding only the words: a verbatim phrase ranks first without hiding
   * every other answer.
   *
   * @param phrase the phrase, as the exact reading compiled it
   * @param as how the result says the query was read
   */
  public Query lifting(Fragment phrase, Reading as) {
    List<Fragment> withPhrase =
        ImmutableList.<Fragment>builder().addAll(fragments).add(phrase).build();
    return new Query(
        text, withPhrase, symbols, qualified, definitionTargets, questionWords, asksForTests, as,
        fragments.size());
  }

  /** The index of the fragment whose regions are lifted, or -1 when none is. */
  public int liftedFragment() {
    return lifted;
  }

  /** The query as given. */
  public String text() {
    return text;
  }

  public List<Fragment> fragments() {
    return fragments;
  }

  /** The fragments' texts, in order. */
  public List<String> fragmentTexts() {
    return fragments.stream().map(Fragment::text).toList();
  }

  /**
   * Identifiers the query names as the thing it looks for: {@code Scorer} in {@code class
   * Scorer}, {@code score} in {@code def score}, a bare {@code FocusedRead}.
   */
  public Set<String> symbols() {
    return symbols;
  }

  /**
   * {@code text} as a qualified name with its parts joined by dots ({@code QuerySet.reverse},
   * {@code Foo::bar} as {@code Foo.bar}, an escaped {@code a\.b} as {@code a.b}, a call
   * {@code Foo.bar()} as {@code Foo.bar}) when it is one identifier path of two parts or more,
   * else null.
   */
  public static @Nullable String qualifiedPath(String text) {
    String name = withoutCallParentheses(text).replace("\\.", ".");
    if (!QUALIFIED.matcher(name).matches()) {
      return null;
    }
    return name.replace("::", ".").replace('#', '.');
  }

  /** {@code render()} as {@code render}: a name typed as a call (escaped or not) is the name. */
  static String withoutCallParentheses(String text) {
    String t = text.strip();
    if (t.endsWith("()")) {
      return t.substring(0, t.length() - 2).strip();
    }
    if (t.endsWith("\\(\\)") || t.endsWith("(\\)")) {
      return t.substring(0, t.lastIndexOf('(') - (t.endsWith("\\(\\)") ? 1 : 0)).strip();
    }
    return t;
  }

  /**
   * The symbols typed with what encloses them ({@code QuerySet.reverse}, {@code Foo::bar},
   * {@code Foo#bar}), each with that qualified name, its parts joined by dots as {@link
   * io.github.slicegrep.outline.Definition#qualifiedName()} joins them: only a definition so
   * enclosed is the one asked for.
   */
  public Map<String, String> qualified() {
    return qualified;
  }

  /**
   * The symbols whose definition the query clearly asks for; when none is found, that is
   * reported as negative evidence.
   */
  public Set<String> definitionTargets() {
    return definitionTargets;
  }

  /** Whether this was a plain-English question expanded into words, stems and compounds. */
  public boolean isPlainEnglish() {
    return !questionWords.isEmpty();
  }

  /** The route: {@link Route#VAGUE} for a plain-English question, else precise. */
  public Route route() {
    return isPlainEnglish() ? Route.VAGUE : Route.PRECISE;
  }

  /** A question's content words in order (stopwords dropped); empty for a precise query. */
  public List<String> questionWords() {
    return questionWords;
  }

  /** Whether the query itself is about tests (then test files are not demoted). */
  public boolean asksForTests() {
    return asksForTests;
  }

  @Override
  public String toString() {
    return "Query" + fragmentTexts();
  }
}
