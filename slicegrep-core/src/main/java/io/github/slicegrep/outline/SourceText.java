package io.github.slicegrep.outline;

import java.util.List;
import org.treesitter.TSNode;
import org.treesitter.TSPoint;

/**
 * The text handed to a parser and the way back from its positions. Tree-sitter reports rows and
 * UTF-8 byte columns; lines are joined with {@code \n} alone so that its rows are exactly the
 * editor's lines even when the file used {@code \r} or {@code \r\n}.
 */
final class SourceText {
  private final List<String> lines;
  private final String joined;

  SourceText(List<String> lines) {
    this.lines = lines;
    this.joined = String.join("\n", lines);
  }

  String joined() {
    return joined;
  }

  int lineCount() {
    return lines.size();
  }

  /** 0-based row of the first line of a node. */
  static int startRow(TSNode node) {
    return node.getStartPoint().getRow();
  }

  /**
   * 0-based row of the last line of a node. A node whose end sits at column 0 of a later row (a
   * line comment or a block that swallowed its newline) ends on the row before.
   */
  static int endRow(TSNode node) {
    TSPoint start = node.getStartPoint();
    TSPoint end = node.getEndPoint();
    if (end.getColumn() == 0 && end.getRow() > start.getRow()) {
      return end.getRow() - 1;
    }
    return end.getRow();
  }

  /**
   * Like {@link #endRow}, but a node that ends inside the indentation of a later row (an
   * indentation-based block, as in Scala 3 or Haskell, that took the next line's leading
   * whitespace) also ends on the row before.
   */
  int lastCodeRow(TSNode node) {
    int row = endRow(node);
    TSPoint end = node.getEndPoint();
    if (row != end.getRow() || row == startRow(node) || row >= lines.size()) {
      return row;
    }
    String line = lines.get(row);
    int column = Math.min(charIndex(line, end.getColumn()), line.length());
    return line.substring(0, column).isBlank() ? row - 1 : row;
  }

  /** The text of a node on its first line (names are single-line), stripped. */
  String text(TSNode node) {
    TSPoint start = node.getStartPoint();
    TSPoint end = node.getEndPoint();
    int row = start.getRow();
    if (row >= lines.size()) {
      return "";
    }
    String line = lines.get(row);
    int from = charIndex(line, start.getColumn());
    int to = end.getRow() == row ? charIndex(line, end.getColumn()) : line.length();
    return to > from ? line.substring(from, to).strip() : "";
  }

  /** Whether the first non-blank character of the node's first line is where the node starts. */
  boolean startsItsLine(TSNode node) {
    TSPoint start = node.getStartPoint();
    if (start.getRow() >= lines.size()) {
      return false;
    }
    String line = lines.get(start.getRow());
    int column = start.getColumn();
    if (column > line.length()) {
      return false;
    }
    for (int i = 0; i < column; i++) {
      if (!Character.isWhitespace(line.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  /** The char index in {@code line} of a UTF-8 byte column. */
  static int charIndex(String line, int byteColumn) {
    int bytes = 0;
    int i = 0;
    int n = line.length();
    while (i < n && bytes < byteColumn) {
      char c = line.charAt(i);
      if (c < 0x80) {
        bytes += 1;
      } else if (c < 0x800) {
        bytes += 2;
      } else if (Character.isHighSurrogate(c)
          && i + 1 < n
          && Character.isLowSurrogate(line.charAt(i + 1))) {
        bytes += 4;
        i++;
      } else {
        bytes += 3;
      }
      i++;
    }
    return i;
  }
}
