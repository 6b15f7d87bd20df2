package io.github.slicegrep.query;

import com.google.common.collect.ImmutableSet;
import com.google.re2j.PatternSyntaxException;
import io.github.slicegrep.SlicegrepException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Reads a query: splits it on top-level {@code |}, compiles each fragment safely, expands a
 * plain-English question, and finds the symbols it names.
 */
public final class QueryParser {
  /** Per-line time limit for the rare fragments that need a backtracking engine. */
  static final long BACKTRACKING_MILLIS_PER_LINE = 20;

  private static final Pattern REGEX_META = Pattern.compile("[\\\\^$.|?*+()\\[\\]{}]");
  private static final Pattern IDENTIFIER =
      Pattern.compile("[A-Za-z_$][\\w$]*(?:(?:\\.|::|#)[A-Za-z_$][\\w$]*){0,32}");
  private static final Pattern WORD = Pattern.compile("[A-Za-z_$][\\w$]*");
  private static final Pattern DOLLAR_INSIDE = Pattern.compile("\\$[\\w$]");
  private static final Pattern TEST_WORD =
      Pattern.compile("(?i)(?:^|[^a-z])(tests?|specs?|testing|pytest|junit)(?:[^a-z]|$)");

  /** Words that introduce a definition in some language; {@code class Scorer} names Scorer. */
  static final ImmutableSet<String> DEFINITION_KEYWORDS =
      ImmutableSet.of(
          "class", "def", "fn", "func", "function", "interface", "struct", "enum", "trait",
          "type", "fun", "object", "record", "typedef", "module", "impl", "union", "namespace",
          "const", "let", "var", "val", "public", "private", "protected", "static", "async",
          "export", "default", "pub", "abstract", "final", "sealed", "data", "override", "void",
          "macro_rules", "protocol");

  private QueryParser() {}

  /** Parses {@code text}; throws {@link SlicegrepException} when nothing searchable remains. */
  public static Query parse(String text) {
    SlicegrepException.check(text != null, "pattern is empty");
    List<String> pieces = splitTopLevel(text);
    SlicegrepException.check(!pieces.isEmpty(), "pattern is empty");
    boolean question = pieces.size() == 1 && PlainEnglish.applies(pieces.get(0));
    return parse(text, pieces, question, question ? Query.Reading.QUESTION : Query.Reading.EXACT);
  }

  /**
   * Reads {@code text} once, with every reading a search may need (SPEC 4): the exact or
   * question reading first; for a question, its verbatim phrase to lift; for one piece of text
   * that is more than an identifier or a pattern, its words to fall back on.
   *
   * @throws SlicegrepException when nothing searchable remains
   */
  public static QueryReading read(String text) {
    Query first = parse(text);
    if (first.isPlainEnglish()) {
      String phrase = text.strip();
      return new QueryReading(
          first, new Fragment(phrase, Fragment.Kind.LITERAL, LineMatcher.literal(phrase), false),
          null, true);
    }
    Query byWords = first.fragments().size() == 1 ? words(text) : null;
    return new QueryReading(first, null, byWords,
        byWords != null && byWords.questionWords().size() >= PlainEnglish.MIN_CONTENT_WORDS);
  }

  /**
   * The content words of {@code text} in order: its words without stopwords, and the
   * identifiers of the names it spells as code.
   */
  public static List<String> contentWords(String text) {
    return PlainEnglish.contentWords(text);
  }

  /**
   * The words' reading of one piece of text read exactly, when it says more than its words
   * (several words, or one word in quotes or punctuation), else null. A single token with one
   * content word is searched as that word exactly, so {@code "Scorer"} finds {@code class
   * Scorer}; words are searched as a question's words, stems and compounds.
   */
  private static @Nullable Query words(String text) {
    String stripped = text.strip();
    Optional<String> named = namedSymbol(stripped);
    if (named.isPresent()) {
      // `class Scorer`, `pub fn parse`: a definition asked for by its keyword; where the
      // definition is absent, its uses are shown and its absence reported.
      return named.get().equals(stripped)
          ? null
          : parse(text, List.of(named.get()), false, Query.Reading.WORDS);
    }
    List<String> words = PlainEnglish.contentWords(stripped);
    if (words.isEmpty()) {
      return null;
    }
    boolean oneToken = stripped.chars().noneMatch(Character::isWhitespace);
    if (oneToken) {
      String word = words.get(0);
      return words.size() > 1 || word.equals(stripped)
          ? null
          : parse(text, List.of(word), false, Query.Reading.WORDS);
    }
    return parse(text, List.of(stripped), true, Query.Reading.WORDS);
  }

  private static Query parse(
      String text, List<String> pieces, boolean plainEnglish, Query.Reading reading) {
    List<String> texts = plainEnglish ? PlainEnglish.expand(pieces.get(0)) : pieces;
    List<Fragment> fragments = new ArrayList<>();
    List<String> catastrophic = new ArrayList<>();
    for (String piece : texts) {
      Optional<String> bad = RegexShape.catastrophicPart(piece);
      if (bad.isPresent()) {
        catastrophic.add(piece + "' (the part '" + bad.get() + "')");
        fragments.add(new Fragment(piece, Fragment.Kind.LITERAL, LineMatcher.literal(piece), true));
      } else {
        fragments.add(compile(piece));
      }
    }
    if (catastrophic.size() == fragments.size()) {
      throw new SlicegrepException(
          "pattern '" + String.join("', '", catastrophic) + " repeats a group that itself"
              + " repeats, which backtracking regex engines take exponential time on."
              + " Rewrite it without the nesting: drop the outer quantifier ('(a+)+' -> 'a+',"
              + " '(\\w+\\s?)*' -> '[\\w\\s]*'), or search for a plain word it must contain.");
    }
    Set<String> symbols = new LinkedHashSet<>();
    Map<String, String> qualified = new LinkedHashMap<>();
    Set<String> unqualified = new LinkedHashSet<>();
    Set<String> definitionTargets = new LinkedHashSet<>();
    List<String> questionWords =
        plainEnglish ? PlainEnglish.contentWords(pieces.get(0)) : List.of();
    if (plainEnglish) {
      for (String word : questionWords) {
        // An acronym in a sentence (JSON, HTTP, URL) is a word of it, not a name to define:
        // gin declares a value `JSON`, which is not what "how is a JSON body decoded" asks for.
        if (Identifiers.looksLikeCode(word) && !isAcronym(word)) {
          symbols.add(word);
        }
      }
      // A name spelled as code inside the sentence (`z.object`, `Rack::Builder`, `use()`) is
      // the thing asked about: looked for as a definition, and reported missing when it has
      // the shape of a declared name.
      for (String name : PlainEnglish.names(pieces.get(0))) {
        symbols.add(name);
        if (seeksDefinition(name, name)) {
          definitionTargets.add(name);
        }
      }
    } else {
      for (String piece : pieces) {
        Optional<String> named = namedSymbol(piece);
        if (named.isEmpty()) {
          continue;
        }
        String name = named.get();
        symbols.add(name);
        if (seeksDefinition(piece, name)) {
          definitionTargets.add(name);
        }
        // `QuerySet.reverse` is written so nowhere in the code that defines it: the member's
        // own name is searched too, and only a definition inside `QuerySet` is the one asked for.
        String path = Query.qualifiedPath(piece);
        if (path != null && qualified.putIfAbsent(name, path) == null
            && fragments.stream().noneMatch(f -> f.text().equalsIgnoreCase(name))) {
          fragments.add(compile(name));
        }
        if (path != null) {
          definitionTargets.add(name); // a path names one definition: its absence is news
        }
        if (path == null || !path.equals(qualified.get(name))) {
          // Also asked for plainly, or inside something else: any definition of it is meant.
          unqualified.add(name);
        }
      }
      qualified.keySet().removeAll(unqualified);
    }
    return new Query(
        text, fragments, symbols, qualified, definitionTargets, questionWords,
        TEST_WORD.matcher(text).find(), reading);
  }

  /**
   * Splits on {@code |} outside parentheses and character classes, not when escaped. Fragments
   * are trimmed; empty ones and repeats (ignoring case) are dropped.
   */
  static List<String> splitTopLevel(String text) {
    List<String> out = new ArrayList<>();
    Set<String> seen = new LinkedHashSet<>();
    StringBuilder current = new StringBuilder();
    int depth = 0;
    boolean inClass = false;
    int n = text.length();
    for (int i = 0; i < n; i++) {
      char c = text.charAt(i);
      if (c == '\\' && i + 1 < n) {
        current.append(c).append(text.charAt(++i));
        continue;
      }
      if (inClass) {
        if (c == ']') {
          inClass = false;
        }
        current.append(c);
        continue;
      }
      switch (c) {
        case '[' -> {
          inClass = true;
          current.append(c);
          // A ']' right after '[' or '[^' is a literal member, not the end of the class.
          if (i + 1 < n && text.charAt(i + 1) == '^') {
            current.append(text.charAt(++i));
          }
          if (i + 1 < n && text.charAt(i + 1) == ']') {
            current.append(text.charAt(++i));
          }
        }
        case '(' -> {
          depth++;
          current.append(c);
        }
        case ')' -> {
          depth = Math.max(0, depth - 1);
          current.append(c);
        }
        case '|' -> {
          if (depth == 0) {
            addFragment(out, seen, current.toString());
            current.setLength(0);
          } else {
            current.append(c);
          }
        }
        default -> current.append(c);
      }
    }
    addFragment(out, seen, current.toString());
    return out;
  }

  private static void addFragment(List<String> out, Set<String> seen, String raw) {
    String fragment = raw.strip();
    if (!fragment.isEmpty() && seen.add(fragment.toLowerCase(Locale.ROOT))) {
      out.add(fragment);
    }
  }

  /**
   * Compiles one fragment: without regex metacharacters it is a literal; otherwise RE2/J
   * (linear time); failing that, java.util.regex under a deadline (lookaround,
   * backreferences); failing both, a literal.
   */
  static Fragment compile(String piece) {
    // `$ZodType`, `jQuery.$el`: a dollar followed by more of a name is part of the name (as an
    // anchor it could never match); a trailing one (`end$`) stays an anchor.
    boolean nameWithDollar =
        IDENTIFIER.matcher(piece).matches() && DOLLAR_INSIDE.matcher(piece).find();
    if (!REGEX_META.matcher(piece).find() || nameWithDollar) {
      return new Fragment(piece, Fragment.Kind.LITERAL, LineMatcher.literal(piece), false);
    }
    try {
      com.google.re2j.Pattern p =
          com.google.re2j.Pattern.compile(piece, com.google.re2j.Pattern.CASE_INSENSITIVE);
      return new Fragment(piece, Fragment.Kind.REGEX, LineMatcher.re2(p), false);
    } catch (PatternSyntaxException | IllegalArgumentException e) {
      // RE2/J lacks lookaround and backreferences; fall through to the bounded engine.
    }
    try {
      Pattern p = Pattern.compile(piece, Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
      return new Fragment(
          piece,
          Fragment.Kind.BACKTRACKING_REGEX,
          LineMatcher.withDeadline(p, BACKTRACKING_MILLIS_PER_LINE),
          false);
    } catch (java.util.regex.PatternSyntaxException e) {
      return new Fragment(piece, Fragment.Kind.LITERAL, LineMatcher.literal(piece), true);
    }
  }

  /** Capital letters and digits only, no separator: {@code JSON}, {@code UTF8}. */
  private static boolean isAcronym(String word) {
    for (int i = 0; i < word.length(); i++) {
      char c = word.charAt(i);
      if (!(c >= 'A' && c <= 'Z') && !(c >= '0' && c <= '9')) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether a fragment clearly asks for a definition, so that its absence is worth reporting: it
   * says so with a keyword ({@code class Scorer}), or the name has the shape of a declared
   * symbol (PascalCase, camelCase, snake_case). A lower-case word or an ALL_CAPS constant may be
   * anything, and "no definition found" for it would be noise.
   */
  static boolean seeksDefinition(String fragment, String name) {
    String first = fragment.strip().split("\\s+")[0].toLowerCase(Locale.ROOT);
    if (!first.equals(name.toLowerCase(Locale.ROOT)) && DEFINITION_KEYWORDS.contains(first)) {
      return true;
    }
    if (name.equals(name.toUpperCase(Locale.ROOT))) {
      return false;
    }
    boolean pascal = Character.isUpperCase(name.charAt(0)) && name.length() > 1;
    return pascal || Identifiers.looksLikeCode(name);
  }

  /**
   * The identifier a fragment looks for, when it is one identifier optionally introduced by
   * definition keywords ({@code class Scorer}, {@code pub fn parse}, {@code FocusedRead}) and
   * optionally followed by an opening parenthesis or a call's pair. Qualified names give their
   * last part.
   */
  static Optional<String> namedSymbol(String fragment) {
    String cleaned = fragment.replace("\\b", " ").replace("\\s+", " ").replace("\\s*", " ")
        .replace("\\s", " ").replace("\\(", "(").replace("\\.", ".").strip();
    cleaned = Query.withoutCallParentheses(cleaned);
    if (cleaned.endsWith("(")) {
      cleaned = cleaned.substring(0, cleaned.length() - 1).strip();
    }
    String[] words = cleaned.split("\\s+");
    int i = 0;
    while (i < words.length - 1 && DEFINITION_KEYWORDS.contains(words[i].toLowerCase(Locale.ROOT))) {
      i++;
    }
    if (i != words.length - 1) {
      return Optional.empty();
    }
    String last = words[i];
    if (!IDENTIFIER.matcher(last).matches()
        || DEFINITION_KEYWORDS.contains(last)) {
      return Optional.empty();
    }
    Matcher m = WORD.matcher(last);
    String name = last;
    while (m.find()) {
      name = m.group();
    }
    return Optional.of(name);
  }
}
