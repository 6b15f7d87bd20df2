package io.github.slicegrep.pack;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.slicegrep.Objective;
import io.github.slicegrep.Omission;
import io.github.slicegrep.match.Hit;
import io.github.slicegrep.match.Region;
import io.github.slicegrep.rank.Candidate;
import io.github.slicegrep.source.SourceFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What the omitted list says first: where to read on once the budget is spent. */
class PackerTest {
  private static SourceFile file(String name, int lines) {
    List<String> text = new ArrayList<>();
    for (int i = 1; i <= lines; i++) {
      text.add("    value_" + i + " = compute_something(value_" + (i - 1) + ", " + i + ")");
    }
    return SourceFile.of(Path.of(name), name, String.join("\n", text));
  }

  private static Candidate candidate(SourceFile f, int start, int end, double score, int... hits) {
    List<Hit> h = new ArrayList<>();
    for (int line : hits) {
      h.add(new Hit(line, 0));
    }
    Region r = new Region(f, start, end, h, null);
    return new Candidate(r, score, List.of(), false, Set.of(), Set.of(), Set.of(), hits[0],
        hits[0]);
  }

  @Test
  void theRestOfACutChunkKeepsHalfItsScorePlusHalfByTheHitsItHolds() {
    SourceFile big = file("big.py", 400);
    // Four hits: the cut around the first keeps it; the rest below holds the other three.
    Candidate c = candidate(big, 1, 400, 100, 10, 300, 310, 320);
    Packing p = Packer.pack(List.of(c), List.of(), List.of(), 300, Objective.SINGLE, Set.of());
    assertEquals(1, p.pieces().size());
    Piece shown = p.pieces().get(0);
    List<Omission> rest = p.omitted();
    assertEquals(Omission.TRUNCATED, rest.get(rest.size() - 1).why());
    for (Omission o : rest) {
      int inside = 0;
      for (int hit : new int[] {10, 300, 310, 320}) {
        inside += hit >= o.lineStart() && hit <= o.lineEnd() ? 1 : 0;
      }
      assertEquals(100 * (0.5 + 0.5 * inside / 4.0), o.score(), 1e-9,
          o + " beside the shown " + shown.start() + "-" + shown.end());
    }
  }

  @Test
  void anOmissionInAShownFileIsListedAsIfItScoredTwiceAsMuch() {
    SourceFile a = file("a.py", 200);
    SourceFile b = file("b.py", 200);
    Candidate best = candidate(a, 1, 20, 100, 5);
    Candidate otherFile = candidate(b, 1, 150, 60, 10);
    Candidate sameFile = candidate(a, 100, 200, 35, 120);
    Candidate weak = candidate(b, 160, 200, 20, 170);
    // Room for the best chunk only (each of the others is larger than what is left).
    int budget = Piece.cost(a, 1, 20) + 30;
    Packing p = Packer.pack(List.of(best, otherFile, sameFile, weak), List.of(), List.of(), budget,
        Objective.SINGLE, Set.of());
    assertEquals(List.of("a.py"), p.pieces().stream().map(x -> x.candidate().file()).toList());
    assertEquals(List.of("a.py:100", "b.py:1", "b.py:160"),
        p.omitted().stream().map(o -> o.file() + ":" + o.lineStart()).toList(),
        "a.py's 35 counts as 70 beside b.py's 60; the scores listed are their own");
    assertEquals(35, p.omitted().get(0).score(), 1e-9);
  }
}
