package io.github.slicegrep.outline;

import com.google.common.collect.ImmutableList;
import io.github.slicegrep.source.SourceFile;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/** The definitions of one file, ordered by start line (outer before inner on ties). */
public final class Outline {
  private static final Outline EMPTY = new Outline(List.of());

  private final ImmutableList<Definition> definitions;

  private Outline(List<Definition> definitions) {
    this.definitions =
        ImmutableList.sortedCopyOf(
            Comparator.comparingInt(Definition::startLine)
                .thenComparing(Comparator.comparingInt(Definition::endLine).reversed()),
            definitions);
  }

  public static Outline of(List<Definition> definitions) {
    return definitions.isEmpty() ? EMPTY : new Outline(definitions);
  }

  public static Outline empty() {
    return EMPTY;
  }

  public List<Definition> definitions() {
    return definitions;
  }

  /**
   * The smallest definition that contains {@code line}, if any. Namespaces do not count: they
   * only organise names and often span the whole file (C# {@code namespace X;}), so a line
   * between the classes of a namespace is top-level code, not the namespace.
   */
  public Optional<Definition> enclosing(int line) {
    Definition best = null;
    for (Definition d : definitions) {
      if (d.startLine() > line) {
        break;
      }
      if (d.kind() != Definition.Kind.NAMESPACE
          && d.contains(line)
          && (best == null || d.lineCount() <= best.lineCount())) {
        best = d;
      }
    }
    return Optional.ofNullable(best);
  }

  /** The smallest definition other than {@code inner} that contains all of it, if any. */
  public Optional<Definition> parent(Definition inner) {
    Definition best = null;
    for (Definition d : definitions) {
      if (d.startLine() > inner.startLine()) {
        break;
      }
      if (d != inner && d.kind() != Definition.Kind.NAMESPACE
          && d.startLine() <= inner.startLine() && d.endLine() >= inner.endLine()
          && (best == null || d.lineCount() <= best.lineCount())) {
        best = d;
      }
    }
    return Optional.ofNullable(best);
  }

  /** Definitions whose simple name equals {@code name}, ignoring case. */
  public List<Definition> named(String name) {
    return definitions.stream()
        .filter(d -> d.name().equalsIgnoreCase(name))
        .collect(ImmutableList.toImmutableList());
  }

  /**
   * Whether the smallest definition containing {@code line} is a declaration without a body (a
   * prototype, an abstract or interface method): a match there is not the implementation.
   */
  public boolean isDeclarationOnly(int line) {
    return enclosing(line).map(Definition::declarationOnly).orElse(false);
  }

  /** The definition-aligned blocks of {@code file}, which this outline must describe. */
  public List<Block> blocks(SourceFile file) {
    return Blocks.of(file, this);
  }

}
