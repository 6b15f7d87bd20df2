package io.github.slicegrep.bench.truth;

import java.util.List;

/** Triple-quoted strings in Python source: which lines start inside one, and docstrings. */
final class PyStrings {
  private PyStrings() {}

  /** {@code result[i]} is true when line {@code i + 1} starts inside a triple-quoted string. */
  static boolean[] insideTripleQuotes(List<String> lines) {
    boolean[] inside = new boolean[lines.size()];
    String open = null;
    for (int i = 0; i < lines.size(); i++) {
      inside[i] = open != null;
      String line = lines.get(i);
      int k = 0;
      while (k < line.length()) {
        if (open != null) {
          int close = line.indexOf(open, k);
          if (close < 0) {
            break;
          }
          k = close + 3;
          open = null;
          continue;
        }
        char c = line.charAt(k);
        if (c == '#') {
          break;
        }
        if (line.startsWith("\"\"\"", k) || line.startsWith("'''", k)) {
          open = line.substring(k, k + 3);
          k += 3;
        } else if (c == '"' || c == '\'') {
          k = skipQuoted(line, k);
        } else {
          k++;
        }
      }
    }
    return inside;
  }

  private static int skipQuoted(String line, int at) {
    char q = line.charAt(at);
    int k = at + 1;
    while (k < line.length()) {
      char c = line.charAt(k);
      if (c == '\\') {
        k += 2;
        continue;
      }
      if (c == q) {
        return k + 1;
      }
      k++;
    }
    return k;
  }

  /** The docstring that opens lines {@code from..to}, without its quotes; empty when none. */
  static String docstring(SourceFile f, int from, int to) {
    int first = from;
    while (first <= to && f.line(first).isBlank()) {
      first++;
    }
    if (first > to) {
      return "";
    }
    String s = f.line(first).strip().replaceFirst("^[rRuUbBfF]{0,2}", "");
    String quote = s.startsWith("\"\"\"") ? "\"\"\"" : s.startsWith("'''") ? "'''" : null;
    if (quote == null) {
      return "";
    }
    StringBuilder text = new StringBuilder();
    String rest = s.substring(3);
    for (int j = first; j <= to; j++) {
      String part = j == first ? rest : f.line(j).strip();
      int close = part.indexOf(quote);
      if (close >= 0) {
        text.append(part, 0, close);
        break;
      }
      text.append(part).append('\n');
    }
    return text.toString().strip();
  }
}
