package io.github.slicegrep.bench.truth;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The benchmark's own definition extractor: regular expressions for where a definition starts,
 * indentation (Python) or a string- and comment-aware bracket scanner (the brace languages) for
 * where it ends. Written apart from slicegrep's outline so that ground truth does not share its
 * mistakes.
 */
public final class Definitions {
  private static final Pattern PY_DEF =
      Pattern.compile("^(\\s*)(?:async\\s+)?(def|class)\\s+([A-Za-z_]\\w*)");
  private static final Pattern JAVA_TYPE = Pattern.compile(
      "^\\s*(?:[\\w@]+\\s+)*?(class|interface|enum|record|@interface)\\s+([A-Za-z_$][\\w$]*)");
  private static final Pattern JAVA_METHOD = Pattern.compile(
      "^\\s*(?:(?:public|protected|private|static|final|abstract|synchronized|native|default"
          + "|strictfp)\\s+)*(?:<[^>]*(?:<[^>]*>[^>]*)*>\\s+)?([\\w$.]+(?:<.*>)?(?:\\[\\])*)\\s+"
          + "([A-Za-z_$][\\w$]*)\\s*\\(");
  private static final Pattern JAVA_CTOR =
      Pattern.compile("^\\s*(?:public|protected|private)\\s+([A-Z][\\w$]*)\\s*\\(");
  private static final Pattern JS_FUNCTION = Pattern.compile(
      "^\\s*(?:export\\s+)?(?:default\\s+)?(?:declare\\s+)?(?:async\\s+)?function\\s*\\*?\\s*"
          + "([A-Za-z_$][\\w$]*)\\s*[<(]");
  private static final Pattern JS_CLASS = Pattern.compile(
      "^\\s*(?:export\\s+)?(?:default\\s+)?(?:declare\\s+)?(?:abstract\\s+)?"
          + "(class|interface|enum)\\s+([A-Za-z_$][\\w$]*)");
  private static final Pattern JS_CONST = Pattern.compile(
      "^\\s*(?:export\\s+)?(?:const|let|var)\\s+([A-Za-z_$][\\w$]*)\\s*(?::[^=]+)?=\\s*(.*)$");
  private static final Pattern JS_METHOD = Pattern.compile(
      "^\\s+(?:(?:public|private|protected|static|async|readonly|override|get|set)\\s+)*"
          + "\\*?([A-Za-z_$][\\w$]*)\\s*(?:<[^>]*>)?\\([^;]*$");
  private static final Pattern JS_TEST = Pattern.compile(
      "^\\s*(?:test|it)(?:\\.\\w+)?\\s*\\(\\s*(['\"`])(.+?)\\1");
  private static final Pattern GO_FUNC =
      Pattern.compile("^func\\s+(?:\\([^)]*\\)\\s*)?([A-Za-z_]\\w*)\\s*[\\[(]");
  private static final Pattern GO_TYPE =
      Pattern.compile("^type\\s+([A-Za-z_]\\w*)(?:\\[[^\\]]*\\])?\\s+(struct|interface)\\s*\\{");
  private static final Pattern RUST_FN = Pattern.compile(
      "^\\s*(?:pub(?:\\([^)]*\\))?\\s+)?(?:(?:const|async|unsafe|default|extern\\s+\"[^\"]*\")"
          + "\\s+)*fn\\s+([A-Za-z_]\\w*)");
  private static final Pattern RUST_TYPE = Pattern.compile(
      "^\\s*(?:pub(?:\\([^)]*\\))?\\s+)?(struct|enum|trait|union)\\s+([A-Za-z_]\\w*)");
  private static final Pattern RUST_MACRO = Pattern.compile("^\\s*macro_rules!\\s*([A-Za-z_]\\w*)");
  private static final Pattern C_FUNC = Pattern.compile(
      "^(?:[A-Za-z_][\\w \\t\\*]*?[\\s\\*])?([A-Za-z_]\\w*)\\s*\\(");
  /** A return type alone on the line above a C function name ({@code static int}). */
  private static final Pattern C_RETURN_TYPE = Pattern.compile("[A-Za-z_][\\w \\t\\*]*");
  private static final Pattern C_TEST =
      Pattern.compile("^(?:TEST_IMPL|BENCHMARK_IMPL)\\((\\w+)\\)");
  private static final Set<String> KEYWORDS = Set.of(
      "if", "for", "while", "switch", "return", "catch", "new", "else", "do", "try", "throw",
      "sizeof", "typeof", "case", "synchronized", "super", "this", "function", "await", "yield",
      "constructor", "delete", "void", "in", "of", "with", "assert", "defined", "elif", "match",
      "loop", "unsafe", "import", "export");
  private static final Pattern JAVA_NOT_TYPE =
      Pattern.compile("return|new|else|throw|case|package|import|assert|yield");

  private Definitions() {}

  /** Every definition in {@code file}, in line order; an unknown language gives none. */
  public static List<Definition> extract(SourceFile file) {
    Lang lang = file.lang().orElse(null);
    if (lang == null) {
      return List.of();
    }
    return lang == Lang.PYTHON ? python(file) : braces(file, lang);
  }

  // ---------------------------------------------------------------- Python

  private static List<Definition> python(SourceFile f) {
    List<Definition> out = new ArrayList<>();
    boolean[] inString = PyStrings.insideTripleQuotes(f.lines());
    int n = f.lineCount();
    for (int i = 1; i <= n; i++) {
      if (inString[i - 1]) {
        continue;
      }
      Matcher m = PY_DEF.matcher(f.line(i));
      if (!m.find()) {
        continue;
      }
      int indent = width(m.group(1));
      int start = i;
      while (start > 1 && f.line(start - 1).strip().startsWith("@")
          && width(leading(f.line(start - 1))) == indent) {
        start--;
      }
      int header = headerEnd(f, i);
      int end = header;
      for (int j = header + 1; j <= n; j++) {
        String line = f.line(j);
        if (line.isBlank()) {
          continue;
        }
        if (!inString[j - 1] && width(leading(line)) <= indent
            && !line.strip().startsWith("#")) {
          break;
        }
        end = j;
      }
      String kind = m.group(2).equals("class") ? "class" : "function";
      if (kind.equals("function") && m.group(3).startsWith("test") && f.isTest()) {
        kind = "test";
      }
      out.add(new Definition(f.path(), m.group(3), kind, start, i, end,
          PyStrings.docstring(f, header + 1, end)));
    }
    return out;
  }

  /** The line that ends a (possibly wrapped) {@code def ...:} header. */
  private static int headerEnd(SourceFile f, int from) {
    int depth = 0;
    for (int j = from; j <= Math.min(f.lineCount(), from + 30); j++) {
      String code = stripPyComment(f.line(j));
      for (int k = 0; k < code.length(); k++) {
        char c = code.charAt(k);
        if (c == '(' || c == '[' || c == '{') {
          depth++;
        } else if (c == ')' || c == ']' || c == '}') {
          depth--;
        }
      }
      if (depth <= 0 && code.stripTrailing().endsWith(":")) {
        return j;
      }
    }
    return from;
  }

  private static String stripPyComment(String line) {
    int hash = line.indexOf('#');
    return hash >= 0 && line.indexOf('"') < 0 && line.indexOf('\'') < 0
        ? line.substring(0, hash) : line;
  }

  // ---------------------------------------------------------------- brace languages

  private static List<Definition> braces(SourceFile f, Lang lang) {
    List<Definition> out = new ArrayList<>();
    BraceScanner scanner = new BraceScanner(f.lines(), lang);
    boolean[] commented = scanner.insideBlockComment();
    for (int i = 1; i <= f.lineCount(); i++) {
      if (commented[i - 1]) {
        continue;
      }
      String line = f.line(i);
      String strip = line.strip();
      if (strip.startsWith("//") || strip.startsWith("*") || strip.startsWith("#")) {
        continue;
      }
      Head head = head(f, lang, line);
      if (head == null) {
        continue;
      }
      int end = head.expression
          ? scanner.expressionEnd(i)
          : scanner.bodyEnd(i, lang == Lang.C || lang == Lang.RUST || lang == Lang.JAVA);
      if (end < 0) {
        continue;
      }
      int start = i;
      while (start > 1 && isAttribute(f.line(start - 1), lang)) {
        start--;
      }
      if (lang == Lang.C && start > 1 && C_RETURN_TYPE.matcher(f.line(start - 1)).matches()) {
        start--;
      }
      out.add(new Definition(f.path(), head.name, head.kind, start, i, end,
          CommentDoc.above(f, start, lang)));
    }
    return out;
  }

  private record Head(String name, String kind, boolean expression) {}

  private static Head head(SourceFile f, Lang lang, String line) {
    Matcher m;
    switch (lang) {
      case JAVA -> {
        m = JAVA_TYPE.matcher(line);
        if (m.find() && (!line.contains("(") || m.group(1).equals("record"))) {
          return new Head(m.group(2), "class", false);
        }
        if ((m = JAVA_CTOR.matcher(line)).find()) {
          return new Head(m.group(1), "function", false);
        }
        if ((m = JAVA_METHOD.matcher(line)).find() && !JAVA_NOT_TYPE.matcher(m.group(1)).matches()
            && !KEYWORDS.contains(m.group(2)) && !line.strip().startsWith("return")
            && !line.contains("=")) {
          return new Head(m.group(2), f.isTest() ? "test" : "function", false);
        }
        return null;
      }
      case TYPESCRIPT, JAVASCRIPT -> {
        if (f.isTest() && (m = JS_TEST.matcher(line)).find()) {
          return new Head(m.group(2), "test", true);
        }
        if ((m = JS_FUNCTION.matcher(line)).find()) {
          return new Head(m.group(1), "function", false);
        }
        if ((m = JS_CLASS.matcher(line)).find()) {
          return new Head(m.group(2), m.group(1).equals("class") ? "class" : "type", false);
        }
        if ((m = JS_CONST.matcher(line)).find()) {
          String rhs = m.group(2);
          if (rhs.contains("=>") || rhs.startsWith("function") || rhs.startsWith("async")
              || rhs.contains("$constructor(") || rhs.startsWith("class")) {
            return new Head(m.group(1), "function", true);
          }
          return null;
        }
        if ((m = JS_METHOD.matcher(line)).find() && !KEYWORDS.contains(m.group(1))
            && line.stripTrailing().endsWith("{")) {
          return new Head(m.group(1), "function", false);
        }
        return null;
      }
      case GO -> {
        if ((m = GO_FUNC.matcher(line)).find()) {
          boolean test = f.isTest() && m.group(1).matches("(Test|Benchmark|Example).*");
          return new Head(m.group(1), test ? "test" : "function", false);
        }
        if ((m = GO_TYPE.matcher(line)).find()) {
          return new Head(m.group(1), "type", false);
        }
        return null;
      }
      case RUST -> {
        if ((m = RUST_FN.matcher(line)).find()) {
          return new Head(m.group(1), f.isTest() ? "test" : "function", false);
        }
        if ((m = RUST_TYPE.matcher(line)).find()) {
          return new Head(m.group(2), "type", false);
        }
        if ((m = RUST_MACRO.matcher(line)).find()) {
          return new Head(m.group(1), "macro", false);
        }
        return null;
      }
      case C -> {
        if (line.isEmpty() || !Character.isLetter(line.charAt(0)) && line.charAt(0) != '_') {
          return null;
        }
        if ((m = C_TEST.matcher(line)).find()) {
          return new Head(m.group(1), "test", false);
        }
        if (line.startsWith("typedef") || line.startsWith("struct") && !line.contains("(")) {
          return null;
        }
        if ((m = C_FUNC.matcher(line)).find() && !KEYWORDS.contains(m.group(1))
            && !line.stripTrailing().endsWith(";") && !line.contains("=")) {
          return new Head(m.group(1), f.isTest() ? "test" : "function", false);
        }
        return null;
      }
      default -> {
        return null;
      }
    }
  }

  private static boolean isAttribute(String line, Lang lang) {
    String s = line.strip();
    return switch (lang) {
      case JAVA, TYPESCRIPT, JAVASCRIPT -> s.startsWith("@");
      case RUST -> s.startsWith("#[");
      default -> false;
    };
  }

  static String leading(String line) {
    int i = 0;
    while (i < line.length() && (line.charAt(i) == ' ' || line.charAt(i) == '\t')) {
      i++;
    }
    return line.substring(0, i);
  }

  static int width(String indent) {
    int w = 0;
    for (char c : indent.toCharArray()) {
      w += c == '\t' ? 8 - w % 8 : 1;
    }
    return w;
  }

  /** The innermost definition of {@code defs} (one file's) that contains {@code line}. */
  public static Definition innermost(List<Definition> defs, int line) {
    Definition best = null;
    for (Definition d : defs) {
      if (d.contains(line) && (best == null || d.length() < best.length())) {
        best = d;
      }
    }
    return best;
  }
}
