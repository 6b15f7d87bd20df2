package io.github.slicegrep.rank;

import com.google.common.collect.ImmutableList;
import io.github.slicegrep.match.Hit;
import io.github.slicegrep.match.Region;
import io.github.slicegrep.outline.Definition;
import io.github.slicegrep.outline.Outline;
import io.github.slicegrep.parallel.Parallel;
import io.github.slicegrep.query.Query;
import io.github.slicegrep.source.SourceFile;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

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
  /**
   * A region that holds the query's text verbatim (a question found word for word, a
   * sentence's exact reading) is lifted above those that hold only its words.
   */
  public static final double PHRASE_LIFT = 4.0;
  /** The reason name of that lift. */
  public static final String PHRASE = "phrase";
  /** Imports, includes and prototypes only say a name exists. */
  static final double DECLARATION_ONLY_PENALTY = 0.4;
  /** Tests mention everything they test; they rank below the code unless asked for. */
  static final double TEST_PENALTY = 0.4;
  /** Examples and demos use the code a reader asks about; they are not it. */
  static final double EXAMPLE_PENALTY = 0.5;
  /** Vendored, minified and generated code is rarely what the reader means. */
  static final double VENDOR_PENALTY = 0.3;
  /** Per-language tables repeat every word of what they translate, once per language. */
  static final double LOCALE_PENALTY = 0.3;
  /**
   * Windows-only code, when the query does not ask for Windows: most questions mean the code
   * that runs on POSIX systems, which libuv's and tokio's Windows twins outranked.
   */
  static final double WINDOWS_PENALTY = 0.5;
  private static final Pattern ASKS_FOR_WINDOWS =
      Pattern.compile("(?i)\\b(?:windows|win32|win64|winapi|msvc|iocp|mingw)\\b");
  /** Code in another version's folder ({@code v4/} for "zod 3"): it holds the same words. */
  static final double OTHER_VERSION_PENALTY = 0.5;
  /** Documentation, data and configuration files talk about code; the reader asked for code. */
  static final double PROSE_PENALTY = 0.5;
  /** A slice that is mostly comment explains code without being it. */
  static final double COMMENT_PENALTY = 0.6;
  /**
   * For a question, a slice of this many code lines or fewer (an accessor, a one-line wrapper,
   * a constant) is thin: its doc comment can hold every word of the question while the work is
   * done elsewhere.
   */
  static final int THIN_CODE_LINES = 3;
  static final double THIN_PENALTY = 0.6;
  /** Share of non-blank comment lines from which a slice counts as mostly comments. */
  static final double MOSTLY_COMMENTS_SHARE = 0.6;
  /** idf from which a fragment counts as rare (about 1 document in 12 or fewer). */
  static final double RARE_IDF = 2.5;
  /** Lines around a hit that count as its neighbourhood when choosing where to cut. */
  static final int FOCUS_RADIUS = 3;
  /** Scores are scaled to read as small whole numbers in reports. */
  static final double DISPLAY_SCALE = 10;

  static final Pattern DECLARATION_LINE =
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
  static final Pattern C_PROTOTYPE_LINE =
      Pattern.compile(
          "^\\s*(?!(?:return|else|case|goto|throw|delete|new|sizeof|co_return)\\b)"
              + "[A-Za-z_]\\w*(?:\\s+\\**\\s*[A-Za-z_]\\w*|\\s*\\*+\\s*[A-Za-z_]\\w*){1,16}"
              + "\\s*\\([^;{}=]*\\)\\s*;\\s*$");

  /** TypeScript declaration files: types and signatures only, never a body. */
  static final Pattern DECLARATION_FILE = Pattern.compile("\\.d\\.[mc]?ts$");

  private final Query query;
  /** Whether the query names Windows, so that its Windows-only code is not demoted. */
  private final boolean asksForWindows;
  /** The versions the query names ("zod 3"), whose folders' code is not demoted. */
  private final Set<Integer> askedVersions;
  private final FragmentStats stats;
  private final Function<SourceFile, Outline> outlines;
  private final Relevance relevance;
  /** Each queried symbol as a whole word, for finding references. */
  private final Map<String, Pattern> symbolWords;
  /** Each queried symbol called or instantiated. */
  private final Map<String, Pattern> symbolCalls;
  /** What is known of each file: its path signals and the kinds of its lines. */
  private final Function<SourceFile, FileFacts> facts;

  /** A scorer that works out what it needs to know of each file itself, once per file. */
  public Scorer(
      Query query, FragmentStats stats, Function<SourceFile, Outline> outlines,
      Relevance relevance) {
    this(query, stats, outlines, relevance, memo());
  }

  /**
   * A scorer given each file's facts: a host that searches the same files again keeps them
   * with the files, since they depend on the file alone. Regions are scored in parallel, so
   * {@code outlines}, {@code relevance} and {@code facts} must be safe to call from several
   * threads.
   */
  public Scorer(
      Query query, FragmentStats stats, Function<SourceFile, Outline> outlines,
      Relevance relevance, Function<SourceFile, FileFacts> facts) {
    this.query = query;
    this.asksForWindows = ASKS_FOR_WINDOWS.matcher(query.text()).find();
    this.askedVersions = PathSignals.askedVersions(query.text());
    this.facts = facts;
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

  /**
   * Facts worked out once per file for this scorer: a question scores thousands of regions in
   * a few hundred files, and working out the path signals and line kinds again for every
   * region was most of the scoring time.
   */
  private static Function<SourceFile, FileFacts> memo() {
    Map<SourceFile, FileFacts> known = new ConcurrentHashMap<>(); // SourceFile: identity equality
    return file -> known.computeIfAbsent(file, FileFacts::of);
  }

  public List<Candidate> scoreAll(List<Region> regions) {
    return scoreAll(regions, new IdentityHashMap<>());
  }

  /**
   * Scores every region, reusing the signals already worked out for the same region objects in
   * {@code signals} (an identity map; those worked out are added): a staged search ranks twice,
   * and the regions of files it does not parse again are the same both times; only their
   * relevance, which depends on the whole corpus, has to be computed again.
   */
  public List<Candidate> scoreAll(List<Region> regions, Map<Region, Signals> signals) {
    // Regions are scored in parallel (each depends on its own region, and the outlines and
    // facts functions are thread-safe); the signals map is read and filled on this thread.
    Signals[] known = new Signals[regions.size()];
    for (int i = 0; i < known.length; i++) {
      known[i] = signals.get(regions.get(i));
    }
    Candidate[] out = new Candidate[regions.size()];
    Parallel.forEach(out.length, i -> {
      Region r = regions.get(i);
      if (known[i] == null) {
        known[i] = signals(r);
      }
      out[i] = score(r, known[i]);
    });
    for (int i = 0; i < known.length; i++) {
      signals.putIfAbsent(regions.get(i), known[i]);
    }
    return Arrays.asList(out);
  }

  /**
   * What moves a region's score apart from its base relevance: each factor with its reason, in
   * the order applied, and what the region defines, references and calls. It depends on the
   * query, the fragment statistics and the file's outline, not on the relevance.
   */
  public static final class Signals {
    private final double[] factors;
    private final ImmutableList<String> reasons;
    private final boolean test;
    private final Set<String> defines;
    private final Set<String> references;
    private final Set<String> calls;
    private final int focusLine;
    private final int focusEnd;

    private Signals(
        double[] factors, List<String> reasons, boolean test, Set<String> defines,
        Set<String> references, Set<String> calls, int[] focus) {
      this.factors = factors;
      this.reasons = ImmutableList.copyOf(reasons);
      this.test = test;
      this.defines = defines;
      this.references = references;
      this.calls = calls;
      this.focusLine = focus[0];
      this.focusEnd = focus[1];
    }
  }

  private Candidate score(Region region, Signals signals) {
    double score = relevance.of(region);
    // Applied one by one in their order, so the product is bit for bit what it always was.
    for (double factor : signals.factors) {
      score *= factor;
    }
    List<String> reasons = signals.reasons;
    if (relevance.reason() != null) {
      reasons =
          ImmutableList.<String>builderWithExpectedSize(reasons.size() + 1)
              .add(relevance.reason())
              .addAll(reasons)
              .build();
    }
    return new Candidate(
        region, display(score), reasons, signals.test, signals.defines, signals.references,
        signals.calls, signals.focusLine, signals.focusEnd);
  }

  /** A score as reports show it: scaled, to one decimal. */
  static double display(double score) {
    return Math.round(score * DISPLAY_SCALE * 10) / 10.0;
  }

  private Signals signals(Region region) {
    List<String> reasons = new ArrayList<>();
    double[] factors = new double[14]; // room for every factor below at once
    int applied = 0;
    BitSet fragments = region.fragments();
    int distinct = fragments.cardinality();
    int total = query.fragments().size();
    if (distinct >= 2) {
      reasons.add("multi_match(" + distinct + ")");
      if (coOccur(region)) {
        factors[applied++] = CO_OCCURRENCE_BOOST;
        reasons.add("co_occurrence");
      }
      if (distinct == total) {
        factors[applied++] = ALL_PATTERNS_BOOST;
        reasons.add("all_patterns");
      }
    }
    for (int f = fragments.nextSetBit(0); f >= 0; f = fragments.nextSetBit(f + 1)) {
      if (stats.idf(f) >= RARE_IDF) {
        reasons.add("rare_terms");
        break;
      }
    }
    if (query.liftedFragment() >= 0 && fragments.get(query.liftedFragment())) {
      factors[applied++] = PHRASE_LIFT;
      reasons.add(PHRASE);
    }
    SourceFile file = region.file();
    FileFacts known = facts.apply(file);
    Outline outline = outlines.apply(file);
    QueriedDefinitions definitions = QueriedDefinitions.of(query, region, outline);
    Set<String> defines = definitions.symbols();
    if (!defines.isEmpty()) {
      // In a test, a definition of the name is a fixture: it keeps the plain boost, which the
      // test demotion then outweighs.
      factors[applied++] = DEFINITION_BOOST * (known.test ? 1 : definitions.strength());
      reasons.add("definition");
    } else if (declarationOnly(region, outline, known)) {
      factors[applied++] = DECLARATION_ONLY_PENALTY;
      reasons.add("declaration_only");
    }
    boolean test = known.test;
    if (test && !query.asksForTests()) {
      factors[applied++] = TEST_PENALTY;
      reasons.add("test_demoted");
    }
    if (known.example) {
      factors[applied++] = EXAMPLE_PENALTY;
      reasons.add("example_demoted");
    }
    if (known.vendored) {
      factors[applied++] = VENDOR_PENALTY;
      reasons.add("vendor_demoted");
    }
    if (known.windows && !asksForWindows) {
      factors[applied++] = WINDOWS_PENALTY;
      reasons.add("windows_demoted");
    }
    if (known.inAnotherVersion(askedVersions)) {
      factors[applied++] = OTHER_VERSION_PENALTY;
      reasons.add("other_version");
    }
    if (known.locale) {
      factors[applied++] = LOCALE_PENALTY;
      reasons.add("locale_demoted");
    }
    if (!file.language().isCode()) {
      factors[applied++] = PROSE_PENALTY;
      reasons.add("not_code");
    }
    if (mostlyComments(region, known)) {
      factors[applied++] = COMMENT_PENALTY;
      reasons.add("mostly_comments");
    } else if (query.route() == Query.Route.VAGUE && defines.isEmpty()
        && file.language().isCode() && codeLines(region, known) <= THIN_CODE_LINES) {
      factors[applied++] = THIN_PENALTY;
      reasons.add("thin");
    }
    Set<String> references = symbolsUsed(region, outline, known, symbolWords, query.symbols());
    // A call is a kind of reference: only the symbols referenced can be called.
    Set<String> calls =
        references.isEmpty()
            ? Set.of()
            : symbolsUsed(region, outline, known, symbolCalls, references);
    return new Signals(
        Arrays.copyOf(factors, applied), reasons, test, defines, references, calls,
        focus(region, definitions.first(), total));
  }

  /**
   * The line a cut of the region must keep: the header of the definition of a queried symbol
   * inside it (not the header of the region's enclosing definition, which may be a big outer
   * function), else the hit with the most distinct fragments around it (the first on ties).
   */
  private static int[] focus(Region region, @Nullable Definition queried, int fragmentCount) {
    if (queried != null) {
      return new int[] {queried.headerLine(), Math.min(queried.endLine(), region.end())};
    }
    // The hits within FOCUS_RADIUS lines of each hit, as a window sliding down the sorted
    // hits, with a count per fragment: linear where comparing every pair was quadratic in the
    // hits of a big region.
    List<Hit> hits = region.hits();
    int[] inWindow = new int[fragmentCount];
    int distinct = 0;
    int lo = 0;
    int hi = 0;
    int best = hits.get(0).line();
    int bestDistinct = 0;
    for (Hit h : hits) {
      while (hi < hits.size() && hits.get(hi).line() <= h.line() + FOCUS_RADIUS) {
        if (inWindow[hits.get(hi++).fragment()]++ == 0) {
          distinct++;
        }
      }
      while (hits.get(lo).line() < h.line() - FOCUS_RADIUS) {
        if (--inWindow[hits.get(lo++).fragment()] == 0) {
          distinct--;
        }
      }
      if (distinct > bestDistinct) {
        bestDistinct = distinct;
        best = h.line();
      }
    }
    return new int[] {best, best};
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

  /** The symbols whose pattern matches a code line of the region other than their definition. */
  private static Set<String> symbolsUsed(
      Region region, Outline outline, FileFacts known, Map<String, Pattern> patterns,
      Set<String> among) {
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
            && known.kind(h.line()) != FileFacts.COMMENT) {
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
  private static boolean declarationOnly(Region region, Outline outline, FileFacts known) {
    if (known.declarationFile) {
      return true;
    }
    for (Hit h : region.hits()) {
      if (!known.declarationLine(h.line()) && !outline.isDeclarationOnly(h.line())
          && !(known.cFamily && outline.enclosing(h.line()).isEmpty()
              && known.prototypeLine(h.line()))) {
        return false;
      }
    }
    return true;
  }

  /**
   * A slice whose matches are all in comments and that is itself mostly comment: it talks
   * about the thing rather than being it. A documented definition whose code matches is not.
   */
  private static boolean mostlyComments(Region region, FileFacts known) {
    if (!region.file().language().isCode()) {
      return false;
    }
    for (Hit h : region.hits()) {
      if (known.kind(h.line()) != FileFacts.COMMENT) {
        return false;
      }
    }
    int code = 0;
    int comments = 0;
    for (int i = region.start(); i <= region.end(); i++) {
      byte kind = known.kind(i);
      if (kind == FileFacts.COMMENT) {
        comments++;
      } else if (kind == FileFacts.CODE) {
        code++;
      }
    }
    int total = code + comments;
    return total > 0 && comments >= MOSTLY_COMMENTS_SHARE * total;
  }

  /** Lines of code (neither comment nor blank) in the region. */
  private static int codeLines(Region region, FileFacts known) {
    int code = 0;
    for (int i = region.start(); i <= region.end(); i++) {
      if (known.kind(i) == FileFacts.CODE) {
        code++;
      }
    }
    return code;
  }

  static boolean isCommentLine(SourceFile file, String stripped) {
    String marker = file.language().lineComment();
    return (marker != null && stripped.startsWith(marker))
        || (file.language().hasBlockComments()
            && (stripped.startsWith("/*") || stripped.startsWith("*")));
  }
}
