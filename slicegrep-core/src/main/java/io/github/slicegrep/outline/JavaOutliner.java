package io.github.slicegrep.outline;

import static io.github.slicegrep.outline.CurlyTokens.IDENT;
import static io.github.slicegrep.outline.CurlyTokens.LITERAL;
import static io.github.slicegrep.outline.CurlyTokens.PUNCT;

import io.github.slicegrep.outline.Definition.Kind;
import io.github.slicegrep.outline.CurlyTokens.Found;
import io.github.slicegrep.outline.CurlyTokens.Unsure;
import io.github.slicegrep.source.SourceFile;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Java's types, methods and constructors from its tokens alone: strings, character literals,
 * text blocks and comments are skipped, brackets are matched, and each brace is a class body or
 * a block by the tokens in front of it. It gives the tree-sitter outline's definitions (the
 * annotations and the comment lines right above included, the same last lines, anonymous-class
 * and local-class members too) about a hundred times faster than the parser built into the
 * grammar jar, which is compiled without optimisation: parsing was most of a first search's time
 * on a Java tree.
 *
 * <p>It answers only where it is sure. A file with an unterminated comment, string, character
 * literal or text block, unbalanced brackets, a character outside ASCII or a backslash outside a
 * literal (a unicode escape), a file over the parser's size limit, or any member or brace the
 * scan does not recognise is left to the parser (empty result).
 */
final class JavaOutliner {
  private JavaOutliner() {}

  /** The outline, or empty when the file is left to the parser. */
  static Optional<Outline> outline(SourceFile file) {
    try {
      CurlyTokens tokens = CurlyTokens.read(file.lines(), CurlyTokens.Dialect.JAVA);
      if (tokens == null) {
        return Optional.empty();
      }
      List<Definition> found = new Structure(tokens).definitions();
      return Optional.of(Outline.of(Nesting.qualify(found)));
    } catch (Unsure | RuntimeException e) {
      // An input the scan did not foresee: the parser decides.
      return Optional.empty();
    }
  }

  /** The kind of body a member is read in (each allows other members), and its type's kind. */
  private enum Body {
    CLASS(Kind.CLASS),
    INTERFACE(Kind.INTERFACE),
    ENUM(Kind.ENUM),
    RECORD(Kind.RECORD),
    ANNOTATION(Kind.INTERFACE);

    final Kind kind;

    Body(Kind kind) {
      this.kind = kind;
    }
  }

  /**
   * Class bodies nested deeper than this (real code stays far below) are left to the parser
   * rather than risk the scan's stack.
   */
  private static final int MAX_BODY_DEPTH = 200;

  /** Keywords whose parenthesised part can be followed by a block. */
  private static final Set<String> BLOCK_STATEMENTS =
      Set.of("if", "while", "for", "switch", "catch", "synchronized", "try");

  /** Words a name, then a call or type arguments, may follow ({@code return foo(x)}). */
  private static final Set<String> WORDS_BEFORE_AN_EXPRESSION =
      Set.of(
          "else", "new", "return", "throw", "case", "yield", "assert", "instanceof", "when", "do",
          "extends", "super");

  /** Keywords right before a block. */
  private static final Set<String> BLOCK_KEYWORDS = Set.of("else", "try", "finally", "do");

  /** Words that name no type or member (a declaration with one there is not understood). */
  private static final Set<String> NOT_NAMES =
      Set.of(
          "class", "interface", "enum", "new", "return", "throw", "if", "else", "for", "while",
          "do", "switch", "case", "try", "catch", "finally", "import", "package", "extends",
          "implements", "throws", "this", "super", "instanceof", "assert", "break", "continue",
          "goto", "const", "public", "protected", "private", "abstract", "static", "final",
          "strictfp", "default", "synchronized", "native", "transient", "volatile", "true",
          "false", "null");

  /** The recursive reading of class bodies and blocks over the tokens. */
  private static final class Structure {
    private final CurlyTokens t;
    private final JavaSkipper skip;
    private final List<Found> found = new ArrayList<>();
    /** Class bodies open around the one being read: each is a frame of recursion. */
    private int bodyDepth;

    Structure(CurlyTokens tokens) {
      this.t = tokens;
      this.skip = new JavaSkipper(tokens);
    }

    List<Definition> definitions() throws Unsure {
      topLevel();
      return t.definitions(found);
    }

    /** Package, imports, a module, and type declarations. */
    private void topLevel() throws Unsure {
      int i = 0;
      while (i < t.count) {
        if (t.is(i, ';')) {
          i++;
          continue;
        }
        int start = i;
        int at = skip.modifiers(i);
        if (t.isWord(at, "package") || t.isWord(at, "import")) {
          i = skip.statementEnd(at) + 1;
        } else if (t.isWord(at, "module")
            || t.isWord(at, "open") && t.isWord(at + 1, "module")) {
          int brace = at;
          while (brace < t.count && !t.is(brace, '{')) {
            if (t.is(brace, ';') || t.is(brace, '}')) {
              throw new Unsure();
            }
            brace++;
          }
          if (brace >= t.count) {
            throw new Unsure();
          }
          i = t.partner[brace] + 1;
        } else {
          int next = typeDeclaration(start, at);
          if (next < 0) {
            throw new Unsure();
          }
          i = next;
        }
      }
    }

    /**
     * A class, interface, enum, record or annotation type whose modifiers start at {@code start}
     * and whose keyword is at {@code at}: reads it and returns the index after its body, or -1
     * when no type declaration is there.
     */
    private int typeDeclaration(int start, int at) throws Unsure {
      Body body = bodyDeclaredAt(at);
      if (body == null) {
        return -1;
      }
      Kind kind = body.kind;
      int name = body == Body.ANNOTATION ? at + 2 : at + 1;
      if (!t.isIdent(name) || NOT_NAMES.contains(t.word[name])) {
        throw new Unsure();
      }
      int brace = skip.typeBody(name + 1, body == Body.RECORD);
      int close = t.partner[brace];
      members(brace + 1, close, body);
      found.add(new Found(start, kind, t.word[name], t.word[name], t.row[start], t.row[name],
          t.row[close], false));
      return close + 1;
    }

    /**
     * The body a type declaration keyword at {@code at} opens ({@code class}, {@code interface},
     * {@code enum}, {@code @interface}, {@code record Name(} or {@code record Name<}), or null.
     */
    private Body bodyDeclaredAt(int at) {
      if (t.is(at, '@') && t.isWord(at + 1, "interface")) {
        return Body.ANNOTATION;
      }
      if (!t.isIdent(at)) {
        return null;
      }
      return switch (t.word[at]) {
        case "class" -> Body.CLASS;
        case "interface" -> Body.INTERFACE;
        case "enum" -> Body.ENUM;
        // `record` is a keyword only there; elsewhere it can name a variable or method.
        case "record" ->
            t.isIdent(at + 1) && (t.is(at + 2, '(') || t.is(at + 2, '<')) ? Body.RECORD : null;
        default -> null;
      };
    }

    /** The members of a body from {@code from} to its closing brace {@code close}. */
    private void members(int from, int close, Body body) throws Unsure {
      if (++bodyDepth > MAX_BODY_DEPTH) {
        throw new Unsure();
      }
      int i = body == Body.ENUM ? enumConstants(from, close) : from;
      while (i < close) {
        i = member(i, body);
        if (i > close) {
          throw new Unsure();
        }
      }
      bodyDepth--;
    }

    /** An enum's constants, with their arguments and bodies; the index after them. */
    private int enumConstants(int i, int close) throws Unsure {
      while (i < close) {
        if (t.is(i, ';')) {
          return i + 1;
        }
        while (t.is(i, '@')) {
          i = skip.annotation(i);
        }
        if (!t.isIdent(i) || NOT_NAMES.contains(t.word[i])) {
          throw new Unsure();
        }
        i++;
        if (t.is(i, '(')) {
          code(i + 1, t.partner[i]);
          i = t.partner[i] + 1;
        }
        if (t.is(i, '{')) {
          members(i + 1, t.partner[i], Body.CLASS);
          i = t.partner[i] + 1;
        }
        if (t.is(i, ',')) {
          i++;
        } else if (t.is(i, ';')) {
          return i + 1;
        } else if (i != close) {
          throw new Unsure();
        }
      }
      return close;
    }

    /** One member of a class body; the index after it. */
    private int member(int start, Body body) throws Unsure {
      if (t.is(start, ';')) {
        return start + 1;
      }
      int i = skip.modifiers(start);
      // Interfaces and annotation types hold no initializer blocks or constructors; the
      // parser reads such a body as an error.
      boolean codeAllowed = body != Body.INTERFACE && body != Body.ANNOTATION;
      if (t.is(i, '{')) {
        if (!codeAllowed || i != start && !(i == start + 1 && t.isWord(start, "static"))) {
          throw new Unsure(); // an initializer block takes no annotation or other modifier
        }
        code(i + 1, t.partner[i]); // an initializer block
        return t.partner[i] + 1;
      }
      if (body == Body.ANNOTATION && t.isWord(i, "record")) {
        throw new Unsure(); // the grammar has no records in annotation types
      }
      int next = typeDeclaration(start, i);
      if (next >= 0) {
        return next;
      }
      if (t.is(i, '<')) {
        i = skip.angles(i);
      }
      if (t.isIdent(i) && t.is(i + 1, '(') && codeAllowed) {
        if (NOT_NAMES.contains(t.word[i])) {
          throw new Unsure();
        }
        return method(start, i, Kind.CONSTRUCTOR);
      }
      if (t.isIdent(i) && t.is(i + 1, '{') && codeAllowed) {
        if (NOT_NAMES.contains(t.word[i])) {
          throw new Unsure();
        }
        int close = t.partner[i + 1];
        code(i + 2, close); // a record's compact constructor
        found.add(new Found(start, Kind.CONSTRUCTOR, t.word[i], t.word[i], t.row[start], t.row[i],
            t.row[close], false));
        return close + 1;
      }
      int name = skip.type(i);
      if (!t.isIdent(name) || NOT_NAMES.contains(t.word[name])) {
        throw new Unsure();
      }
      if (t.is(name + 1, '(')) {
        if (body == Body.ANNOTATION) {
          return skip.fieldEnd(name + 1) + 1; // an element, `int value() default 1;`
        }
        return method(start, name, Kind.METHOD);
      }
      if (!t.is(name + 1, '=') && !t.is(name + 1, ',') && !t.is(name + 1, ';')
          && !t.is(name + 1, '[')) {
        throw new Unsure(); // no field either: `statc int x = 1;` is an error for the parser
      }
      int end = skip.fieldEnd(name + 1);
      code(name + 1, end);
      return end + 1;
    }

    /** A method or constructor named at {@code name}; the index after it. */
    private int method(int start, int name, Kind kind) throws Unsure {
      int end = t.partner[name + 1] + 1;
      end = skip.dimensions(end);
      if (t.isWord(end, "throws")) {
        end = skip.type(end + 1);
        while (t.is(end, ',')) {
          end = skip.type(end + 1);
        }
      }
      if (!t.is(end, ';') && !t.is(end, '{')) {
        throw new Unsure();
      }
      if (t.is(end, ';')) {
        if (kind == Kind.CONSTRUCTOR) {
          throw new Unsure();
        }
        found.add(new Found(start, kind, t.word[name], t.word[name], t.row[start], t.row[name],
            t.row[end], true));
        return end + 1;
      }
      int close = t.partner[end];
      code(end + 1, close);
      found.add(new Found(start, kind, t.word[name], t.word[name], t.row[start], t.row[name],
          t.row[close], false));
      return close + 1;
    }

    /**
     * Code from {@code from} to {@code to} (a block's inside, an initializer, arguments): finds
     * the anonymous class bodies and local types in it; every other brace is a block of code.
     */
    private void code(int from, int to) throws Unsure {
      int i = from;
      while (i < to) {
        if (t.kind[i] == PUNCT) {
          char c = t.punct[i];
          if (c == '{') {
            if (anonymousClassBody(i, from)) {
              members(i + 1, t.partner[i], Body.CLASS);
              i = t.partner[i] + 1;
              continue;
            }
          } else if (c == '@' && t.isWord(i + 1, "interface")) {
            throw new Unsure();
          }
        } else if (t.kind[i] == IDENT) {
          // `Name.class` is a literal, not a declaration.
          if (bodyDeclaredAt(i) != null && !t.is(i - 1, '.')) {
            int next = typeDeclaration(localStart(i, from), i);
            if (next < 0 || next > to) {
              throw new Unsure();
            }
            i = next;
            continue;
          }
          if (wordsWithoutOperator(i) || t.isWord(i, "for") && !forHeader(i + 1)) {
            throw new Unsure();
          }
        } else if (i + 1 < to && (t.kind[i + 1] == LITERAL
            || t.kind[i + 1] == IDENT && !t.word[i + 1].equals("instanceof"))) {
          // A literal right before a word or another literal (`{5 6}`) is an error, where the
          // parser's recovery can make definitions of calls.
          throw new Unsure();
        }
        i++;
      }
    }

    /**
     * Whether the word at {@code i} and the next one make no Java where a call or type
     * arguments follow them ({@code ese if (}, {@code fina List<String>}): a typo the parser's
     * error recovery can turn into definitions (a constructor named {@code else}).
     */
    private boolean wordsWithoutOperator(int i) {
      // `case Shape s when (...)`: a pattern's guard.
      return t.isIdent(i + 1) && (t.is(i + 2, '(') || t.is(i + 2, '<'))
          && !t.is(i - 1, '@') && !t.is(i - 1, '.') && !t.word[i + 1].equals("when")
          && !WORDS_BEFORE_AN_EXPRESSION.contains(t.word[i])
          && !JavaSkipper.MODIFIERS.contains(t.word[i]);
    }

    /**
     * Whether the parenthesised part at {@code open} after {@code for} is a header: two
     * semicolons, or none and a colon. A semicolon lost there is an error the parser recovers
     * from by closing the method early.
     */
    private boolean forHeader(int open) {
      if (!t.is(open, '(')) {
        return false;
      }
      int semicolons = 0;
      boolean colon = false;
      for (int k = open + 1; k < t.partner[open]; k++) {
        if (t.is(k, '(') || t.is(k, '[') || t.is(k, '{')) {
          k = t.partner[k];
        } else if (t.is(k, ';')) {
          semicolons++;
        } else if (t.is(k, ':')) {
          colon = true;
        }
      }
      return semicolons == 2 || semicolons == 0 && colon;
    }

    /** Where a local type declaration with its keyword at {@code at} starts (its modifiers). */
    private int localStart(int at, int from) {
      int start = at;
      int k = at - 1;
      while (k >= from) {
        if (t.isWord(k, "sealed") && t.is(k - 1, '-') && t.isWord(k - 2, "non") && k - 2 >= from) {
          start = k - 2;
          k -= 3;
        } else if (t.kind[k] == IDENT && JavaSkipper.MODIFIERS.contains(t.word[k])) {
          start = k--;
        } else {
          int annotation = skip.annotationStart(k, from);
          if (annotation < 0) {
            break;
          }
          start = annotation;
          k = annotation - 1;
        }
      }
      return start;
    }

    /**
     * Whether the brace at {@code brace} opens an anonymous class ({@code new Type(...) {});
     * false for a block of code. Braces after anything the scan does not know are unsure.
     */
    private boolean anonymousClassBody(int brace, int from) throws Unsure {
      int p = brace - 1;
      if (p < from) {
        return false;
      }
      if (t.kind[p] == IDENT) {
        if (BLOCK_KEYWORDS.contains(t.word[p])) {
          return false;
        }
        throw new Unsure();
      }
      if (t.kind[p] != PUNCT) {
        throw new Unsure();
      }
      switch (t.punct[p]) {
        case '=', ']', '{', '}', ';', ':', ',', '(' -> {
          return false;
        }
        case '>' -> {
          if (t.is(p - 1, '-') && t.adjacent(p - 1, p)) {
            return false; // a lambda's body
          }
          throw new Unsure();
        }
        case ')' -> {
          int open = t.partner[p];
          if (t.kind[open - 1] == IDENT && BLOCK_STATEMENTS.contains(t.word[open - 1])) {
            return false;
          }
          // Otherwise only `new Outer.Type<Args>(...) {` is understood.
          int k = open - 1;
          while (true) {
            if (t.is(k, '>')) {
              k = skip.anglesStart(k) - 1;
            }
            if (!t.isIdent(k) || NOT_NAMES.contains(t.word[k])) {
              throw new Unsure();
            }
            k--;
            if (t.is(k, '.')) {
              k--;
            } else if (t.isWord(k, "new")) {
              return true;
            } else {
              throw new Unsure();
            }
          }
        }
        default -> throw new Unsure();
      }
    }
  }
}
