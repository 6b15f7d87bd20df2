package io.github.slicegrep.search;

import io.github.slicegrep.outline.Block;
import io.github.slicegrep.outline.Blocks;
import io.github.slicegrep.outline.Outline;
import io.github.slicegrep.outline.Outliner;
import io.github.slicegrep.outline.Outliners;
import io.github.slicegrep.rank.Dedupe;
import io.github.slicegrep.rank.FileFacts;
import io.github.slicegrep.recall.FileTerms;
import io.github.slicegrep.recall.TermCache;
import io.github.slicegrep.source.SourceFile;
import java.util.List;

/**
 * What a search derives from a file's text apart from any query. A source that keeps files
 * between searches keeps these with them; {@link #computed()} works them out every time. Every
 * method is a pure function of the file's text: two implementations give equal answers.
 */
public interface FileAnalyses {
  /** The parser's outline (the heuristic's where no grammar applies). */
  Outline outline(SourceFile file);

  /** The heuristic outline, which a staged search uses for files that cannot make the cut. */
  Outline roughOutline(SourceFile file);

  /** The recall blocks of {@code file} as cut by {@code outline}. */
  List<Block> blocks(SourceFile file, Outline outline);

  /** The recall terms of each line. */
  FileTerms terms(SourceFile file);

  /** What scoring knows of the file (test, vendored, generated, path words). */
  FileFacts facts(SourceFile file);

  /** The lines as deduplication compares them. */
  Dedupe.LineKeys lineKeys(SourceFile file);

  /**
   * Analyses computed afresh on every call: for a source that keeps nothing, and for tests of
   * one stage.
   *
   * @return analyses with no memory
   */
  static FileAnalyses computed() {
    Outliner outliner = Outliners.standard();
    TermCache termCache = new TermCache();
    return new FileAnalyses() {
      @Override
      public Outline outline(SourceFile file) {
        return outliner.outline(file);
      }

      @Override
      public Outline roughOutline(SourceFile file) {
        return Outliners.heuristic().outline(file);
      }

      @Override
      public List<Block> blocks(SourceFile file, Outline outline) {
        return Blocks.of(file, outline);
      }

      @Override
      public FileTerms terms(SourceFile file) {
        return FileTerms.of(file, termCache);
      }

      @Override
      public FileFacts facts(SourceFile file) {
        return FileFacts.of(file);
      }

      @Override
      public Dedupe.LineKeys lineKeys(SourceFile file) {
        return Dedupe.LineKeys.of(file);
      }
    };
  }
}
