package io.github.slicegrep.outline;

import com.google.common.collect.ImmutableList;
import io.github.slicegrep.source.SourceFile;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Cuts a file into definition-aligned blocks: every line belongs to the innermost type, or
 * top-level function, that contains it, or to top-level code. A function keeps its nested
 * functions and closures (they make sense only inside it), while a class gives its methods their
 * own blocks and keeps its header, fields and the gaps between methods. Blank lines at the edges
 * of a run are trimmed; runs longer than {@link #WINDOW_LINES} are split into overlapping
 * windows; runs of nothing but closing punctuation ({@code }}, {@code end}) are dropped.
 */
public final class Blocks {
  /**
   * Longest block: about one screen and 500-900 tokens of code, short enough that BM25 length
   * normalisation does not bury a focused method under a long one.
   */
  public static final int WINDOW_LINES = 60;

  /** Lines shared by consecutive windows, so a statement cut by a window edge is whole in one. */
  public static final int WINDOW_OVERLAP = 10;

  private static final Pattern TRIVIAL_LINE = Pattern.compile("\\s*(?:[})\\];,]*|end)\\s*");

  private Blocks() {}

  /** The blocks of a file, in line order, given its outline. */
  public static List<Block> of(SourceFile file, Outline outline) {
    int n = file.lineCount();
    Definition[] owner = new Definition[n + 1];
    Deque<Definition> open = new ArrayDeque<>();
    int openFunctions = 0;
    for (Definition d : outline.definitions()) {
      while (!open.isEmpty() && open.peek().endLine() < d.startLine()) {
        if (!open.pop().kind().isContainer()) {
          openFunctions--;
        }
      }
      if (openFunctions == 0) {
        // Definitions come outer first, so an inner one overwrites its container's lines.
        for (int line = d.startLine(); line <= Math.min(d.endLine(), n); line++) {
          owner[line] = d;
        }
      }
      open.push(d);
      if (!d.kind().isContainer()) {
        openFunctions++;
      }
    }
    ImmutableList.Builder<Block> out = ImmutableList.builder();
    int runStart = 1;
    for (int line = 2; line <= n + 1; line++) {
      if (line == n + 1 || owner[line] != owner[runStart]) {
        addRun(file, runStart, line - 1, owner[runStart], out);
        runStart = line;
      }
    }
    return out.build();
  }

  private static void addRun(
      SourceFile file, int from, int to, @Nullable Definition owner,
      ImmutableList.Builder<Block> out) {
    while (from <= to && file.line(from).isBlank()) {
      from++;
    }
    while (to >= from && file.line(to).isBlank()) {
      to--;
    }
    if (to < from || isTrivial(file, from, to)) {
      return;
    }
    int window = 0;
    int start = from;
    while (true) {
      int end = Math.min(start + WINDOW_LINES - 1, to);
      out.add(new Block(start, end, owner, window++));
      if (end == to) {
        return;
      }
      start = end - WINDOW_OVERLAP + 1;
    }
  }

  private static boolean isTrivial(SourceFile file, int from, int to) {
    for (int line = from; line <= to; line++) {
      if (!TRIVIAL_LINE.matcher(file.line(line)).matches()) {
        return false;
      }
    }
    return true;
  }
}
