package io.github.slicegrep.query;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;

/**
 * Finds the shapes that make backtracking regex engines take exponential time: a repeated group
 * that itself repeats ({@code (a+)+}, {@code (\w*\s?)*}) or a repeated alternation whose
 * branches overlap ({@code (a|a)*}, {@code (ab|a)+}).
 *
 * <p>slicegrep's own matching is linear-time whatever the pattern, so this screen is not what
 * keeps a search from hanging. It exists because such a pattern is almost always a mistake or
 * an attack, and the person who wrote it deserves to be told how to rewrite it.
 */
final class RegexShape {
  private RegexShape() {}

  /** The offending sub-pattern, if {@code regex} has a catastrophic shape. */
  static Optional<String> catastrophicPart(String regex) {
    Deque<Group> open = new ArrayDeque<>();
    Group top = new Group(0);
    open.push(top);
    int n = regex.length();
    int i = 0;
    while (i < n) {
      char c = regex.charAt(i);
      Group g = open.peek();
      if (c == '\\') {
        g.atomStart = i;
        g.atomGroup = null;
        i += 2;
        continue;
      }
      if (c == '[') {
        g.atomStart = i;
        g.atomGroup = null;
        i = skipClass(regex, i);
        continue;
      }
      if (c == '(') {
        Group child = new Group(i);
        open.push(child);
        i++;
        if (i < n && regex.charAt(i) == '?') {
          // (?:...), (?i), (?<name>...), lookaround: skip the marker up to ':' or ')' or '>'.
          while (i < n && regex.charAt(i) != ':' && regex.charAt(i) != ')'
              && regex.charAt(i) != '>' && regex.charAt(i) != '=' && regex.charAt(i) != '!') {
            i++;
          }
          if (i < n && regex.charAt(i) != ')') {
            i++;
          }
        }
        continue;
      }
      if (c == '|') {
        g.branches.add(regex.substring(g.branchStart, i));
        g.branchStart = i + 1;
        g.atomStart = -1;
        i++;
        continue;
      }
      if (c == ')' && open.size() > 1) {
        Group closed = open.pop();
        closed.branches.add(regex.substring(closed.branchStart, i));
        closed.end = i + 1;
        Group parent = open.peek();
        parent.atomStart = closed.start;
        parent.atomGroup = closed;
        parent.hasUnbounded |= closed.hasUnbounded;
        i++;
        continue;
      }
      if (c == '*' || c == '+' || c == '{') {
        int after = quantifierEnd(regex, i);
        if (after < 0) {
          i++;
          continue;
        }
        boolean unbounded = c != '{' || regex.substring(i, after).matches("\\{\\d*,\\}");
        boolean large = c == '{' && isLargeBound(regex.substring(i, after));
        Group quantified = g.atomGroup;
        if (quantified != null && (unbounded || large)) {
          if (quantified.hasUnbounded || overlappingBranches(quantified.branches)) {
            return Optional.of(regex.substring(quantified.start, after));
          }
        }
        if (unbounded) {
          g.hasUnbounded = true;
        }
        g.atomGroup = null;
        i = after;
        continue;
      }
      g.atomStart = i;
      g.atomGroup = null;
      i++;
    }
    return Optional.empty();
  }

  private static final class Group {
    final int start;
    int branchStart;
    int end = -1;
    int atomStart = -1;
    Group atomGroup;
    boolean hasUnbounded;
    final List<String> branches = new ArrayList<>();

    Group(int start) {
      this.start = start;
      this.branchStart = start + 1;
    }
  }

  private static int skipClass(String regex, int open) {
    int i = open + 1;
    if (i < regex.length() && regex.charAt(i) == '^') {
      i++;
    }
    if (i < regex.length() && regex.charAt(i) == ']') {
      i++;
    }
    while (i < regex.length() && regex.charAt(i) != ']') {
      i += regex.charAt(i) == '\\' ? 2 : 1;
    }
    return Math.min(regex.length(), i + 1);
  }

  /** Index after a quantifier starting at {@code i} (with its lazy/possessive suffix), or -1. */
  private static int quantifierEnd(String regex, int i) {
    int j = i + 1;
    if (regex.charAt(i) == '{') {
      int close = regex.indexOf('}', i);
      if (close < 0 || !regex.substring(i, close + 1).matches("\\{\\d*(,\\d*)?\\}")) {
        return -1;
      }
      j = close + 1;
    }
    if (j < regex.length() && (regex.charAt(j) == '?' || regex.charAt(j) == '+')) {
      j++;
    }
    return j;
  }

  /** Bounded repetition of a nested repetition still explodes when the bound is large. */
  private static boolean isLargeBound(String quantifier) {
    String digits = quantifier.replaceAll("[^0-9,]", "");
    String[] parts = digits.split(",", -1);
    String max = parts[parts.length - 1];
    return !max.isEmpty() && max.length() <= 9 && Integer.parseInt(max) >= 10;
  }

  /** Two branches of which one is a prefix of the other (equal ones included). */
  private static boolean overlappingBranches(List<String> branches) {
    for (int a = 0; a < branches.size(); a++) {
      for (int b = 0; b < branches.size(); b++) {
        if (a != b && !branches.get(b).isEmpty() && branches.get(a).startsWith(branches.get(b))) {
          return true;
        }
      }
    }
    return false;
  }
}
