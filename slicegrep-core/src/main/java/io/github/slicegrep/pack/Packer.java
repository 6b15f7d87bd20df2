package io.github.slicegrep.pack;

import io.github.slicegrep.Objective;
import io.github.slicegrep.Omission;
import io.github.slicegrep.OmittedMore;
import io.github.slicegrep.match.Hit;
import io.github.slicegrep.match.Region;
import io.github.slicegrep.rank.Candidate;
import io.github.slicegrep.source.SourceFile;
import io.github.slicegrep.source.Tokens;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Packs ranked candidates under a token budget: first the guaranteed slices the objective asks
 * for (definition, caller in another file, test), each only if it fits, then the rest by score
 * with a diversity penalty so one file cannot take the whole budget. What does not fit is cut to
 * fit around its match when there is room for a useful cut, and otherwise listed as omitted.
 */
public final class Packer {
  /**
   * Each further chunk from the same file counts for this much less (0.9, 0.81, ...): enough
   * to let a second file in on a near tie, not so much that weak chunks of other files push
   * out the second and third function of the file that answers (0.6 before; questions suite,
   * CHANGELOG session 8).
   */
  static final double SAME_FILE_DISCOUNT = 0.9;
  /** A cut smaller than this many tokens shows too little to be worth its header. */
  static final int MIN_CUT_TOKENS = 60;
  /**
   * The share of a cut chunk's score its lines left out keep whatever hits they hold (questions
   * suite: rest at full score 0.604 / 0.550 / 0.513 over rounds 1-3, at this base 0.606 / 0.556
   * / 0.525, by hits alone 0.601 / 0.555 / 0.524).
   */
  public static final double REST_BASE_SHARE = 0.5;
  /**
   * How much more an omission in a file a chunk is shown from weighs in the omitted list's order
   * (questions suite, tuning halves of rounds 1 / 2 / 3, from 0.606 / 0.556 / 0.525: x1.3 0.610 /
   * 0.557 / 0.535, x2 0.611 / 0.564 / 0.544, x4 0.608 / 0.559 / 0.543, first whatever their
   * score 0.605 / 0.557 / 0.539).
   */
  static final double SHOWN_FILE_LIFT = 2.0;
  /**
   * The best omissions listed by name; beyond them only those in a file shown are, and the
   * rest are counted (SPEC 7: enough for a caller to retry, not thousands of ranges).
   */
  public static final int LISTED_OMISSIONS = 50;

  private final int budget;
  private final Objective objective;
  private final Set<String> symbols;

  private final List<Piece> pieces = new ArrayList<>();
  private final List<Omission> omitted = new ArrayList<>();
  /** Regions already shown or omitted; by identity, since guarantees re-label candidates. */
  private final Set<Region> decided = Collections.newSetFromMap(new IdentityHashMap<>());
  private final Map<String, Integer> chunksPerFile = new HashMap<>();
  private int used;

  private Packer(int budget, Objective objective, Set<String> symbols) {
    this.budget = budget;
    this.objective = objective;
    this.symbols = symbols;
  }

  /**
   * @param ranked candidates after deduplication, best first
   * @param duplicates candidates removed as duplicates (listed as omitted)
   * @param budget token budget, 0 for unlimited
   * @param objective which guarantees to reserve room for
   * @param symbols the symbols the query names
   */
  public static Packing pack(
      List<Candidate> ranked, List<Candidate> duplicates, int budget, Objective objective,
      Set<String> symbols) {
    return pack(ranked, duplicates, List.of(), budget, objective, symbols);
  }

  /**
   * Like {@link #pack(List, List, int, Objective, Set)}, for a question cut by its recall: the
   * regions below the cut are listed after every ranked omission, best first among themselves.
   *
   * @param unranked the omissions of the regions below a question's recall cut
   */
  public static Packing pack(
      List<Candidate> ranked, List<Candidate> duplicates, List<Omission> unranked, int budget,
      Objective objective, Set<String> symbols) {
    Packer p = new Packer(budget, objective, symbols);
    p.run(ranked);
    for (Candidate d : duplicates) {
      p.omit(d, d.region().start(), d.region().end(), Omission.DUPLICATE);
    }
    List<Piece> shown = new ArrayList<>(p.pieces);
    shown.sort(BEST_PIECE_FIRST);
    Set<String> shownFiles = new HashSet<>();
    for (Piece piece : shown) {
      shownFiles.add(piece.candidate().file());
    }
    List<Omission> omissions = new ArrayList<>(p.omitted);
    omissions.sort(nextToRead(shownFiles));
    List<Omission> below = new ArrayList<>(unranked);
    below.sort(BEST_OMISSION_FIRST);
    omissions.addAll(below);
    return listed(shown, shownFiles, omissions);
  }

  /**
   * The order of the ranked omissions: by score, one in a file a chunk is shown from counted
   * {@link #SHOWN_FILE_LIFT} times its score. What answers a question beyond the budget is most
   * often the next function of a file already shown (the questions suite's annotated spans not
   * in the first ten, rounds 1-3: 285 in a file of the first ten, 186 elsewhere), so the list
   * says where to read on first; the scores listed stay the regions' own.
   */
  private static Comparator<Omission> nextToRead(Set<String> shownFiles) {
    return (a, b) -> {
      double byA = a.score() * (shownFiles.contains(a.file()) ? SHOWN_FILE_LIFT : 1);
      double byB = b.score() * (shownFiles.contains(b.file()) ? SHOWN_FILE_LIFT : 1);
      int byScore = Double.compare(byB, byA);
      return byScore != 0 ? byScore : BEST_OMISSION_FIRST.compare(a, b);
    };
  }

  /**
   * The packing with its omissions cut to those worth naming: the first {@link
   * #LISTED_OMISSIONS} in their order, and after them those in a file a piece is shown from
   * (the rest of a function shown, another function of the file being read); the others are
   * counted.
   */
  private static Packing listed(
      List<Piece> shown, Set<String> shownFiles, List<Omission> omissions) {
    List<Omission> listed = new ArrayList<>(Math.min(omissions.size(), 2 * LISTED_OMISSIONS));
    int moreRegions = 0;
    long moreTokens = 0;
    for (Omission o : omissions) {
      if (listed.size() < LISTED_OMISSIONS || shownFiles.contains(o.file())) {
        listed.add(o);
      } else {
        moreRegions++;
        moreTokens += o.tokens();
      }
    }
    return new Packing(shown, listed,
        new OmittedMore(moreRegions, (int) Math.min(Integer.MAX_VALUE, moreTokens)));
  }

  /**
   * By score, then file and first line. Written out, as the next: the JDK's comparator
   * combinators spin lambda classes of their own at run time, which no class-data archive keeps.
   */
  private static final Comparator<Piece> BEST_PIECE_FIRST =
      (a, b) -> {
        int byScore = Double.compare(-a.candidate().score(), -b.candidate().score());
        if (byScore != 0) {
          return byScore;
        }
        int byFile = a.candidate().file().compareTo(b.candidate().file());
        return byFile != 0 ? byFile : Integer.compare(a.start(), b.start());
      };

  /**
   * By score, then file and first line. Written out rather than composed from key extractors:
   * a question omits thousands of regions, and the composed form cost a few percent of it.
   */
  private static final Comparator<Omission> BEST_OMISSION_FIRST =
      (a, b) -> {
        int byScore = Double.compare(-a.score(), -b.score());
        if (byScore != 0) {
          return byScore;
        }
        int byFile = a.file().compareTo(b.file());
        return byFile != 0 ? byFile : Integer.compare(a.lineStart(), b.lineStart());
      };

  private void run(List<Candidate> ranked) {
    // A name defined only in tests is a fixture, not the definition a reader is after: the
    // guarantee is for code, and a test's definition still competes by score.
    Optional<Candidate> definition = best(ranked, c -> c.isDefinition() && !c.test());
    if (objective.wantsDefinition() || objective.wantsCaller()) {
      if (objective.wantsDefinition()) {
        definition.ifPresent(d -> take(d.withReason("guaranteed(definition)")));
      }
      if (objective.wantsCaller() && definition.isPresent()) {
        String home = definition.get().file();
        Set<String> defined = definition.get().defines();
        // A caller is code that uses the name: not another definition of it, not a prototype
        // or import, not documentation that mentions it. Non-test code first, and a call
        // (`name(`, `new Name`) before a mere mention (a type of the same name elsewhere).
        Predicate<Candidate> caller =
            c -> !c.file().equals(home) && !c.isDefinition()
                && c.region().file().language().isCode()
                && !c.reasons().contains("declaration_only")
                && c.references().stream().anyMatch(defined::contains);
        Predicate<Candidate> calls = c -> c.calls().stream().anyMatch(defined::contains);
        Predicate<Candidate> code = c -> !c.test();
        bestFitting(ranked, caller.and(code).and(calls))
            .or(() -> bestFitting(ranked, caller.and(code)))
            .or(() -> bestFitting(ranked, caller.and(calls)))
            .or(() -> bestFitting(ranked, caller))
            .ifPresent(c -> take(c.withReason("guaranteed(caller)")));
      }
    }
    // A test is only worth reserving room for when it exercises a symbol the query names; for
    // a query that names none, the best test is just another match.
    if (objective.wantsTest() && !symbols.isEmpty()) {
      Predicate<Candidate> test =
          c -> c.test() && (!c.references().isEmpty() || c.isDefinition());
      // A test in the definition's own language first: fastify's runtime tests in JavaScript
      // before its TypeScript type tests (`*.test-d.ts`).
      Predicate<Candidate> sameLanguage =
          c -> definition.isEmpty()
              || c.region().file().language() == definition.get().region().file().language();
      bestFitting(ranked, test.and(sameLanguage))
          .or(() -> bestFitting(ranked, test))
          .ifPresent(c -> take(c.withReason("guaranteed(test)")));
    }
    fill(ranked);
  }

  private Optional<Candidate> best(List<Candidate> ranked, Predicate<Candidate> wanted) {
    return ranked.stream().filter(c -> !decided.contains(c.region()) && wanted.test(c)).findFirst();
  }

  /**
   * The best wanted candidate that fits whole in the room left, else the best wanted one: a
   * caller or a test is there to show a use, and a whole small one shows it better than the
   * first lines of a large one cut to fit.
   */
  private Optional<Candidate> bestFitting(List<Candidate> ranked, Predicate<Candidate> wanted) {
    return best(ranked, wanted.and(this::fitsWhole)).or(() -> best(ranked, wanted));
  }

  private boolean fitsWhole(Candidate c) {
    Region r = c.region();
    return budget == 0 || Piece.cost(r.file(), r.start(), r.end()) <= budget - used;
  }

  /**
   * Greedy by discounted score; a candidate that cannot be placed is omitted for budget. The
   * discount only grows as a file gains chunks, so a lazy priority queue is exact: an entry whose
   * value went stale is re-queued at its current value before anything is taken.
   */
  private void fill(List<Candidate> ranked) {
    PriorityQueue<Queued> queue = new PriorityQueue<>(Math.max(1, ranked.size()), Queued.FIRST);
    for (int i = 0; i < ranked.size(); i++) {
      Candidate c = ranked.get(i);
      if (!decided.contains(c.region())) {
        queue.add(new Queued(c, i, discounted(c)));
      }
    }
    while (!queue.isEmpty()) {
      Queued next = queue.poll();
      double now = discounted(next.candidate);
      if (now < next.value) {
        queue.add(new Queued(next.candidate, next.rank, now));
        continue;
      }
      if (!take(next.candidate)) {
        Region r = next.candidate.region();
        omit(next.candidate, r.start(), r.end(), Omission.BUDGET);
      }
    }
  }

  private record Queued(Candidate candidate, int rank, double value) {
    /** Highest value first, then best rank; a question queues thousands of these. */
    static final Comparator<Queued> FIRST =
        (a, b) -> {
          int byValue = Double.compare(-a.value, -b.value);
          return byValue != 0 ? byValue : Integer.compare(a.rank, b.rank);
        };
  }

  private double discounted(Candidate c) {
    return c.score() * Math.pow(SAME_FILE_DISCOUNT, chunksPerFile.getOrDefault(c.file(), 0));
  }

  /**
   * Shows {@code c} whole if it fits, else a cut of it around its match when the cut is worth
   * showing (or when nothing is shown yet: the best chunk is always shown, cut to the budget).
   */
  private boolean take(Candidate c) {
    Region r = c.region();
    SourceFile file = r.file();
    int cost = Piece.cost(file, r.start(), r.end());
    int room = budget == 0 ? Integer.MAX_VALUE : budget - used;
    decided.add(r);
    if (cost <= room) {
      add(Piece.of(c, r.start(), r.end()));
      return true;
    }
    if (!pieces.isEmpty() && room < MIN_CUT_TOKENS) {
      decided.remove(r);
      return false;
    }
    int[] cut = Truncation.window(r, Math.max(0, room), c.focusLine(), c.focusEnd());
    add(Piece.of(c, cut[0], cut[1]));
    if (cut[0] > r.start()) {
      omitRest(c, r.start(), cut[0] - 1);
    }
    if (cut[1] < r.end()) {
      omitRest(c, cut[1] + 1, r.end());
    }
    return true;
  }

  /**
   * The lines of a cut chunk left out. The region's score was earned mostly by the part shown,
   * which holds its focus: listed at the full score, the rest of one long region took the first
   * places of the omitted list ahead of every region not seen at all. It keeps half the score,
   * and the other half by the share of the region's hits it holds (the rest of the function
   * shown is often still the answer's next step, so not nothing).
   */
  private void omitRest(Candidate c, int start, int end) {
    List<Hit> hits = c.region().hits();
    int inside = 0;
    for (Hit h : hits) {
      if (h.line() >= start && h.line() <= end) {
        inside++;
      }
    }
    double share = (double) inside / Math.max(1, hits.size());
    double score = c.score() * (REST_BASE_SHARE + (1 - REST_BASE_SHARE) * share);
    omitted.add(omission(c, start, end, score, Omission.TRUNCATED));
  }

  private void add(Piece piece) {
    pieces.add(piece);
    used += piece.tokens();
    chunksPerFile.merge(piece.candidate().file(), 1, Integer::sum);
  }

  private void omit(Candidate c, int start, int end, String why) {
    omitted.add(omission(c, start, end, why));
  }

  /** Lines {@code start..end} of a candidate as an omission, with its score and reasons. */
  public static Omission omission(Candidate c, int start, int end, String why) {
    return omission(c, start, end, c.score(), why);
  }

  private static Omission omission(Candidate c, int start, int end, double score, String why) {
    SourceFile file = c.region().file();
    return new Omission(
        c.file(), start, end, Tokens.estimate(file, start, end), score, c.reasons(), why);
  }
}
