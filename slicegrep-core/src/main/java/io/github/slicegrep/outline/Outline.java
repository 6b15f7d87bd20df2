package io.github.slicegrep.outline;

import com.google.common.collect.ImmutableList;
import io.github.slicegrep.source.SourceFile;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/** The definitions of one file, ordered by start line (outer before inner on ties). */
public final class Outline {
  /**
   * By first line, the longer of two that start together first. Written out: the JDK's comparator
   * combinators spin lambda classes of their own at run time, which no class-data archive keeps.
   * Declared before {@link #EMPTY}, whose construction sorts with it.
   */
  private static final Comparator<Definition> OUTER_FIRST =
      (a, b) -> a.startLine() != b.startLine()
          ? Integer.compare(a.startLine(), b.startLine())
          : Integer.compare(b.endLine(), a.endLine());

  private static final Outline EMPTY = new Outline(List.of());

  private final ImmutableList<Definition> definitions;
  /**
   * For each line, the index of its smallest enclosing definition plus one (0 for none), worked
   * out on first use: a question asks this for every hit of thousands of regions, and walking
   * the definitions each time was a good part of building them. Racing threads build equal
   * arrays, so publishing one without a lock is safe.
   */
  private volatile int @Nullable [] innermost;

  private Outline(List<Definition> definitions) {
    this.definitions = ImmutableList.sortedCopyOf(OUTER_FIRST, definitions);
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
    return Optional.ofNullable(innermost(line));
  }

  /** {@link #enclosing}, or null: asked for every hit line of thousands of regions. */
  public @Nullable Definition innermost(int line) {
    int[] byLine = innermost;
    if (byLine == null) {
      byLine = innermostByLine();
      innermost = byLine;
    }
    int k = line >= 1 && line < byLine.length ? byLine[line] : 0;
    return k == 0 ? null : definitions.get(k - 1);
  }

  /**
   * The smallest enclosing definition of every line, filled in the order a walk of the
   * definitions would meet them, so that ties go the same way (to the later one).
   */
  private int[] innermostByLine() {
    int last = 0;
    for (Definition d : definitions) {
      last = Math.max(last, d.endLine());
    }
    int[] byLine = new int[last + 1];
    for (int k = 0; k < definitions.size(); k++) {
      Definition d = definitions.get(k);
      if (d.kind() == Definition.Kind.NAMESPACE) {
        continue;
      }
      for (int line = Math.max(1, d.startLine()); line <= d.endLine(); line++) {
        int current = byLine[line];
        if (current == 0 || d.lineCount() <= definitions.get(current - 1).lineCount()) {
          byLine[line] = k + 1;
        }
      }
    }
    return byLine;
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
        .toList();
  }

  /**
   * Whether the smallest definition containing {@code line} is a declaration without a body (a
   * prototype, an abstract or interface method): a match there is not the implementation.
   */
  public boolean isDeclarationOnly(int line) {
    Definition d = innermost(line);
    return d != null && d.declarationOnly();
  }

  /** The definition-aligned blocks of {@code file}, which this outline must describe. */
  public List<Block> blocks(SourceFile file) {
    return Blocks.of(file, this);
  }

}
