package io.github.slicegrep.solr;

import io.github.slicegrep.outline.Block;
import io.github.slicegrep.outline.Outline;
import io.github.slicegrep.rank.Dedupe;
import io.github.slicegrep.rank.FileFacts;
import io.github.slicegrep.recall.FileTerms;
import io.github.slicegrep.search.FileAnalyses;
import io.github.slicegrep.source.SourceFile;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The core's computed analyses, each worked out once per file and kept while the file is kept
 * ({@link FileCache} calls {@link #forget} when it drops one): a search asks for a file's outline
 * and terms from several stages, and a later search of the same file at the same hash reuses
 * them. Files are keys by identity (each rebuilt file is a distinct object). Thread-safe.
 */
final class RememberedAnalyses implements FileAnalyses {
  private final FileAnalyses computed = FileAnalyses.computed();
  private final Map<SourceFile, Outline> outlines = new ConcurrentHashMap<>();
  private final Map<SourceFile, Outline> roughOutlines = new ConcurrentHashMap<>();
  private final Map<SourceFile, FileTerms> terms = new ConcurrentHashMap<>();
  private final Map<SourceFile, FileFacts> facts = new ConcurrentHashMap<>();
  private final Map<SourceFile, Dedupe.LineKeys> lineKeys = new ConcurrentHashMap<>();

  private static <T> T once(Map<SourceFile, T> kept, SourceFile file, Function<SourceFile, T> f) {
    T value = kept.get(file);
    if (value == null) {
      value = f.apply(file);
      T raced = kept.putIfAbsent(file, value);
      return raced != null ? raced : value;
    }
    return value;
  }

  /** Drops what was worked out for {@code file}. */
  void forget(SourceFile file) {
    outlines.remove(file);
    roughOutlines.remove(file);
    terms.remove(file);
    facts.remove(file);
    lineKeys.remove(file);
  }

  @Override
  public Outline outline(SourceFile file) {
    return once(outlines, file, computed::outline);
  }

  @Override
  public Outline roughOutline(SourceFile file) {
    return once(roughOutlines, file, computed::roughOutline);
  }

  @Override
  public List<Block> blocks(SourceFile file, Outline outline) {
    return computed.blocks(file, outline);
  }

  @Override
  public FileTerms terms(SourceFile file) {
    return once(terms, file, computed::terms);
  }

  @Override
  public FileFacts facts(SourceFile file) {
    return once(facts, file, computed::facts);
  }

  @Override
  public Dedupe.LineKeys lineKeys(SourceFile file) {
    return once(lineKeys, file, computed::lineKeys);
  }
}
