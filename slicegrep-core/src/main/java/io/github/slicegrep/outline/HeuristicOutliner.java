package io.github.slicegrep.outline;

import com.google.common.collect.ImmutableSet;
import io.github.slicegrep.outline.Definition.Kind;
import io.github.slicegrep.source.Language;
import io.github.slicegrep.source.SourceFile;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds definitions without a parser: header lines by pattern, ends by brace matching (with
 * strings and comments skipped), by indentation, or by a matching {@code end} keyword.
 * Correct on conventionally formatted code; a parser-backed outliner is preferred where one
 * exists.
 */
public final class HeuristicOutliner implements Outliner {
  /**
   * How far a multi-line signature may run before its body brace must appear: long enough for
   * a record with a dozen components, short enough that a false header cannot reach far.
   */
  private static final int MAX_SIGNATURE_LINES = 30;
  /**
   * Longer lines are not read as a definition's header: no header is that long, and the header
   * patterns' repeated groups recurse once per word in java.util.regex, so a line of thousands of
   * words (a table, a long string) overflowed the stack and ended the whole search.
   */
  static final int MAX_HEADER_CHARS = 500;

  private static final Pattern TYPE =
      Pattern.compile(
          "\\b(class|interface|enum|struct|trait|record|object|union|namespace|protocol|module)"
              + "\\s+([A-Za-z_$][\\w$]*)");
  private static final Pattern RUST_IMPL =
      Pattern.compile(
          "^(?:pub(?:\\([^)]*\\))?\\s+)?(?:unsafe\\s+)?impl(?:<[^>]*>)?\\s+"
              + "(?:[\\w:<>, &']+\\s+for\\s+)?([A-Za-z_][\\w]*)");
  private static final Pattern KEYWORD_FUNCTION =
      Pattern.compile(
          "\\b(?:function\\s*\\*?|func(?:\\s*\\([^)]*\\))?|fn|fun(?:\\s*<[^>]*>)?"
              + "(?:\\s*[\\w.<>?]+\\.)?|def)\\s+([A-Za-z_$][\\w$]*)");
  private static final Pattern ARROW_FUNCTION =
      Pattern.compile(
          "^(?:export\\s+)?(?:default\\s+)?(?:const|let|var)\\s+([A-Za-z_$][\\w$]*)\\s*"
              + "(?::[^=]+)?=\\s*(?:async\\s+)?(?:function\\b|\\([^)]*\\)\\s*(?::[^=]+)?=>"
              + "|[A-Za-z_$][\\w$]*\\s*=>)");
  private static final Pattern C_FAMILY_FUNCTION =
      Pattern.compile(
          "^(?:[\\w$<>\\[\\],.?*&:~@\"]+\\s+)*?[\\w$<>\\[\\],.?*&:~]+[\\s*&]+"
              + "([A-Za-z_$~][\\w$]*)\\s*\\(");
  private static final Pattern BARE_METHOD =
      Pattern.compile(
          "^(?:(?:public|private|protected|static|async|readonly|override|abstract|get|set|"
              + "final|virtual|internal)\\s+)*([A-Za-z_$#][\\w$]*)\\s*(?:<[^>]*>)?\\s*\\(");
  private static final Pattern BASH_FUNCTION =
      Pattern.compile("^(?:function\\s+)?([A-Za-z_][\\w:.-]*)\\s*\\(\\s*\\)|^function\\s+([A-Za-z_][\\w:.-]*)");
  private static final Pattern PYTHON_DEF =
      Pattern.compile("^(?:async\\s+)?(def|class)\\s+([A-Za-z_]\\w*)");
  private static final Pattern RUBY_DEF =
      Pattern.compile("^(def|class|module)\\s+(?:self\\.)?([\\w.:?!=<>+\\-*/\\[\\]]+)");
  private static final Pattern ELIXIR_DEF =
      Pattern.compile(
          "^(defmodule|defprotocol|defimpl|def|defp|defmacro|defmacrop|defguard|defguardp)\\s+"
              + "(?:[\\w.]+\\.)?([\\w?!]+)");
  /** An Elixir header line that opens a do-block (one with {@code , do: expr} has no end). */
  private static final Pattern ELIXIR_DO_BLOCK = Pattern.compile("\\bdo\\s*(?:#.*)?$");
  private static final Pattern LUA_FUNCTION =
      Pattern.compile("^(?:local\\s+)?function\\s+([\\w.:]+)");

  /** Scala's {@code case class} and {@code case object} start with the switch keyword. */
  private static final Pattern SCALA_CASE_TYPE = Pattern.compile("^case\\s+(?:class|object)\\b");

  private static final ImmutableSet<String> NOT_A_NAME =
      ImmutableSet.of(
          "if", "for", "while", "switch", "catch", "return", "sizeof", "synchronized", "using",
          "lock", "foreach", "else", "do", "try", "new", "throw", "when", "elif", "with",
          "function", "await", "typeof", "delete", "case", "match", "assert", "super", "this",
          "defined", "alignof", "decltype", "static_assert", "_Static_assert", "yield");

  private static final ImmutableSet<String> STATEMENT_STARTS =
      ImmutableSet.of(
          "return", "new", "else", "throw", "case", "goto", "delete", "await", "yield", "if",
          "for", "while", "switch", "do", "echo", "print", "import", "package", "using", "from",
          "assert", "raise", "break", "continue", "typedef", "#define", "#include", "export",
          "let", "var", "const");

  @Override
  public Outline outline(SourceFile file) {
    Language language = file.language();
    List<Definition> found =
        switch (language.syntax()) {
          case INDENT -> indentDefinitions(file);
          case END_KEYWORD -> endKeywordDefinitions(file);
          case BRACES -> braceDefinitions(file);
          case TEXT -> List.of();
        };
    return Outline.of(Nesting.qualify(found));
  }

  // ---- brace languages ----

  private List<Definition> braceDefinitions(SourceFile file) {
    BraceIndex braces = BraceIndex.of(file);
    List<Definition> out = new ArrayList<>();
    int n = file.lineCount();
    for (int line = 1; line <= n; line++) {
      String text = file.line(line);
      String trimmed = text.strip();
      if (trimmed.isEmpty() || trimmed.length() > MAX_HEADER_CHARS
          || braces.startsInComment(line) || isCommentLine(file, trimmed)) {
        continue;
      }
      Header header = braceHeader(file.language(), trimmed);
      if (header == null) {
        continue;
      }
      int nameColumn = text.indexOf(trimmed) + header.nameOffset;
      int end = braces.bodyEnd(line, nameColumn, MAX_SIGNATURE_LINES);
      if (end < 0) {
        continue;
      }
      int start = attachedStart(file, line);
      out.add(new Definition(header.kind, header.name, header.name, start, end, line));
    }
    return out;
  }

  private record Header(Kind kind, String name, int nameOffset) {}

  private static Header braceHeader(Language language, String trimmed) {
    if (language == Language.BASH) {
      Matcher m = BASH_FUNCTION.matcher(trimmed);
      if (m.find()) {
        int g = m.group(1) != null ? 1 : 2;
        return new Header(Kind.FUNCTION, m.group(g), m.start(g));
      }
      return null;
    }
    if (language == Language.RUST) {
      Matcher impl = RUST_IMPL.matcher(trimmed);
      if (impl.find()) {
        return new Header(Kind.IMPL, impl.group(1), impl.start(1));
      }
    }
    String firstWord = firstWord(trimmed);
    Matcher type = TYPE.matcher(trimmed);
    boolean statement =
        STATEMENT_STARTS.contains(firstWord) && !SCALA_CASE_TYPE.matcher(trimmed).find();
    if (type.find() && !statement && beforeIsModifiers(trimmed, type.start())) {
      return new Header(typeKind(type.group(1)), type.group(2), type.start(2));
    }
    Matcher keyword = KEYWORD_FUNCTION.matcher(trimmed);
    if (keyword.find() && !NOT_A_NAME.contains(keyword.group(1))) {
      return new Header(Kind.FUNCTION, keyword.group(1), keyword.start(1));
    }
    Matcher arrow = ARROW_FUNCTION.matcher(trimmed);
    if (arrow.find()) {
      return new Header(Kind.FUNCTION, arrow.group(1), arrow.start(1));
    }
    if (STATEMENT_STARTS.contains(firstWord) || trimmed.startsWith("#")) {
      return null;
    }
    Matcher c = C_FAMILY_FUNCTION.matcher(trimmed);
    if (c.find() && !NOT_A_NAME.contains(c.group(1)) && !hasAssignmentBefore(trimmed, c.start(1))) {
      return new Header(Kind.FUNCTION, c.group(1), c.start(1));
    }
    Matcher bare = BARE_METHOD.matcher(trimmed);
    if (bare.find() && !NOT_A_NAME.contains(bare.group(1))) {
      return new Header(Kind.FUNCTION, bare.group(1), bare.start(1));
    }
    return null;
  }

  /** Only modifiers and annotations may precede {@code class}: not {@code x = new class}. */
  private static boolean beforeIsModifiers(String trimmed, int keywordStart) {
    String before = trimmed.substring(0, keywordStart);
    return !before.contains("=") && !before.contains("(") && !before.contains("\"")
        && !before.contains("'") && !before.contains(".");
  }

  private static boolean hasAssignmentBefore(String trimmed, int nameStart) {
    String before = trimmed.substring(0, nameStart);
    return before.contains("=") || before.contains("(") || before.contains("return ");
  }

  private static String firstWord(String trimmed) {
    int i = 0;
    while (i < trimmed.length() && !Character.isWhitespace(trimmed.charAt(i))
        && trimmed.charAt(i) != '(' && trimmed.charAt(i) != '{') {
      i++;
    }
    return trimmed.substring(0, i);
  }

  private static Kind typeKind(String keyword) {
    return switch (keyword.toLowerCase(Locale.ROOT)) {
      case "interface", "protocol" -> Kind.INTERFACE;
      case "enum" -> Kind.ENUM;
      case "struct", "union" -> Kind.STRUCT;
      case "trait" -> Kind.TRAIT;
      case "record" -> Kind.RECORD;
      case "object" -> Kind.OBJECT;
      case "namespace" -> Kind.NAMESPACE;
      case "module" -> Kind.MODULE;
      default -> Kind.CLASS;
    };
  }

  // ---- indentation languages (Python; Haskell and OCaml in OffsideHeuristic) ----

  private List<Definition> indentDefinitions(SourceFile file) {
    if (file.language() == Language.HASKELL || file.language() == Language.OCAML) {
      return OffsideHeuristic.definitions(file);
    }
    List<Definition> out = new ArrayList<>();
    int n = file.lineCount();
    Matcher m = PYTHON_DEF.matcher("");
    for (int line = 1; line <= n; line++) {
      String text = file.line(line);
      int lead = leadingWhitespace(text);
      // Only a line opening with one of the header's first words can match: most lines are
      // passed over without a copy or a match.
      if (!text.startsWith("def", lead) && !text.startsWith("class", lead)
          && !text.startsWith("async", lead)) {
        continue;
      }
      String trimmed = text.substring(lead);
      if (!m.reset(trimmed).find()) {
        continue;
      }
      int indent = indentOf(text);
      int bodyStart = signatureEnd(file, line);
      int end = bodyStart;
      for (int i = bodyStart + 1; i <= n; i++) {
        String l = file.line(i);
        if (l.isBlank()) {
          continue;
        }
        if (indentOf(l) <= indent) {
          break;
        }
        end = i;
      }
      Kind kind = m.group(1).equals("class") ? Kind.CLASS : Kind.FUNCTION;
      out.add(new Definition(kind, m.group(2), m.group(2), attachedStart(file, line), end, line));
    }
    return out;
  }

  /** How many characters {@link String#stripLeading} takes off {@code text}. */
  private static int leadingWhitespace(String text) {
    int i = 0;
    while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
      i++;
    }
    return i;
  }

  /** The line where a (possibly multi-line) Python signature closes its parentheses. */
  private static int signatureEnd(SourceFile file, int header) {
    int depth = 0;
    int limit = Math.min(file.lineCount(), header + MAX_SIGNATURE_LINES);
    for (int i = header; i <= limit; i++) {
      for (char c : file.line(i).toCharArray()) {
        if (c == '(' || c == '[') {
          depth++;
        } else if (c == ')' || c == ']') {
          depth--;
        }
      }
      if (depth <= 0) {
        return i;
      }
    }
    return header;
  }

  // ---- end-keyword languages (Ruby, Lua, Elixir) ----

  private List<Definition> endKeywordDefinitions(SourceFile file) {
    List<Definition> out = new ArrayList<>();
    int n = file.lineCount();
    boolean lua = file.language() == Language.LUA;
    boolean elixir = file.language() == Language.ELIXIR;
    for (int line = 1; line <= n; line++) {
      String text = file.line(line);
      String trimmed = text.strip();
      Kind kind;
      String name;
      String local;
      if (lua) {
        Matcher m = LUA_FUNCTION.matcher(trimmed);
        if (!m.find()) {
          continue;
        }
        kind = Kind.FUNCTION;
        // function M.util:score() is score, qualified M.util.score
        local = m.group(1).replace(':', '.');
        name = local.substring(local.lastIndexOf('.') + 1);
      } else if (elixir) {
        Matcher m = ELIXIR_DEF.matcher(trimmed);
        if (!m.find()) {
          continue;
        }
        kind =
            switch (m.group(1)) {
              case "defmodule" -> Kind.MODULE;
              case "defprotocol" -> Kind.INTERFACE;
              case "defimpl" -> Kind.IMPL;
              default -> Kind.FUNCTION;
            };
        name = m.group(2);
        local = name;
      } else {
        Matcher m = RUBY_DEF.matcher(trimmed);
        if (!m.find()) {
          continue;
        }
        kind =
            switch (m.group(1)) {
              case "class" -> Kind.CLASS;
              case "module" -> Kind.MODULE;
              default -> Kind.METHOD;
            };
        name = m.group(2);
        local = name;
      }
      int end = line;
      boolean keywordBody =
          elixir && trimmed.contains("do:") && !ELIXIR_DO_BLOCK.matcher(trimmed).find();
      if (keywordBody) {
        // def f(x), do: x + 1 (perhaps over several deeper-indented lines): no end keyword
        for (int i = line + 1; i <= n && (file.line(i).isBlank()
            || indentOf(file.line(i)) > indentOf(text)); i++) {
          end = file.line(i).isBlank() ? end : i;
        }
      } else if (!trimmed.matches(".*\\bend\\s*$")) {
        int indent = indentOf(text);
        for (int i = line + 1; i <= n; i++) {
          String l = file.line(i);
          if (l.isBlank()) {
            continue;
          }
          int li = indentOf(l);
          if (li < indent) {
            break;
          }
          if (li == indent && l.strip().matches("end\\b.*")) {
            end = i;
            break;
          }
        }
      }
      out.add(new Definition(kind, name, local, attachedStart(file, line), end, line));
    }
    return out;
  }

  // ---- shared helpers ----

  static int indentOf(String line) {
    int width = 0;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (c == ' ') {
        width++;
      } else if (c == '\t') {
        width += 4 - (width % 4);
      } else {
        break;
      }
    }
    return width;
  }

  private static boolean isCommentLine(SourceFile file, String trimmed) {
    String marker = file.language().lineComment();
    return (marker != null && trimmed.startsWith(marker))
        || trimmed.startsWith("/*") || trimmed.startsWith("*");
  }

  /**
   * Walks up from a header over decorators, annotations, attributes and the doc comment
   * directly above it (no blank line between), so a definition is returned with them.
   */
  static int attachedStart(SourceFile file, int header) {
    int start = header;
    int i = header - 1;
    while (i >= 1) {
      String t = file.line(i).strip();
      if (t.isEmpty()) {
        break;
      }
      if (t.endsWith("*/")) {
        int j = i;
        while (j >= 1 && !file.line(j).contains("/*")) {
          j--;
        }
        if (j < 1) {
          break;
        }
        start = j;
        i = j - 1;
        continue;
      }
      boolean attached =
          t.startsWith("@") || t.startsWith("#[") || t.startsWith("///") || t.startsWith("//")
              || t.startsWith("--") || (t.startsWith("#") && !t.startsWith("#include")
                  && !t.startsWith("#define") && !t.startsWith("#if") && !t.startsWith("#endif"))
              || (t.startsWith("[") && t.endsWith("]") && file.language() == Language.CSHARP);
      if (!attached) {
        break;
      }
      start = i;
      i--;
    }
    return start;
  }
}
