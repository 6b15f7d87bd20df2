package io.github.slicegrep.solr;

import io.github.slicegrep.query.Fragment;
import io.github.slicegrep.query.Query;
import io.github.slicegrep.query.QueryReading;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.solr.client.solrj.util.ClientUtils;

/**
 * The Solr query that picks a search's candidate files, from every reading the pipeline may turn
 * to (the exact one, the question's verbatim phrase, the reading by words). Solr ranks blocks by
 * BM25 over the identifier-split, stemmed text, their definitions' names and the path; the core
 * ranks the fetched files again, so this stage only has to put the right files among them.
 *
 * <p>A fragment with a plain literal (a literal, or a regex of nothing but letters, digits, spaces,
 * {@code _} and {@code -}) must also have every trigram of it in the block's lines: a file holding
 * the literal always qualifies, and one that cannot hold it never does. Immutable.
 *
 * @param text the query in the standard query parser's syntax, empty when nothing in the query can
 *     be looked up
 * @param unsearchable fragments with neither a word nor a literal to look up
 */
record CandidateQuery(String text, List<String> unsearchable) {
  /** A verbatim question phrase holds its own answer: its files first. */
  static final double PHRASE_BOOST = 8;
  /** Being the definition of a name the query asks for. */
  static final double SYMBOL_BOOST = 3;
  /** Path words tell the topic, weaker than the code itself. */
  static final double PATH_BOOST = 0.5;
  /** The score a literal's trigram filter adds: enough to rank files with no word match. */
  static final double LITERAL_SCORE = 0.1;
  /** Literal trigrams sent at most; fewer only admit more files, never lose one. */
  static final int MAX_GRAMS = 48;
  /** Shortest literal worth a trigram filter (shorter ones have none). */
  static final int MIN_LITERAL = 3;

  private static final Pattern WORD = Pattern.compile("[A-Za-z0-9_]{2,}");
  /** Regex escapes such as {@code \w} or {@code \b}: not text. */
  private static final Pattern ESCAPE = Pattern.compile("\\\\[A-Za-z]");
  private static final Pattern PLAIN_REGEX = Pattern.compile("[A-Za-z0-9_ \\-]+");

  /** The candidate query for every reading of a query. */
  static CandidateQuery of(QueryReading reading) {
    List<String> clauses = new ArrayList<>();
    List<String> unsearchable = new ArrayList<>();
    add(reading.first(), clauses, unsearchable);
    reading.byWords().ifPresent(q -> add(q, clauses, new ArrayList<>()));
    reading.phrase().flatMap(CandidateQuery::literal).ifPresent(
        literal -> clauses.add("(" + grams(literal) + ")^" + PHRASE_BOOST));
    if (reading.byWords().isPresent() && !clauses.isEmpty()) {
      // The words stand in for a fragment the cluster cannot look up.
      unsearchable.clear();
    }
    return new CandidateQuery(String.join(" OR ", clauses), List.copyOf(unsearchable));
  }

  private static void add(Query query, List<String> clauses, List<String> unsearchable) {
    if (query.route() == Query.Route.VAGUE) {
      Set<String> words = new LinkedHashSet<>();
      query.questionWords().forEach(w -> words.addAll(words(w)));
      query.fragments().forEach(f -> words.addAll(words(f.text())));
      if (!words.isEmpty()) {
        clauses.add(wordsClause(words));
      }
    } else {
      for (Fragment f : query.fragments()) {
        String clause = fragmentClause(f);
        if (clause.isEmpty()) {
          unsearchable.add(f.text());
        } else {
          clauses.add(clause);
        }
      }
    }
    if (!query.definitionTargets().isEmpty()) {
      Set<String> names = new LinkedHashSet<>();
      query.definitionTargets().forEach(n -> names.addAll(words(n)));
      if (!names.isEmpty()) {
        clauses.add(field(BlockDocuments.SYMBOLS, names) + "^" + SYMBOL_BOOST);
      }
    }
  }

  /**
   * One fragment's clause: its words ranked, and its literal, if any, required; empty when it
   * has neither.
   */
  private static String fragmentClause(Fragment f) {
    Set<String> words = words(f.kind() == Fragment.Kind.LITERAL ? f.text()
        : ESCAPE.matcher(f.text()).replaceAll(" "));
    String literal = literal(f).orElse("");
    if (literal.isEmpty()) {
      return words.isEmpty() ? "" : wordsClause(words);
    }
    String required = "+(" + grams(literal) + ")^=" + LITERAL_SCORE;
    return words.isEmpty() ? "(" + required + ")" : "(" + required + " " + wordsClause(words) + ")";
  }

  /** The block text, definition names and path, each ranked by {@code words}. */
  private static String wordsClause(Set<String> words) {
    return "(" + field(BlockDocuments.TEXT, words) + " "
        + field(BlockDocuments.SYMBOLS, words) + "^" + SYMBOL_BOOST + " "
        + field(BlockDocuments.PATH_TERMS, words) + "^" + PATH_BOOST + ")";
  }

  private static String field(String name, Set<String> words) {
    StringBuilder sb = new StringBuilder(name).append(":(");
    for (String w : words) {
      sb.append(ClientUtils.escapeQueryChars(w)).append(' ');
    }
    return sb.append(')').toString();
  }

  /** Every trigram of {@code literal} (at most {@link #MAX_GRAMS}), all required. */
  static String grams(String literal) {
    Set<String> grams = new LinkedHashSet<>();
    // Non-overlapping trigrams first: they cover the literal in the fewest terms.
    for (int offset = 0; offset < 3; offset++) {
      for (int i = offset; i + 3 <= literal.length() && grams.size() < MAX_GRAMS; i += 3) {
        grams.add(literal.substring(i, i + 3));
      }
    }
    StringBuilder sb = new StringBuilder();
    for (String g : grams) {
      sb.append(sb.length() == 0 ? "" : " ").append('+').append(BlockDocuments.GRAMS)
          .append(':').append(ClientUtils.escapeQueryChars(g));
    }
    return sb.toString();
  }

  /**
   * The text every line matching {@code f} holds, case-folded, when there is one the trigram
   * filter can use: a literal of printable ASCII, or a regex of plain characters only.
   */
  static java.util.Optional<String> literal(Fragment f) {
    String text = f.text();
    boolean plain =
        f.kind() == Fragment.Kind.LITERAL
            ? text.chars().allMatch(c -> c >= 0x20 && c < 0x7F)
            : f.kind() == Fragment.Kind.REGEX && PLAIN_REGEX.matcher(text).matches();
    return plain && text.length() >= MIN_LITERAL
        ? java.util.Optional.of(text.toLowerCase(Locale.ROOT))
        : java.util.Optional.empty();
  }

  /** The words of {@code text} worth looking up: runs of letters, digits and {@code _}. */
  static Set<String> words(String text) {
    Set<String> out = new LinkedHashSet<>();
    Matcher m = WORD.matcher(text);
    while (m.find()) {
      out.add(m.group());
    }
    return out;
  }
}
