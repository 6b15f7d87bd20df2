package io.github.slicegrep.outline;

import io.github.slicegrep.source.SourceFile;

/** The outliner slicegrep uses for each file. */
public final class Outliners {
  private static final Outliner HEURISTIC = new HeuristicOutliner();

  private Outliners() {}

  /** The best available outliner, chosen per file by its language. */
  public static Outliner standard() {
    return Outliners::outlineWithBestAvailable;
  }

  private static Outline outlineWithBestAvailable(SourceFile file) {
    return HEURISTIC.outline(file);
  }
}
