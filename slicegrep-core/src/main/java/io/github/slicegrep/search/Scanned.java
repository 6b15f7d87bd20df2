package io.github.slicegrep.search;

import io.github.slicegrep.match.Hit;
import io.github.slicegrep.match.LineScanner;
import io.github.slicegrep.query.Query;
import io.github.slicegrep.source.SourceFile;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * The scan stage's outcome: every file's hits, which files matched, and the per-fragment counts
 * that fragment weights and negative evidence are taken from.
 *
 * @param files the files scanned, in the source's order
 * @param hitsByFile each file's hits, in line order
 * @param matched the positions in {@code files} of the files with a hit, ascending
 * @param hitsPerFragment hits of each fragment over all files
 * @param filesWithFragment files holding each fragment
 * @param matchedLines lines of the matched files, summed
 * @param hitLines lines holding a hit, over all files
 */
record Scanned(
    List<SourceFile> files, List<List<Hit>> hitsByFile, List<Integer> matched,
    int[] hitsPerFragment, int[] filesWithFragment, long matchedLines, long hitLines) {

  /** Scans the source's files for the query's fragments. */
  static Scanned of(Query query, CandidateSource source) {
    int fragmentCount = query.fragments().size();
    List<SourceFile> files = source.files();
    List<List<Hit>> hitsByFile = source.scan(LineScanner.of(query));
    int[] hitsPerFragment = new int[fragmentCount];
    int[] filesWithFragment = new int[fragmentCount];
    List<Integer> matched = new ArrayList<>();
    long matchedLines = 0;
    long hitLines = 0;
    BitSet seen = new BitSet(fragmentCount);
    for (int i = 0; i < files.size(); i++) {
      List<Hit> hits = hitsByFile.get(i);
      if (hits.isEmpty()) {
        continue;
      }
      matched.add(i);
      matchedLines += files.get(i).lineCount();
      seen.clear();
      int lastLine = -1;
      for (Hit h : hits) {
        if (h.line() != lastLine) {
          hitLines++; // a file's hits come in line order
          lastLine = h.line();
        }
        hitsPerFragment[h.fragment()]++;
        seen.set(h.fragment());
      }
      for (int f = seen.nextSetBit(0); f >= 0; f = seen.nextSetBit(f + 1)) {
        filesWithFragment[f]++;
      }
    }
    return new Scanned(
        files, hitsByFile, List.copyOf(matched), hitsPerFragment, filesWithFragment,
        matchedLines, hitLines);
  }

  /** The {@code k}-th matched file. */
  SourceFile matchedFile(int k) {
    return files.get(matched.get(k));
  }

  /** The hits of the {@code k}-th matched file. */
  List<Hit> matchedHits(int k) {
    return hitsByFile.get(matched.get(k));
  }
}
