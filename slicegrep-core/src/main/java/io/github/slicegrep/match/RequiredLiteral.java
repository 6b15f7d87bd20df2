package io.github.slicegrep.match;

import io.github.slicegrep.query.Fragment;
import io.github.slicegrep.source.FoldedText;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The longest run of plain characters that every match of a fragment must contain, folded like
 * {@link FoldedText}: a line without it cannot match, so a search looks for it in the whole
 * file first and runs the fragment's matcher only on the lines that hold it. The reading is
 * conservative: anything it does not fully understand (inline flags, {@code \Q}, escapes that
 * take arguments) yields no literal, and the fragment is matched line by line as before.
 */
final class RequiredLiteral {
  /** Shorter runs find too many lines to be worth the extra pass. */
  static final int MIN_LENGTH = 2;

  /** Optional characters ({@code _?}) expanded at most, so at most 8 literals per fragment. */
  static final int MAX_OPTIONALS = 3;

  private static final Pattern EXACT_REGEX = Pattern.compile("(?:[A-Za-z0-9_ \\-]\\??)+");
  /**
   * Longer fragments are matched as regexes: java.util.regex recurses once per character in the
   * check above, and a pasted paragraph overflowed the stack.
   */
  private static final int MAX_EXACT_REGEX = 1000;

  private RequiredLiteral() {}

  /**
   * The folded literals whose presence is the whole of a match, when a fragment is nothing
   * more: ASCII text, or letters, digits, {@code _}, {@code -} and spaces with a few single
   * optional characters ({@code queryset_?cache}, as plain-English compounds are written),
   * expanded into every spelling. A line matches exactly when, matched case-insensitively, it
   * holds one of them; where the folded text finds one over non-ASCII characters (the Kelvin
   * sign read as {@code k}) the fragment's matcher still decides. Empty when the fragment is
   * anything else.
   */
  static Optional<List<String>> exact(Fragment fragment) {
    String text = fragment.text();
    List<String> spellings;
    if (fragment.kind() == Fragment.Kind.LITERAL) {
      if (!text.chars().allMatch(c -> c >= 0x20 && c < 0x7F)) {
        return Optional.empty();
      }
      spellings = List.of(text);
    } else if (fragment.kind() == Fragment.Kind.REGEX && text.length() <= MAX_EXACT_REGEX
        && EXACT_REGEX.matcher(text).matches()) {
      spellings = spellings(text);
      if (spellings.isEmpty()) {
        return Optional.empty();
      }
    } else {
      return Optional.empty();
    }
    List<String> folded = new ArrayList<>();
    for (String spelling : spellings) {
      if (spelling.length() < MIN_LENGTH) {
        return Optional.empty();
      }
      StringBuilder sb = new StringBuilder(spelling.length());
      for (int i = 0; i < spelling.length(); i++) {
        sb.append(FoldedText.fold(spelling.charAt(i)));
      }
      if (!folded.contains(sb.toString())) {
        folded.add(sb.toString());
      }
    }
    return Optional.of(List.copyOf(folded));
  }

  /** Each spelling of plain characters, some followed by {@code ?}; empty if too many. */
  private static List<String> spellings(String regex) {
    List<StringBuilder> out = new ArrayList<>(List.of(new StringBuilder()));
    int optionals = 0;
    for (int i = 0; i < regex.length(); i++) {
      char c = regex.charAt(i);
      boolean optional = i + 1 < regex.length() && regex.charAt(i + 1) == '?';
      if (!optional) {
        out.forEach(sb -> sb.append(c));
        continue;
      }
      if (++optionals > MAX_OPTIONALS) {
        return List.of();
      }
      List<StringBuilder> with = new ArrayList<>();
      for (StringBuilder sb : out) {
        with.add(new StringBuilder(sb).append(c));
      }
      out.addAll(with);
      i++;
    }
    return out.stream().map(StringBuilder::toString).toList();
  }

  static Optional<String> of(Fragment fragment) {
    String text = fragment.text();
    String best =
        fragment.kind() == Fragment.Kind.LITERAL ? longestAsciiRun(text) : fromRegex(text);
    return best != null && best.length() >= MIN_LENGTH ? Optional.of(best) : Optional.empty();
  }

  private static String longestAsciiRun(String text) {
    Runs runs = new Runs();
    for (int i = 0; i < text.length(); i++) {
      runs.add(text.charAt(i));
    }
    return runs.best();
  }

  /** Null when the regex uses something this reading does not follow. */
  private static String fromRegex(String re) {
    Runs runs = new Runs();
    int n = re.length();
    int i = 0;
    while (i < n) {
      char c = re.charAt(i);
      switch (c) {
        case '\\' -> {
          if (i + 1 >= n) {
            return null;
          }
          char e = re.charAt(i + 1);
          if (Character.isLetterOrDigit(e)) {
            if ("sSwWdDbB".indexOf(e) < 0) {
              return null; // \x41, \p{L}, \Q, backreferences: not followed
            }
            runs.end();
          } else {
            runs.add(e);
          }
          i += 2;
        }
        case '[' -> {
          runs.end();
          i = skipClass(re, i);
          if (i < 0) {
            return null;
          }
          i = skipQuantifier(re, i);
        }
        case '(' -> {
          if (i + 2 < n && re.charAt(i + 1) == '?' && "=!<:".indexOf(re.charAt(i + 2)) < 0) {
            return null; // inline flags such as (?x) change how the rest reads
          }
          runs.end();
          i = skipGroup(re, i);
          if (i < 0) {
            return null;
          }
          i = skipQuantifier(re, i);
        }
        case '?', '*', '{' -> {
          runs.dropLast();
          runs.end();
          i = skipQuantifier(re, i);
        }
        case '+' -> {
          runs.end();
          i = skipQuantifier(re, i);
        }
        case '.', '^', '$' -> {
          runs.end();
          i++;
        }
        case '|', ')', ']', '}' -> {
          return null;
        }
        default -> {
          runs.add(c);
          i++;
        }
      }
    }
    return runs.best();
  }

  /** Index after the class starting at {@code start}, or -1 if it never closes. */
  private static int skipClass(String re, int start) {
    int depth = 0;
    int i = start;
    int n = re.length();
    while (i < n) {
      char c = re.charAt(i);
      if (c == '\\') {
        i += 2;
        continue;
      }
      if (c == '[') {
        depth++;
        i++;
        // A ']' right after '[' or '[^' is a member, not the end.
        if (i < n && re.charAt(i) == '^') {
          i++;
        }
        if (i < n && re.charAt(i) == ']') {
          i++;
        }
        continue;
      }
      if (c == ']' && --depth == 0) {
        return i + 1;
      }
      i++;
    }
    return -1;
  }

  /** Index after the group starting at {@code start}, or -1 if it never closes. */
  private static int skipGroup(String re, int start) {
    int depth = 0;
    int i = start;
    int n = re.length();
    while (i < n) {
      char c = re.charAt(i);
      if (c == '\\') {
        i += 2;
        continue;
      }
      if (c == '[') {
        i = skipClass(re, i);
        if (i < 0) {
          return -1;
        }
        continue;
      }
      if (c == '(') {
        depth++;
      } else if (c == ')' && --depth == 0) {
        return i + 1;
      }
      i++;
    }
    return -1;
  }

  /** Index after any quantifier (and lazy or possessive mark) at {@code i}. */
  private static int skipQuantifier(String re, int i) {
    int n = re.length();
    if (i < n && re.charAt(i) == '{') {
      int close = re.indexOf('}', i);
      i = close < 0 ? n : close + 1;
    } else if (i < n && "?*+".indexOf(re.charAt(i)) >= 0) {
      i++;
    } else {
      return i;
    }
    if (i < n && (re.charAt(i) == '?' || re.charAt(i) == '+')) {
      i++;
    }
    return i;
  }

  /** Runs of consecutive plain ASCII characters, keeping the longest. */
  private static final class Runs {
    private final StringBuilder current = new StringBuilder();
    private String best = "";

    void add(char c) {
      if (c >= 0x80) {
        end();
        return;
      }
      current.append(FoldedText.fold(c));
    }

    void dropLast() {
      if (current.length() > 0) {
        current.setLength(current.length() - 1);
      }
    }

    void end() {
      if (current.length() > best.length()) {
        best = current.toString();
      }
      current.setLength(0);
    }

    String best() {
      end();
      return best;
    }
  }
}
