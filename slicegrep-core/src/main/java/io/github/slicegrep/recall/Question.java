package io.github.slicegrep.recall;

import com.google.common.collect.ImmutableMap;
import com.google.common.collect.Maps;
import io.github.slicegrep.query.Abbreviations;
import io.github.slicegrep.query.Identifiers;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A question's terms and their weights: every content word's stem (and its subwords' stems when
 * it is an identifier), every content word whole, and every pair of adjacent words as the one
 * identifier they may spell ({@code budget packing} is {@code =budgetpacking}). Whole terms
 * weigh {@link #WHOLE_WEIGHT} against a stem's 1, so a name matched exactly outranks a name that
 * merely contains the word.
 */
public final class Question {
  /** Weight of a whole-identifier term relative to a stem. */
  static final double WHOLE_WEIGHT = 1.0;
  /** Weight of the whole term of a name the question spells as code. */
  static final double NAME_WEIGHT = 2.0;

  private final ImmutableMap<String, Double> weights;
  private final ImmutableMap<String, Set<String>> alternatives;

  private Question(Map<String, Double> weights, Map<String, Set<String>> alternatives) {
    this.weights = ImmutableMap.copyOf(weights);
    this.alternatives = ImmutableMap.copyOf(Maps.transformValues(alternatives, Set::copyOf));
  }

  /** The terms of a question given by its content words, in order. */
  public static Question of(List<String> contentWords) {
    return of(contentWords, Set.of());
  }

  /**
   * The terms of a question given by its content words, in order, and the names it spells as
   * code ({@code z.object}, {@code Rack::Builder}, {@code parseArgs}): their whole terms weigh
   * {@link #NAME_WEIGHT}, above any plain word.
   */
  public static Question of(List<String> contentWords, Set<String> names) {
    Map<String, Double> weights = new LinkedHashMap<>();
    for (String name : names) {
      if (Terms.normalise(name).length() >= Terms.MIN_PART) {
        weights.put(Terms.whole(name), NAME_WEIGHT);
      }
    }
    for (String word : contentWords) {
      weights.merge(Terms.whole(word), WHOLE_WEIGHT, Math::max);
      List<String> parts = Identifiers.parts(word);
      if (parts.isEmpty()) {
        weights.merge(Terms.stem(Terms.normalise(word)), 1.0, Math::max);
      }
      for (String part : parts) {
        if (part.length() >= Terms.MIN_PART) {
          weights.merge(Terms.stem(part.toLowerCase(Locale.ROOT)), 1.0, Math::max);
        }
      }
    }
    Map<String, Set<String>> alternatives = new LinkedHashMap<>();
    List<List<String>> forms = new ArrayList<>(contentWords.size());
    for (String word : contentWords) {
      List<String> wordForms = Abbreviations.forms(word); // the word, then its other forms
      forms.add(wordForms);
      String stem = Terms.stem(Terms.normalise(word));
      for (String shortForm : wordForms.subList(1, wordForms.size())) {
        alternative(alternatives, stem, Terms.stem(shortForm));
      }
    }
    for (int i = 0; i + 1 < contentWords.size(); i++) {
      String compound = Terms.whole(contentWords.get(i), contentWords.get(i + 1));
      weights.merge(compound, WHOLE_WEIGHT, Math::max);
      for (String shortened : Abbreviations.compounds(forms.get(i), forms.get(i + 1))) {
        alternative(alternatives, compound, Terms.whole(shortened));
        alternative(alternatives, compound, Terms.stem(shortened)); // a part: `uv_os_tmpdir`
      }
    }
    alternatives.keySet().retainAll(weights.keySet());
    return new Question(weights, alternatives);
  }

  private static void alternative(Map<String, Set<String>> to, String term, String other) {
    if (!other.equals(term)) {
      to.computeIfAbsent(term, t -> new LinkedHashSet<>()).add(other);
    }
  }

  /**
   * For a term, the other spellings code writes it in ({@code dir} for "directory", {@code
   * tmpdir} for "temporary directory"), counted as the term itself: an occurrence of either is
   * one of the term's, and they share one idf, so a short form adds the code's vocabulary
   * without weighing the word twice.
   */
  public Map<String, Set<String>> alternatives() {
    return alternatives;
  }

  /** Each term with its weight, in the question's order. */
  public Map<String, Double> weights() {
    return weights;
  }
}
