package io.github.slicegrep.outline;

import io.github.slicegrep.source.SourceFile;

/** Finds the definitions of a file. Implementations are stateless and thread-safe. */
public interface Outliner {
  Outline outline(SourceFile file);
}
