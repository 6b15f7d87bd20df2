package io.github.slicegrep.outline;

import io.github.slicegrep.outline.Definition.Kind;
import io.github.slicegrep.source.SourceFile;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;

/**
 * Python's classes and functions from its tokens alone: strings, comments, brackets and line
 * continuations decide where each logical line starts and ends, and indentation decides the
 * blocks, exactly as Python's own tokenizer does. It gives the tree-sitter outline's
 * definitions (decorators and the comment lines right above included, the same last lines)
 * about a hundred times faster than the parser built into the grammar jar, which is compiled
 * without optimisation: parsing was most of a first search's time on a Python tree.
 *
 * <p>It answers only where it is sure. A file with a tab or form feed in its indentation, an
 * unterminated string or bracket, a dedent to a level never opened, or a definition whose name
 * is not on its keyword's line is left to the parser (empty result), as is anything else the
 * tokenizer does not expect.
 */
final class PythonOutliner {
  private PythonOutliner() {}

  /** The outline, or empty when the file is left to the parser. */
  static Optional<Outline> outline(SourceFile file) {
    try {
      List<Definition> found = new Scan(file.lines()).definitions();
      return found == null ? Optional.empty() : Optional.of(Outline.of(Nesting.qualify(found)));
    } catch (RuntimeException e) {
      // An input the scan did not foresee: the parser decides.
      return Optional.empty();
    }
  }

  /** A definition opened by its header, waiting for the dedent that closes it. */
  private static final class Open {
    final Kind kind;
    final String name;
    final int indent;
    final int startRow;
    final int headerRow;
    /** The last row of the last logical line seen inside it (its header's, at first). */
    int lastRow;

    Open(Kind kind, String name, int indent, int startRow, int headerRow, int lastRow) {
      this.kind = kind;
      this.name = name;
      this.indent = indent;
      this.startRow = startRow;
      this.headerRow = headerRow;
      this.lastRow = lastRow;
    }
  }

  /** One pass over the lines; every row is 0-based. */
  private static final class Scan {
    private final List<String> lines;
    /** Rows holding only a comment: they attach to a definition right below them. */
    private final boolean[] commentRow;
    private final List<Definition> out = new ArrayList<>();
    private final Deque<Open> open = new ArrayDeque<>();
    /** Indentation levels opened so far (Python's indent stack). */
    private final Deque<Integer> indents = new ArrayDeque<>();
    /** The comment lines since the last logical line: row and indentation. */
    private final List<int[]> pendingComments = new ArrayList<>();
    /** First row of the run of decorators right above the next logical line, or -1. */
    private int decoratorRow = -1;
    private int decoratorIndent = -1;
    /** The row of the last token of the logical line {@link #endOfLogicalLine} last read. */
    private int lastTokenRow;

    Scan(List<String> lines) {
      this.lines = lines;
      this.commentRow = new boolean[lines.size()];
      indents.push(0);
    }

    /** The definitions (innermost closed first), or null when the parser must decide. */
    List<Definition> definitions() {
      int row = 0;
      int n = lines.size();
      while (row < n) {
        String line = lines.get(row);
        if (line.isBlank()) {
          row++;
          continue;
        }
        int indent = indentOf(line);
        if (indent < 0) {
          return null; // a tab or form feed in the indentation
        }
        if (line.charAt(indent) == '#') {
          commentRow[row] = true;
          pendingComments.add(new int[] {row, indent});
          row++;
          continue;
        }
        int last = endOfLogicalLine(row, indent);
        if (last < 0 || !logicalLine(row, indent, lastTokenRow)) {
          return null;
        }
        row = last + 1;
      }
      dedentTo(0);
      closeDeeperThan(-1);
      return out;
    }

    /**
     * Takes one logical line from {@code first} to its last token's row {@code last} (a
     * backslash can carry it over blank lines after that); false when unsure.
     */
    private boolean logicalLine(int first, int indent, int last) {
      if (indent > indents.peek()) {
        indents.push(indent);
      } else if (!dedentTo(indent)) {
        return false; // a dedent to a level never opened
      }
      pendingComments.clear();
      closeDeeperThan(indent);
      for (Open o : open) {
        o.lastRow = last;
      }
      String line = lines.get(first);
      char c = line.charAt(indent);
      if (c == '@') {
        if (decoratorRow < 0 || decoratorIndent != indent) {
          decoratorRow = first;
          decoratorIndent = indent;
        }
        return true;
      }
      int at = indent;
      if (startsWord(line, at, "async")) {
        at = skipSpaces(line, at + 5);
        if (!startsWord(line, at, "def")) {
          decoratorRow = -1;
          return true;
        }
      }
      Kind kind = null;
      int nameFrom = -1;
      if (startsWord(line, at, "def")) {
        kind = Kind.FUNCTION;
        nameFrom = skipSpaces(line, at + 3);
      } else if (startsWord(line, at, "class")) {
        kind = Kind.CLASS;
        nameFrom = skipSpaces(line, at + 5);
      }
      int start = decoratorRow >= 0 && decoratorIndent == indent ? decoratorRow : first;
      decoratorRow = -1;
      if (kind == null) {
        return true;
      }
      int nameTo = nameFrom;
      while (nameTo < line.length() && Character.isJavaIdentifierPart(line.charAt(nameTo))) {
        nameTo++;
      }
      if (nameTo == nameFrom || nameFrom == at + (kind == Kind.FUNCTION ? 3 : 5)) {
        return false; // the name is not on the keyword's line, or not separated from it
      }
      while (start > 0 && commentRow[start - 1]) {
        start--;
      }
      open.push(new Open(kind, line.substring(nameFrom, nameTo), indent, start, first, last));
      return true;
    }

    /**
     * Leaves the blocks deeper than {@code indent}, taking the comment lines met since the last
     * logical line into a block while they are indented at least as deep as it (a comment that
     * ends a function's body at the body's indentation belongs to the function, as it does for
     * the parser). False when {@code indent} is no level opened.
     */
    private boolean dedentTo(int indent) {
      int next = 0;
      while (indent < indents.peek()) {
        int block = indents.peek();
        if (next < pendingComments.size() && pendingComments.get(next)[1] >= block) {
          int row = pendingComments.get(next++)[0];
          for (Open o : open) {
            if (o.indent < block) {
              o.lastRow = row;
            }
          }
        } else {
          indents.pop();
        }
      }
      return indent == indents.peek();
    }

    /** Closes the open definitions whose header is at {@code indent} or deeper. */
    private void closeDeeperThan(int indent) {
      while (!open.isEmpty() && open.peek().indent >= indent) {
        Open o = open.pop();
        out.add(new Definition(o.kind, o.name, o.name, o.startRow + 1, o.lastRow + 1,
            o.headerRow + 1));
      }
    }

    /**
     * The last row of the logical line starting at {@code row}: strings, brackets and
     * backslashes carry it over line ends. -1 for an unterminated string or bracket. Sets
     * {@link #lastTokenRow}.
     */
    private int endOfLogicalLine(int row, int from) {
      int depth = 0;
      int r = row;
      int i = from;
      lastTokenRow = row;
      while (r < lines.size()) {
        String line = lines.get(r);
        boolean continued = false;
        while (i < line.length()) {
          char c = line.charAt(i);
          if (c == '#') {
            // A comment on a row the logical line reaches (after a backslash) is part of it.
            lastTokenRow = r;
            break;
          } else if (c == '\'' || c == '"') {
            long end = skipString(r, i);
            if (end < 0) {
              return -1;
            }
            int endRow = (int) (end >>> 32);
            if (endRow != r) {
              r = endRow;
              line = lines.get(r);
            }
            lastTokenRow = r;
            i = (int) end;
            continue;
          } else if (c == '(' || c == '[' || c == '{') {
            depth++;
          } else if (c == ')' || c == ']' || c == '}') {
            depth--;
            if (depth < 0) {
              return -1;
            }
          } else if (c == '\\' && i == line.length() - 1) {
            continued = true;
            break;
          }
          if (c != ' ' && c != '\t' && c != '\f') {
            lastTokenRow = r;
          }
          i++;
        }
        if (depth == 0 && !continued) {
          return r;
        }
        r++;
        i = 0;
      }
      return -1;
    }

    /**
     * Skips the string whose quote is at {@code (row, i)}: its row and the index right after its
     * closing quote, packed as {@code row << 32 | index}; -1 when it never closes. A backslash
     * always takes the next character with it (raw strings too, as far as ending goes).
     */
    private long skipString(int row, int i) {
      String line = lines.get(row);
      char q = line.charAt(i);
      boolean triple = i + 2 < line.length() && line.charAt(i + 1) == q && line.charAt(i + 2) == q;
      int r = row;
      int k = i + (triple ? 3 : 1);
      while (r < lines.size()) {
        line = lines.get(r);
        while (k < line.length()) {
          char c = line.charAt(k);
          if (c == '\\') {
            k += 2;
            continue;
          }
          if (c == q) {
            if (!triple) {
              return ((long) r << 32) | (k + 1);
            }
            if (k + 2 < line.length() && line.charAt(k + 1) == q && line.charAt(k + 2) == q) {
              return ((long) r << 32) | (k + 3);
            }
          }
          k++;
        }
        boolean escapedNewline = k > line.length();
        if (!triple && !escapedNewline) {
          return -1; // a one-line string that ends with its line
        }
        r++;
        k = 0;
      }
      return -1;
    }

    /** Columns of leading whitespace, or -1 when it holds a tab or form feed. */
    private static int indentOf(String line) {
      int i = 0;
      while (i < line.length()) {
        char c = line.charAt(i);
        if (c == ' ') {
          i++;
        } else if (c == '\t' || c == '\f') {
          return -1;
        } else {
          break;
        }
      }
      return i;
    }

    private static int skipSpaces(String line, int i) {
      while (i < line.length() && line.charAt(i) == ' ') {
        i++;
      }
      return i;
    }

    private static boolean startsWord(String line, int at, String word) {
      int end = at + word.length();
      return line.startsWith(word, at)
          && (end == line.length() || !Character.isJavaIdentifierPart(line.charAt(end)));
    }
  }
}
