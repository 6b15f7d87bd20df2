package io.github.slicegrep.rank;

import com.google.common.collect.ImmutableList;
import io.github.slicegrep.match.Hit;
import io.github.slicegrep.match.Region;
import io.github.slicegrep.outline.Definition;
import io.github.slicegrep.outline.Outline;
import io.github.slicegrep.query.Query;
import io.github.slicegrep.source.Language;
import io.github.slicegrep.source.SourceFile;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Scores regions: a base relevance (BM25, see {@link Relevance}), then named signals that move
 * it up or down, each recorded as a reason.
 */
public final class Scorer {
  /** Two fragments this close (in lines) count as occurring together. */
  static final int CO_OCCURRENCE_LINES = 10;
  /** Several fragments near each other is the strongest sign a slice answers the query. */
  static final double CO_OCCURRENCE_BOOST = 1.3;
  /** Every fragment of a multi-fragment query in one slice. */
  static final double ALL_PATTERNS_BOOST = 1.2;
  /** Where a queried symbol is defined beats where it is used. */
  static final double DEFINITION_BOOST = 2.5;
  /** Imports, includes and prototypes only say a name exists. */
  static final double DECLARATION_ONLY_PENALTY = 0.4;
  /** Tests mention everything they test; they rank below the code unless asked for. */
  static final double TEST_PENALTY = 0.4;
  /** Examples and demos use the code a reader asks about; they are not it. */
  static final double EXAMPLE_PENALTY = 0.5;
  /** Vendored, minified and generated code is rarely what the reader means. */
  static final double VENDOR_PENALTY = 0.3;
  /** Documentation, data and configuration files talk about code; the reader asked for code. */
  static final double PROSE_PENALTY = 0.5;
  /** A slice that is mostly comment explains code without being it. */
  static final double COMMENT_PENALTY = 0.6;
  /** Share of non-blank comment lines from which a slice counts as mostly comments. */
  static final double MOSTLY_COMMENTS_SHARE = 0.6;
  /** idf from which a fragment counts as rare (about 1 document in 12 or fewer). */
  static final double RARE_IDF = 2.5;
  /** Lines around a hit that count as its neighbourhood when choosing where to cut. */
  static final int FOCUS_RADIUS = 3;
  /** Scores are scaled to read as small whole numbers in reports. */
  static final double DISPLAY_SCALE = 10;

  private static final Pattern DECLARATION_LINE =
      Pattern.compile(
          "^\\s*(?:import\\b|from\\s+[\\w.]+\\s+import\\b|#\\s*include\\b|using\\s+[\\w.=\\s]+;"
              + "|(?:const|let|var)\\s+[^=]+=\\s*require\\s*\\(|require(?:_once)?[\\s(]"
              + "|use\\s+[\\w:{}, *]+;|package\\s+[\\w.]+|extern\\s+crate\\b"
              + "|export\\s+(?:\\*|\\{[^}]*\\})\\s+from\\b|@import\\b)");

  /**
   * A C or C++ prototype the parser could not read as one, typically behind an export macro
   * ({@code UV_EXTERN ssize_t uv_fs_get_result(const uv_fs_t*);}): type words, a name, a
   * parameter list and a semicolon on one line outside any function. A statement that calls
   * the function starts with a keyword, an assignment or the call itself instead.
   */
  private static final Pattern C_PROTOTYPE_LINE =
      Pattern.compile(
          "^\\s*(?!(?:return|else|case|goto|throw|delete|new|sizeof|co_return)\\b)"
              + "[A-Za-z_]\\w*(?:\\s+\\**\\s*[A-Za-z_]\\w*|\\s*\\*+\\s*[A-Za-z_]\\w*)+"
              + "\\s*\\([^;{}=]*\\)\\s*;\\s*$");

  /** TypeScript declaration files: types and signatures only, never a body. */
  private static final Pattern DECLARATION_FILE = Pattern.compile("\\.d\\.[mc]?ts$");

  private final Query query;
  private final FragmentStats stats;
  private final Function<SourceFile, Outline> outlines;
  private final Relevance relevance;
  /** Each queried symbol as a whole word, for finding references. */
  private final Map<String, Pattern> symbolWords;
  /** Each queried symbol called or instantiated. */
  private final Map<String, Pattern> symbolCalls;

  public Scorer(
      Query query, FragmentStats stats, Function<SourceFile, Outline> outlines,
      Relevance relevance) {
    this.query = query;
    this.stats = stats;
    this.outlines = outlines;
    this.relevance = relevance;
    this.symbolWords = new LinkedHashMap<>();
    this.symbolCalls = new LinkedHashMap<>();
    for (String symbol : query.symbols()) {
      // A name typed with capitals means that spelling: `Hooks` is called as `new Hooks()`,
      // while a variable `hooks` is something else. A name typed in lower case may be either.
      int flags = symbol.equals(symbol.toLowerCase(Locale.ROOT)) ? Pattern.CASE_INSENSITIVE : 0;
      symbolWords.put(
          symbol,
          Pattern.compile("(?<![\\w$])" + Pattern.quote(symbol) + "(?![\\w$])", flags));
      symbolCalls.put(
          symbol,
          Pattern.compile(
              "(?:(?<![\\w$])" + Pattern.quote(symbol) + "\\s*\\(|\\bnew\\s+" + Pattern.quote(symbol)
                  + "(?![\\w$]))",
              flags));
    }
  }

  public List<Candidate> scoreAll(List<Region> regions) {
    List<Candidate> out = new ArrayList<>(regions.size());
    for (Region r : regions) {
      out.add(score(r));
    }
    return out;
  }

  Candidate score(Region region) {
    List<String> reasons = new ArrayList<>();
    double score = relevance.of(region);
    if (relevance.reason() != null) {
      reasons.add(relevance.reason());
    }
    BitSet fragments = region.fragments();
    int distinct = fragments.cardinality();
    int total = query.fragments().size();
    if (distinct >= 2) {
      reasons.add("multi_match(" + distinct + ")");
      if (coOccur(region)) {
        score *= CO_OCCURRENCE_BOOST;
        reasons.add("co_occurrence");
      }
      if (distinct == total) {
        score *= ALL_PATTERNS_BOOST;
        reasons.add("all_patterns");
      }
    }
    for (int f = fragments.nextSetBit(0); f >= 0; f = fragments.nextSetBit(f + 1)) {
      if (stats.idf(f) >= RARE_IDF) {
        reasons.add("rare_terms");
        break;
      }
    }
    SourceFile file = region.file();
    Outline outline = outlines.apply(file);
    Set<String> defines = definedSymbols(region, outline);
    if (!defines.isEmpty()) {
      score *= DEFINITION_BOOST;
      reasons.add("definition");
    } else if (declarationOnly(region, outline)) {
      score *= DECLARATION_ONLY_PENALTY;
      reasons.add("declaration_only");
    }
    String path = file.relativePath();
    boolean test = PathSignals.isTest(path);
    if (test && !query.asksForTests()) {
      score *= TEST_PENALTY;
      reasons.add("test_demoted");
    }
    if (PathSignals.isExample(path)) {
      score *= EXAMPLE_PENALTY;
      reasons.add("example_demoted");
    }
    if (PathSignals.isVendored(path)) {
      score *= VENDOR_PENALTY;
      reasons.add("vendor_demoted");
    }
    if (!file.language().isCode()) {
      score *= PROSE_PENALTY;
      reasons.add("not_code");
    }
    if (mostlyComments(region)) {
      score *= COMMENT_PENALTY;
      reasons.add("mostly_comments");
    }
    double display = Math.round(score * DISPLAY_SCALE * 10) / 10.0;
    Set<String> references = symbolsUsed(region, outline, symbolWords, query.symbols());
    // A call is a kind of reference: only the symbols referenced can be called.
    Set<String> calls =
        references.isEmpty() ? Set.of() : symbolsUsed(region, outline, symbolCalls, references);
    return new Candidate(
        region, display, ImmutableList.copyOf(reasons), test, defines,
        references, calls, focusLine(region, outline, defines));
  }

  /**
   * The line a cut of the region must keep: the header of the definition of a queried symbol
   * inside it (not the header of the region's enclosing definition, which may be a big outer
   * function), else the hit with the most distinct fragments around it (the first on ties).
   */
  private static int focusLine(Region region, Outline outline, Set<String> defines) {
    for (Definition d : outline.definitions()) {
      if (d.headerLine() >= region.start() && d.headerLine() <= region.end()
          && !d.declarationOnly() && defines.stream().anyMatch(d.name()::equalsIgnoreCase)) {
        return d.headerLine();
      }
    }
    List<Hit> hits = region.hits();
    int best = hits.get(0).line();
    int bestDistinct = 0;
    for (Hit h : hits) {
      BitSet near = new BitSet();
      for (Hit o : hits) {
        if (Math.abs(o.line() - h.line()) <= FOCUS_RADIUS) {
          near.set(o.fragment());
        }
      }
      if (near.cardinality() > bestDistinct) {
        bestDistinct = near.cardinality();
        best = h.line();
      }
    }
    return best;
  }

  private static boolean coOccur(Region region) {
    List<Hit> hits = region.hits();
    for (int i = 0; i < hits.size(); i++) {
      for (int j = i + 1; j < hits.size(); j++) {
        Hit a = hits.get(i);
        Hit b = hits.get(j);
        if (b.line() - a.line() > CO_OCCURRENCE_LINES) {
          break;
        }
        if (a.fragment() != b.fragment()) {
          return true;
        }
      }
    }
    return false;
  }

  private Set<String> definedSymbols(Region region, Outline outline) {
    Set<String> out = new LinkedHashSet<>();
    if (query.symbols().isEmpty()) {
      return out;
    }
    for (Definition d : outline.definitions()) {
      if (d.headerLine() < region.start() || d.headerLine() > region.end()
          || d.declarationOnly()) {
        continue;
      }
      for (String symbol : query.symbols()) {
        if (d.name().equalsIgnoreCase(symbol)) {
          out.add(symbol);
        }
      }
    }
    return out;
  }

  /** The symbols whose pattern matches a code line of the region other than their definition. */
  private static Set<String> symbolsUsed(
      Region region, Outline outline, Map<String, Pattern> patterns, Set<String> among) {
    Set<String> out = new LinkedHashSet<>();
    for (Map.Entry<String, Pattern> e : patterns.entrySet()) {
      if (!among.contains(e.getKey())) {
        continue;
      }
      String symbol = e.getKey();
      Pattern word = e.getValue();
      for (Hit h : region.hits()) {
        String line = region.file().line(h.line());
        // A comment that names the symbol talks about it; a reference is code that uses it.
        if (word.matcher(line).find() && !definesOnLine(outline, h.line(), symbol)
            && !isCommentLine(region.file(), line.strip())) {
          out.add(symbol);
          break;
        }
      }
    }
    return out;
  }

  private static boolean definesOnLine(Outline outline, int line, String symbol) {
    for (Definition d : outline.named(symbol)) {
      if (d.headerLine() == line) {
        return true;
      }
    }
    return false;
  }

  /**
   * Every hit is an import, include or use line, or the header of a definition without a body
   * (a prototype, an abstract or interface method): the slice only says the name exists.
   */
  private static boolean declarationOnly(Region region, Outline outline) {
    SourceFile file = region.file();
    if (DECLARATION_FILE.matcher(file.relativePath()).find()) {
      return true;
    }
    boolean cFamily = file.language() == Language.C || file.language() == Language.CPP;
    for (Hit h : region.hits()) {
      String line = file.line(h.line());
      boolean prototype =
          cFamily && outline.enclosing(h.line()).isEmpty()
              && C_PROTOTYPE_LINE.matcher(line).find();
      if (!DECLARATION_LINE.matcher(line).find() && !outline.isDeclarationOnly(h.line())
          && !prototype) {
        return false;
      }
    }
    return true;
  }

  /**
   * A slice whose matches are all in comments and that is itself mostly comment: it talks
   * about the thing rather than being it. A documented definition whose code matches is not.
   */
  private static boolean mostlyComments(Region region) {
    SourceFile file = region.file();
    if (!file.language().isCode()) {
      return false;
    }
    for (Hit h : region.hits()) {
      if (!isCommentLine(file, file.line(h.line()).strip())) {
        return false;
      }
    }
    int code = 0;
    int comments = 0;
    for (int i = region.start(); i <= region.end(); i++) {
      String t = file.line(i).strip();
      if (t.isEmpty()) {
        continue;
      }
      if (isCommentLine(file, t)) {
        comments++;
      } else {
        code++;
      }
    }
    int total = code + comments;
    return total > 0 && comments >= MOSTLY_COMMENTS_SHARE * total;
  }

  private static boolean isCommentLine(SourceFile file, String stripped) {
    String marker = file.language().lineComment();
    return (marker != null && stripped.startsWith(marker))
        || (file.language().hasBlockComments()
            && (stripped.startsWith("/*") || stripped.startsWith("*")));
  }
}
