package io.github.slicegrep.workspace;

import io.github.slicegrep.outline.Block;
import io.github.slicegrep.outline.Blocks;
import io.github.slicegrep.outline.Outline;
import io.github.slicegrep.outline.Outliner;
import io.github.slicegrep.outline.Outliners;
import io.github.slicegrep.rank.Dedupe;
import io.github.slicegrep.rank.FileFacts;
import io.github.slicegrep.recall.FileTerms;
import io.github.slicegrep.recall.TermCache;
import io.github.slicegrep.search.FileAnalyses;
import io.github.slicegrep.source.SourceFile;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Analyses kept with the kept file they came from, so that each is worked out once per version
 * of a file; a file the store does not hold (or holds in another version) is analysed afresh.
 * Outlines and recall terms stored in the persistent index are used when the file read kept
 * the stamp they were stored under, and those worked out here are added to the index.
 */
final class KeptAnalyses implements FileAnalyses {
  private final FileStore store;
  private final Outliner outliner = Outliners.standard();
  /** Each identifier's recall terms, shared by the analysis of every file. */
  private final TermCache termCache = new TermCache();

  KeptAnalyses(FileStore store) {
    this.store = store;
  }

  @Override
  public Outline outline(SourceFile file) {
    KeptFile kept = store.kept(file);
    if (kept == null) {
      return outliner.outline(file);
    }
    Outline o = kept.outline;
    if (o == null) {
      file.lines(); // a deferred file is read here, which tells whether it kept its stamp
      Outline stored = kept.indexedOutline == null ? null : kept.indexedOutline.outline();
      o = stored != null && kept.matchesStamp ? stored : outliner.outline(file);
      kept.outline = o;
      if (stored == null && kept.index != null && kept.matchesStamp) {
        kept.index.recordOutline(kept.relativePath, kept.stamp, o);
      }
    }
    return o;
  }

  /** Kept too: a staged search outlines every matched file this way, and repeats should not. */
  @Override
  public Outline roughOutline(SourceFile file) {
    return derived(
        file, Outliners.heuristic()::outline, k -> k.roughOutline, (k, o) -> k.roughOutline = o);
  }

  @Override
  public Dedupe.LineKeys lineKeys(SourceFile file) {
    return derived(file, Dedupe.LineKeys::of, k -> k.lineKeys, (k, v) -> k.lineKeys = v);
  }

  @Override
  public FileFacts facts(SourceFile file) {
    return derived(file, FileFacts::of, k -> k.facts, (k, f) -> k.facts = f);
  }

  /**
   * Kept per outline: a question's recall cuts every matched file into blocks, and a repeated
   * search by the same outline should not cut them again.
   */
  @Override
  public List<Block> blocks(SourceFile file, Outline outline) {
    KeptFile.OutlineBlocks kept =
        derived(
            file, f -> new KeptFile.OutlineBlocks(outline, Blocks.of(f, outline)),
            k -> {
              KeptFile.OutlineBlocks b = k.roughOutline == outline ? k.roughBlocks : k.blocks;
              return b != null && b.outline() == outline ? b : null;
            },
            (k, b) -> {
              if (k.roughOutline == outline) {
                k.roughBlocks = b;
              } else {
                k.blocks = b;
              }
            });
    return kept.blocks();
  }

  @Override
  public FileTerms terms(SourceFile file) {
    KeptFile kept = store.kept(file);
    if (kept == null) {
      return FileTerms.of(file, termCache);
    }
    FileTerms t = kept.terms;
    if (t == null) {
      file.lines(); // a deferred file is read here, which tells whether it kept its stamp
      t = kept.matchesStamp ? storedTerms(kept) : null;
      if (t == null) {
        t = FileTerms.of(file, termCache);
        if (kept.index != null && kept.matchesStamp) {
          kept.index.recordTerms(kept.relativePath, kept.stamp, t.encode());
        }
      }
      kept.terms = t;
    }
    return t;
  }

  private static @Nullable FileTerms storedTerms(KeptFile kept) {
    byte[] stored = kept.index == null ? null : kept.index.terms(kept.relativePath, kept.stamp);
    if (stored == null) {
      return null;
    }
    try {
      return FileTerms.decode(stored);
    } catch (IllegalArgumentException e) {
      return null; // checksummed, so only a bug writes this; analysing again is always right
    }
  }

  /**
   * Something worked out from a file's text, kept with the kept file so that it is worked out
   * once per version of the file; afresh for a file not (or no longer) kept.
   */
  private <T> T derived(
      SourceFile file, Function<SourceFile, T> compute, Function<KeptFile, @Nullable T> read,
      BiConsumer<KeptFile, T> write) {
    KeptFile kept = store.kept(file);
    if (kept == null) {
      return compute.apply(file);
    }
    T value = read.apply(kept);
    if (value == null) {
      value = compute.apply(file);
      write.accept(kept, value);
    }
    return value;
  }
}
