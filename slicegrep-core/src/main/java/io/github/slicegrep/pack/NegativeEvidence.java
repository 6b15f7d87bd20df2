package io.github.slicegrep.pack;

import com.google.common.collect.ImmutableList;
import io.github.slicegrep.match.Hit;
import io.github.slicegrep.query.Fragment;
import io.github.slicegrep.query.Query;
import io.github.slicegrep.rank.Candidate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * What the reader should know is absent: fragments that matched nowhere, definitions that do
 * not exist, matches that exist but were not shown, fragments that could not be searched as
 * written. The same in file and directory mode.
 */
public final class NegativeEvidence {
  private NegativeEvidence() {}

  /**
   * @param query the query
   * @param where how the searched path is named to the reader ({@code src/}, {@code a.py})
   * @param hitsPerFragment for each fragment, how many lines matched it anywhere
   * @param definedSymbols the query's symbols that have a definition somewhere searched
   * @param ranked every candidate after deduplication, best first (to name where a hidden
   *     match is)
   * @param shown what the packer shows
   */
  public static List<String> of(
      Query query, String where, int[] hitsPerFragment, Set<String> definedSymbols,
      List<Candidate> ranked, List<Piece> shown) {
    List<String> out = new ArrayList<>();
    List<Fragment> fragments = query.fragments();
    for (Fragment f : fragments) {
      if (f.degradedToLiteral()) {
        out.add("Pattern '" + f.text() + "' is not a usable regex; it was searched as literal text");
      }
    }
    int total = 0;
    for (int count : hitsPerFragment) {
      total += count;
    }
    if (query.isPlainEnglish()) {
      if (total == 0) {
        out.add("None of the words of '" + query.text() + "' were found in " + where);
      }
    } else {
      for (int f = 0; f < fragments.size(); f++) {
        if (hitsPerFragment[f] == 0 && !definedAsTyped(query, fragments.get(f), definedSymbols)) {
          out.add("Pattern '" + fragments.get(f).text() + "' not found in " + where);
        }
      }
    }
    for (String symbol : query.definitionTargets()) {
      if (!containsIgnoreCase(definedSymbols, symbol) && !saidNotFound(symbol, fragments, hitsPerFragment)) {
        out.add("No definition found for '" + query.qualified().getOrDefault(symbol, symbol)
            + "' in " + where);
      }
    }
    if (!query.isPlainEnglish()) {
      for (int f = 0; f < fragments.size(); f++) {
        if (hitsPerFragment[f] > 0 && !isShown(f, shown)) {
          String file = firstFileWith(f, ranked);
          if (file != null) {
            out.add("Pattern '" + fragments.get(f).text() + "' IS in " + file
                + " but its match fell outside the selected chunks (budget/dedupe)");
          }
        }
      }
    }
    return ImmutableList.copyOf(out);
  }

  /**
   * Whether the symbol was the whole of a fragment that matched nothing: "not found" already
   * says everything, and "no definition" would repeat it. A fragment that asks for the
   * definition in so many words ({@code class Ranker}) still gets both.
   */
  private static boolean saidNotFound(String symbol, List<Fragment> fragments, int[] hits) {
    for (int f = 0; f < fragments.size(); f++) {
      if (fragments.get(f).text().equalsIgnoreCase(symbol) && hits[f] == 0) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether the fragment is a qualified name typed as written ({@code Scorer.score}) whose
   * definition was found: the code never spells it so, and "not found" would mislead.
   */
  private static boolean definedAsTyped(Query query, Fragment f, Set<String> definedSymbols) {
    String path = Query.qualifiedPath(f.text());
    if (path == null) {
      return false;
    }
    for (Map.Entry<String, String> e : query.qualified().entrySet()) {
      if (e.getValue().equals(path) && definedSymbols.contains(e.getKey())) {
        return true;
      }
    }
    return false;
  }

  private static boolean containsIgnoreCase(Set<String> set, String value) {
    for (String s : set) {
      if (s.equalsIgnoreCase(value)) {
        return true;
      }
    }
    return false;
  }

  private static boolean isShown(int fragment, List<Piece> shown) {
    for (Piece p : shown) {
      for (Hit h : p.candidate().region().hits()) {
        if (h.fragment() == fragment && h.line() >= p.start() && h.line() <= p.end()) {
          return true;
        }
      }
    }
    return false;
  }

  private static @Nullable String firstFileWith(int fragment, List<Candidate> ranked) {
    for (Candidate c : ranked) {
      for (Hit h : c.region().hits()) {
        if (h.fragment() == fragment) {
          return c.file();
        }
      }
    }
    return null;
  }
}
