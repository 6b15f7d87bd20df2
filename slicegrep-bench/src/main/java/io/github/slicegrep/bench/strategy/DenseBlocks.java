package io.github.slicegrep.bench.strategy;

import io.github.slicegrep.bench.truth.SourceFile;
import io.github.slicegrep.bench.truth.SourceSet;
import io.github.slicegrep.bench.truth.Span;
import io.github.slicegrep.dense.DenseRuntime;
import io.github.slicegrep.dense.StaticModel;
import io.github.slicegrep.outline.Block;
import io.github.slicegrep.outline.Blocks;
import io.github.slicegrep.outline.Outliner;
import io.github.slicegrep.outline.Outliners;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A corpus cut into slicegrep's own definition-aligned blocks (tree-sitter outlines, the engine's
 * {@link Blocks}), each embedded once by the static model (path words plus its lines), ranked by
 * cosine similarity to the query.
 */
final class DenseBlocks {
  private final List<Span> spans = new ArrayList<>();
  private final List<float[]> vectors = new ArrayList<>();
  private final StaticModel model;

  DenseBlocks(SourceSet sources, Path root, DenseRuntime runtime, StaticModel model) {
    this.model = model;
    Outliner outliner = Outliners.standard();
    for (SourceFile f : sources.files()) {
      if (f.lineCount() == 0) {
        continue;
      }
      io.github.slicegrep.source.SourceFile file = io.github.slicegrep.source.SourceFile.of(
          root.resolve(f.path()), f.path(), String.join("\n", f.lines()));
      for (Block b : Blocks.of(file, outliner.outline(file))) {
        int end = Math.min(b.endLine(), f.lineCount());
        if (end < b.startLine()) {
          continue;
        }
        String text = f.path() + "\n" + String.join("\n", f.lines().subList(b.startLine() - 1, end));
        spans.add(new Span(f.path(), b.startLine(), end));
        vectors.add(runtime.embedBlock(model, text));
      }
    }
  }

  /** The {@code k} blocks most similar to {@code query}, best first; ties by position. */
  List<Span> top(String query, int k) {
    float[] q = model.embed(query);
    double[] score = new double[spans.size()];
    for (int i = 0; i < spans.size(); i++) {
      score[i] = StaticModel.cosine(q, vectors.get(i));
    }
    return TermIndex.best(spans, score, k);
  }
}
