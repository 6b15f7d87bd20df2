package io.github.slicegrep.outline;

import static io.github.slicegrep.outline.CurlyTokens.IDENT;
import static io.github.slicegrep.outline.CurlyTokens.LITERAL;
import static io.github.slicegrep.outline.CurlyTokens.PUNCT;

import io.github.slicegrep.outline.CurlyTokens.Found;
import io.github.slicegrep.outline.CurlyTokens.Unsure;
import io.github.slicegrep.outline.Definition.Kind;
import io.github.slicegrep.source.SourceFile;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Go's functions, methods, struct and interface types and interface methods from its tokens
 * alone, as the tree-sitter outline gives them (comment lines right above included, methods named
 * for their receiver's type, a {@code type} group's first struct or interface spanning the whole
 * group when it starts on the group's line, interface methods wherever an interface type is
 * written), one to two orders of magnitude faster than the parser in the grammar jar.
 *
 * <p>Three things open definitions, wherever they are: a {@code func} that starts a top-level
 * declaration, a {@code type} keyword (all but a type switch's {@code .(type)}), and an
 * {@code interface {}, whose elements named and followed by parameters are methods. Files the
 * scan is not sure of are left to the parser (empty result): unterminated literals or comments,
 * unbalanced brackets, non-ASCII or characters Go has no use for outside literals, a function
 * without a body, a receiver or type parameters it does not recognise.
 */
final class GoOutliner {
  private GoOutliner() {}

  /** The outline, or empty when the file is left to the parser. */
  static Optional<Outline> outline(SourceFile file) {
    try {
      CurlyTokens tokens = CurlyTokens.read(file.lines(), CurlyTokens.Dialect.GO);
      if (tokens == null) {
        return Optional.empty();
      }
      return Optional.of(Outline.of(Nesting.qualify(new Scan(tokens).definitions())));
    } catch (Unsure | RuntimeException e) {
      // An input the scan did not foresee: the parser decides.
      return Optional.empty();
    }
  }

  /**
   * Keywords after which a line break ends a statement (Go's automatic semicolon), besides
   * names, literals and closing brackets.
   */
  private static final Set<String> ENDING_WORDS =
      Set.of("break", "continue", "fallthrough", "return");

  /** The words a top-level declaration starts with. */
  private static final Set<String> TOP_LEVEL =
      Set.of("package", "import", "func", "type", "var", "const");

  private static final Set<String> KEYWORDS =
      Set.of(
          "break", "case", "chan", "const", "continue", "default", "defer", "else", "fallthrough",
          "for", "func", "go", "goto", "if", "import", "interface", "map", "package", "range",
          "return", "select", "struct", "switch", "type", "var");

  /** One pass over the tokens. */
  private static final class Scan {
    private final CurlyTokens t;
    private final List<Found> found = new ArrayList<>();

    Scan(CurlyTokens tokens) {
      this.t = tokens;
    }

    List<Definition> definitions() throws Unsure {
      int depth = 0;
      for (int i = 0; i < t.count; i++) {
        if (depth == 0 && t.kind[i] != IDENT && startsStatement(i)) {
          throw new Unsure(); // no declaration starts so (`/ comment` that lost a slash)
        }
        if (t.kind[i] == PUNCT) {
          char c = t.punct[i];
          if (c == '(' || c == '[' || c == '{') {
            depth++;
          } else if (c == ')' || c == ']' || c == '}') {
            depth--;
          }
        } else if (t.kind[i] == IDENT) {
          if (depth == 0 && startsStatement(i) && !TOP_LEVEL.contains(t.word[i])
              || twoNamesBeforeACall(i)) {
            // A typo (`fun F() {`, `f len(x)`): the parser's error recovery makes functions
            // of such lines its own way.
            throw new Unsure();
          }
          switch (t.word[i]) {
            case "func" -> {
              if (depth == 0 && startsStatement(i)) {
                function(i);
              }
            }
            case "type" -> {
              // `switch v := x.(type)` is no declaration.
              if (!(t.is(i - 1, '(') && t.is(i + 1, ')'))) {
                typeDeclaration(i);
              }
            }
            case "interface" -> {
              if (t.is(i + 1, '{')) {
                interfaceMethods(i + 1);
              }
            }
            default -> {
            }
          }
        }
      }
      return t.definitions(found);
    }

    /**
     * Whether a name, another name on its line and a parenthesis start at {@code i}: never Go
     * (a line break between the names ends a statement).
     */
    private boolean twoNamesBeforeACall(int i) {
      return t.isIdent(i + 1) && t.row[i + 1] == t.row[i] && t.is(i + 2, '(')
          && !KEYWORDS.contains(t.word[i])
          && !KEYWORDS.contains(t.word[i + 1]);
    }

    /** Whether token {@code i} starts a statement: first, or after a statement's end. */
    private boolean startsStatement(int i) {
      if (i == 0 || t.is(i - 1, ';')) {
        return true;
      }
      return t.row[i - 1] < t.row[i] && endsStatement(i - 1);
    }

    /** Whether a line break after token {@code k} ends its statement (Go's semicolon rule). */
    private boolean endsStatement(int k) {
      if (t.kind[k] == LITERAL) {
        return true;
      }
      if (t.kind[k] == IDENT) {
        return !KEYWORDS.contains(t.word[k]) || ENDING_WORDS.contains(t.word[k]);
      }
      char c = t.punct[k];
      return c == ')' || c == ']' || c == '}'
          || (c == '+' || c == '-') && k > 0 && t.is(k - 1, c) && t.adjacent(k - 1, k);
    }

    /** {@code func name...} or {@code func (receiver) name...} at {@code at}, with its body. */
    private void function(int at) throws Unsure {
      int i = at + 1;
      String receiver = null;
      if (t.is(i, '(')) {
        receiver = receiverType(i);
        i = t.partner[i] + 1;
      }
      if (!t.isIdent(i)) {
        throw new Unsure();
      }
      int name = i++;
      if (t.is(i, '[')) {
        if (receiver != null) {
          throw new Unsure(); // methods take no type parameters: an error for the parser
        }
        i = t.partner[i] + 1; // type parameters
      }
      if (!t.is(i, '(')) {
        throw new Unsure();
      }
      int body = bodyAfterSignature(t.partner[i] + 1);
      String simple = t.word[name];
      Kind kind = receiver == null ? Kind.FUNCTION : Kind.METHOD;
      String local = receiver == null || receiver.isEmpty() ? simple : receiver + "." + simple;
      found.add(new Found(at, kind, simple, local, t.row[at], t.row[name],
          t.row[t.partner[body]], false));
    }

    /**
     * The type name of a receiver {@code (s *Scorer)}, {@code (Stack[T])}: what the parser
     * names a method by.
     */
    private String receiverType(int open) throws Unsure {
      int close = t.partner[open];
      int i = open + 1;
      if (i == close) {
        return "";
      }
      if (t.isIdent(i) && (t.isIdent(i + 1) || t.is(i + 1, '*'))) {
        i++; // the receiver's name
      }
      if (t.is(i, '*')) {
        i++;
      }
      if (!t.isIdent(i)) {
        throw new Unsure();
      }
      int type = i++;
      if (t.is(i, '[')) {
        i = t.partner[i] + 1;
      }
      if (i != close) {
        throw new Unsure();
      }
      return t.word[type];
    }

    /**
     * The body's opening brace after a function's parameters: results may hold braces of their
     * own ({@code struct{...}}, {@code interface{...}}). A signature whose line ends first has
     * no body (a function written in assembly): unsure.
     */
    private int bodyAfterSignature(int i) throws Unsure {
      while (i < t.count) {
        if (t.is(i, '{')) {
          if (!t.isWord(i - 1, "struct") && !t.isWord(i - 1, "interface")) {
            return i;
          }
          i = t.partner[i] + 1;
        } else if (t.is(i, '(') || t.is(i, '[')) {
          i = t.partner[i] + 1;
        } else if (t.is(i, ';') || t.is(i, ')') || t.is(i, ']') || t.is(i, '}')
            || t.row[i] > t.row[i - 1] && endsStatement(i - 1)) {
          throw new Unsure();
        } else {
          i++;
        }
      }
      throw new Unsure();
    }

    /** {@code type} at {@code at}: one spec, or a parenthesised group of them. */
    private void typeDeclaration(int at) throws Unsure {
      if (!t.is(at + 1, '(')) {
        // The declaration is the definition's range when the name is on the keyword's line.
        typeSpec(at + 1, t.row[at + 1] == t.row[at] ? at : -1, -1);
        return;
      }
      int close = t.partner[at + 1];
      int i = at + 2;
      while (i < close) {
        if (t.is(i, ';')) {
          i++;
          continue;
        }
        // The first spec, when on the group's line, spans the whole group for the parser.
        boolean alone = t.row[i] == t.row[at];
        i = typeSpec(i, alone ? at : -1, alone ? close : -1);
      }
    }

    /**
     * One spec {@code Name [params] Type} at {@code i}; a struct or interface type is a
     * definition, spanning from {@code rangeStart} to {@code rangeEnd} when those are given (the
     * declaration around it). Returns the index after the spec.
     */
    private int typeSpec(int i, int rangeStart, int rangeEnd) throws Unsure {
      if (!t.isIdent(i)) {
        throw new Unsure();
      }
      int name = i++;
      if (t.is(i, '<') && !(t.is(i + 1, '-') && t.adjacent(i, i + 1))) {
        throw new Unsure(); // `type A<B struct{}`: no type starts with `<` but a `<-chan`
      }
      if (t.is(i, '[')) {
        if (!typeParameters(i)) {
          return specEnd(i);
        }
        i = t.partner[i] + 1;
      }
      Kind kind = null;
      if (t.isWord(i, "struct") && t.is(i + 1, '{')) {
        kind = Kind.STRUCT;
      } else if (t.isWord(i, "interface") && t.is(i + 1, '{')) {
        kind = Kind.INTERFACE;
      }
      if (kind == null) {
        return specEnd(i);
      }
      int close = t.partner[i + 1];
      int start = rangeStart >= 0 ? rangeStart : name;
      int end = rangeEnd >= 0 ? rangeEnd : close;
      found.add(new Found(start, kind, t.word[name], t.word[name], t.row[start], t.row[name],
          t.row[end], false));
      int next = close + 1;
      if (next < t.count && !t.is(next, ';') && !t.is(next, ')') && !t.is(next, '}')
          && t.row[next] == t.row[close]) {
        throw new Unsure(); // more on the line after the type: not what the scan knows
      }
      return next;
    }

    /**
     * Whether the brackets at {@code open} after a type's name hold type parameters
     * ({@code [T any]}, {@code [K comparable, V any]}, {@code [T, U any]}) rather than an array
     * length ({@code [5]}, {@code [N]}); unsure when neither is plain.
     */
    private boolean typeParameters(int open) throws Unsure {
      int close = t.partner[open];
      if (close == open + 1
          || close == open + 2 && (t.kind[open + 1] == LITERAL || t.isIdent(open + 1))) {
        return false; // a slice, or an array of a plain length
      }
      if (t.isIdent(open + 1) && (t.isIdent(open + 2) || t.is(open + 2, ','))) {
        return true;
      }
      throw new Unsure();
    }

    /** The index after the spec whose type starts at {@code i}: its line's end at depth 0. */
    private int specEnd(int i) {
      while (i < t.count) {
        if (t.is(i, '(') || t.is(i, '[') || t.is(i, '{')) {
          i = t.partner[i] + 1;
        } else if (t.is(i, ';') || t.is(i, ')') || t.is(i, '}')) {
          return i;
        } else {
          i++;
        }
        if (i < t.count && t.row[i] > t.row[i - 1] && endsStatement(i - 1)) {
          return i;
        }
      }
      return i;
    }

    /** The methods of the interface whose body opens at {@code open}. */
    private void interfaceMethods(int open) throws Unsure {
      int close = t.partner[open];
      int i = open + 1;
      while (i < close) {
        if (t.is(i, ';')) {
          i++;
          continue;
        }
        int end = specEnd(i);
        if (end > close || end == i) {
          throw new Unsure();
        }
        for (int k = i; k < end; k++) {
          if (t.is(k, '(') || t.is(k, '[') || t.is(k, '{')) {
            k = t.partner[k];
          } else if (t.is(k, ',')) {
            throw new Unsure(); // an element holds no comma outside brackets
          }
        }
        if (t.isIdent(i) && t.is(i + 1, '(')) {
          int last = end - 1;
          found.add(new Found(i, Kind.METHOD, t.word[i], t.word[i], t.row[i], t.row[i],
              t.row[last], true));
        }
        i = end;
      }
    }
  }
}
