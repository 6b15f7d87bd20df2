package io.github.slicegrep.outline;

import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A run of lines that belongs to one definition (or to top-level code), the unit of recall.
 *
 * @param startLine first line, 1-based
 * @param endLine last line, inclusive
 * @param owner the definition these lines belong to; null for top-level code between definitions
 * @param window 0 for the first (or only) window of the owner's lines, 1, 2... for later windows
 *     of a long one
 */
public record Block(int startLine, int endLine, @Nullable Definition owner, int window) {
  public Block {
    if (startLine < 1 || endLine < startLine || window < 0) {
      throw new IllegalArgumentException(
          String.format("bad block: lines %d-%d window %d", startLine, endLine, window));
    }
  }

  /** The owning definition, empty for top-level code. */
  public Optional<Definition> definition() {
    return Optional.ofNullable(owner);
  }

  public int lineCount() {
    return endLine - startLine + 1;
  }
}
