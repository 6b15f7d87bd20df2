package io.github.slicegrep.rank;

import com.google.common.collect.ImmutableList;
import io.github.slicegrep.match.Region;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * A scored region, ready for packing.
 *
 * @param region the region
 * @param score its score (higher is better)
 * @param reasons the signals that moved it, by their reason names
 * @param test whether it lies in test code
 * @param defines the queried symbols it holds the definition of
 * @param references the queried symbols it mentions other than by defining them
 * @param calls the queried symbols among those it calls or instantiates ({@code name(},
 *     {@code new Name}): the strongest kind of reference
 * @param focusLine the line a cut of it must keep: the header of the queried definition it
 *     holds, else the hit with the most distinct fragments around it
 * @param focusEnd the line a cut grows down to before it grows upwards: the end of the queried
 *     definition (within the region), else {@code focusLine}
 */
public record Candidate(
    Region region, double score, List<String> reasons, boolean test, Set<String> defines,
    Set<String> references, Set<String> calls, int focusLine, int focusEnd) {

  /**
   * Best first: by score, then by file and first line, so that a ranking never depends on the
   * order regions were found in. Written out rather than composed from key extractors: a
   * question sorts thousands of candidates, and the composed form was a good part of that.
   */
  public static final Comparator<Candidate> BEST_FIRST =
      (a, b) -> {
        int byScore = Double.compare(-a.score, -b.score);
        if (byScore != 0) {
          return byScore;
        }
        int byFile = a.file().compareTo(b.file());
        return byFile != 0 ? byFile : Integer.compare(a.region.start(), b.region.start());
      };

  public Candidate {
    reasons = ImmutableList.copyOf(reasons);
    defines = Set.copyOf(defines);
    references = Set.copyOf(references);
    calls = Set.copyOf(calls);
  }

  public String file() {
    return region.file().relativePath();
  }

  public boolean isDefinition() {
    return !defines.isEmpty();
  }

  /** The same candidate with a new score (on the same scale, to one decimal), and why. */
  public Candidate rescored(double newScore, String reason) {
    return new Candidate(
        region, Math.round(newScore * 10) / 10.0,
        ImmutableList.<String>builder().addAll(reasons).add(reason).build(), test, defines,
        references, calls, focusLine, focusEnd);
  }

  /** The same candidate with one more reason (a guarantee it was picked for). */
  public Candidate withReason(String reason) {
    return new Candidate(
        region, score, ImmutableList.<String>builder().addAll(reasons).add(reason).build(), test,
        defines, references, calls, focusLine, focusEnd);
  }
}
