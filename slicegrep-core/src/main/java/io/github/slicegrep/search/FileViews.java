package io.github.slicegrep.search;

import io.github.slicegrep.outline.Outline;
import io.github.slicegrep.parallel.Parallel;
import io.github.slicegrep.rank.FileFacts;
import io.github.slicegrep.source.SourceFile;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One search's view of its files' analyses: which outline a file is cut and scored by (the
 * parser's for files that can make the cut, the heuristic's for the rest of a staged search),
 * each looked up once per search. Concurrent, since regions are cut and scored in parallel; a
 * {@link SourceFile} is equal only to itself, so these are identity maps all the same.
 */
final class FileViews {
  private final FileAnalyses analyses;
  /** Files outlined by the parser (all matched files unless the search is staged). */
  private final Set<SourceFile> preciseFiles;
  private final Map<SourceFile, Outline> preciseOutlines;
  private final Map<SourceFile, Outline> roughOutlines;
  private final Map<SourceFile, FileFacts> facts;

  /**
   * Views of up to about {@code files} files: the maps are made that big at once, since growing
   * them while regions are cut and scored in parallel cost a warm question about 1.5% of its
   * time.
   */
  FileViews(FileAnalyses analyses, int files) {
    this.analyses = analyses;
    this.preciseFiles = ConcurrentHashMap.newKeySet(files);
    this.preciseOutlines = new ConcurrentHashMap<>(files);
    this.roughOutlines = new ConcurrentHashMap<>(files);
    this.facts = new ConcurrentHashMap<>(files);
  }

  FileAnalyses analyses() {
    return analyses;
  }

  /** From now on these files are cut and scored by the parser's outline. */
  void makePrecise(Collection<SourceFile> files) {
    preciseFiles.addAll(files);
  }

  /**
   * Parses the precise files in parallel: parsing dominates a search that matches many files,
   * and the sequential steps after this would otherwise ask for them one at a time.
   */
  void outlinePreciseFiles() {
    List<SourceFile> files = List.copyOf(preciseFiles);
    Parallel.forEach(files.size(), i -> analyses.outline(files.get(i)));
  }

  /** The parser's outline for files that can make the cut; the heuristic's for the rest. */
  Outline outlineOf(SourceFile file) {
    if (preciseFiles.contains(file)) {
      return preciseOutlines.computeIfAbsent(file, analyses::outline);
    }
    return roughOutlines.computeIfAbsent(file, analyses::roughOutline);
  }

  /** The file's facts, looked up in the source's analyses once per search. */
  FileFacts factsOf(SourceFile file) {
    return facts.computeIfAbsent(file, analyses::facts);
  }
}
