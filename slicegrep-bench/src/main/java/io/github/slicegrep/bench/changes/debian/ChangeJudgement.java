package io.github.slicegrep.bench.changes.debian;

import static io.github.slicegrep.bench.questions.Judgement.overlaps;

import io.github.slicegrep.bench.truth.Span;
import java.util.List;

/**
 * How one answer did on one change request.
 *
 * @param shownRegions touched regions that some shown span overlaps
 * @param regions touched regions
 * @param fileRecall the share of the files holding a touched region that a shown span is in
 * @param tokens what the answer cost to read
 */
public record ChangeJudgement(int shownRegions, int regions, double fileRecall, int tokens) {
  /** The suite's hit: at least half of the touched regions shown. */
  public boolean hit() {
    return regions > 0 && 2 * shownRegions >= regions;
  }

  /** Judges the spans an engine showed for {@code request}. */
  public static ChangeJudgement of(ChangeRequest request, List<Span> shown, int tokens) {
    int seen = 0;
    for (Span r : request.regions()) {
      if (shown.stream().anyMatch(s -> overlaps(s, r))) {
        seen++;
      }
    }
    List<String> files = request.files();
    long filesSeen = files.stream()
        .filter(f -> shown.stream().anyMatch(s -> s.file().equals(f))).count();
    return new ChangeJudgement(seen, request.regions().size(),
        (double) filesSeen / files.size(), tokens);
  }
}
