package io.github.slicegrep.outline;

import static io.github.slicegrep.outline.CurlyTokens.IDENT;
import static io.github.slicegrep.outline.CurlyTokens.LITERAL;
import static io.github.slicegrep.outline.CurlyTokens.PUNCT;

import io.github.slicegrep.outline.CurlyTokens.Found;
import io.github.slicegrep.outline.CurlyTokens.Unsure;
import io.github.slicegrep.outline.Definition.Kind;
import java.util.Set;

/**
 * TypeScript's own declarations, for {@link EcmascriptOutliner}: interfaces, type aliases, enums,
 * namespaces and modules, and a class's type parameters and heritage. Each is read from its
 * keyword to its end, its definition recorded, and the scan goes on after it (or, for a
 * namespace, into its body as a block).
 */
final class TypescriptDeclarations extends EcmascriptPart {
  private final boolean[] key;
  private final EcmascriptStatements statements;
  private final Declaration declaration;

  /** The scan's reading of a function or class declaration, for one after a TypeScript word. */
  interface Declaration {
    /** Reads the declaration whose keyword is at {@code keyword}, its range from {@code start}. */
    void read(int keyword, int start) throws Unsure;
  }

  /** Reads into the scan's own marks and definitions, which it shares. */
  TypescriptDeclarations(Shared shared, boolean[] key, EcmascriptStatements statements,
      Declaration declaration) {
    super(shared);
    this.key = key;
    this.statements = statements;
    this.declaration = declaration;
  }

  /**
   * TypeScript's own syntax at token {@code i}: type arguments of a call, type parameters of a
   * generic arrow function, {@code as} and {@code satisfies} with their type, {@code type} in an
   * import list, and the declarations JavaScript has not. Returns where the scan goes on, or {@code i} or less to read the token
   * as JavaScript.
   */
  int typescript(int i, int context) throws Unsure {
    if (t.kind[i] == PUNCT) {
      if (t.punct[i] == '<') {
        return types.expressionStart(i) ? x.genericArrow(i) : types.callTypeArguments(i);
      }
      return -1;
    }
    if (t.kind[i] != IDENT || key[i] || t.is(i - 1, '.')) {
      return -1;
    }
    if (context == EcmascriptOutliner.NAME_LIST) {
      boolean typeOnly = t.isWord(i, "type") && t.isIdent(i + 1) && !t.isWord(i + 1, "as")
          && t.row[i + 1] == t.row[i];
      return typeOnly ? i + 2 : -1; // `import { type A }`: the name with its word
    }
    if (t.isWord(i, "type") && (t.isWord(i - 1, "import") || t.isWord(i - 1, "export"))
        && (t.isIdent(i + 1) || t.is(i + 1, '{') || t.is(i + 1, '*'))) {
      return types.mark(i, i + 1); // `import type A from`, `export type { A }`
    }
    int operator = types.typeOperator(i);
    if (operator >= 0) {
      return operator;
    }
    return context == EcmascriptOutliner.BLOCK ? declarationStatement(i) : -1;
  }

  /** Words that may start a TypeScript declaration. */
  private static final Set<String> TYPESCRIPT_STARTS =
      Set.of("export", "declare", "interface", "type", "enum", "const", "namespace", "module",
          "abstract");

  /**
   * A TypeScript declaration starting at {@code i} (after an {@code export} or {@code
   * declare}, which belong to it): its definition and where the scan goes on, or -1.
   */
  private int declarationStatement(int i) throws Unsure {
    if (!TYPESCRIPT_STARTS.contains(t.word[i])) {
      return -1;
    }
    int j = i;
    if (t.isWord(j, "export") && onRow(j, j + 1)) {
      if (t.isWord(j + 1, "as") && t.isWord(j + 2, "namespace") && t.isIdent(j + 3)) {
        return startsStatement(i) ? statementEnd(j + 4) : -1; // `export as namespace X`
      }
      j++;
    }
    boolean ambient = t.isWord(j, "declare") && onRow(j, j + 1) && t.isIdent(j + 1);
    if (ambient) {
      j++;
    }
    if (!t.isIdent(j) || !onRow(j, j + 1)) {
      return -1;
    }
    int name = j + 1;
    String w = t.word[j];
    boolean named = t.isIdent(name);
    int past;
    if (w.equals("interface") && named) {
      past = interfaceDeclaration(i, j);
    } else if (w.equals("type") && named && (t.is(name + 1, '=') || t.is(name + 1, '<'))) {
      past = typeAlias(name);
    } else if (w.equals("enum") && named) {
      past = enumDeclaration(i, j);
    } else if (w.equals("const") && t.isWord(name, "enum") && t.isIdent(name + 1)) {
      past = enumDeclaration(i, name);
    } else if (w.equals("namespace") && named) {
      past = namespace(i, j, Kind.NAMESPACE);
    } else if (w.equals("module") && (named || isString(name))) {
      past = namespace(i, j, Kind.MODULE);
    } else if (w.equals("global") && ambient && t.is(name, '{')) {
      opens[name] = EcmascriptOutliner.BLOCK; // `declare global {...}`: no definition of its own
      past = name;
    } else if (w.equals("abstract") && t.isWord(name, "class") || ambient && (
        w.equals("class") || w.equals("function") || w.equals("async"))) {
      past = w.equals("abstract") ? name : j;
      declaration.read(past, i);
    } else if (ambient && (w.equals("const") || w.equals("let") || w.equals("var"))) {
      statements.declarators(j, i);
      past = j;
    } else {
      return -1;
    }
    return startsStatement(i) ? past : -1;
  }

  /** Whether the scan may read a declaration at {@code i}: it starts a statement. */
  private boolean startsStatement(int i) throws Unsure {
    if (!x.startsStatement(i)) {
      throw new Unsure(); // a declaration's words read where no statement starts
    }
    return true;
  }

  boolean onRow(int a, int b) {
    return b < t.count && t.row[b] == t.lastRow[a];
  }

  boolean isString(int k) {
    return k < t.count && t.kind[k] == LITERAL && (t.punct[k] == '"' || t.punct[k] == '\'');
  }

  /** {@code interface Name<T> extends A, B {...}}; the index after it. */
  int interfaceDeclaration(int start, int keyword) throws Unsure {
    int name = keyword + 1;
    int j = name + 1;
    if (t.is(j, '<')) {
      j = types.typeParameters(j);
    }
    if (t.isWord(j, "extends")) {
      j = typeList(j + 1);
    }
    if (!t.is(j, '{')) {
      throw new Unsure();
    }
    types.objects.objectType(j);
    int end = t.partner[j] + 1;
    found.add(new Found(start, Kind.INTERFACE, t.word[name], t.word[name], t.row[start],
        t.row[name], t.row[end - 1], false));
    return end;
  }

  /** {@code type Name<T> = ...}, no definition itself; the index after it. */
  int typeAlias(int name) throws Unsure {
    int j = name + 1;
    if (t.is(j, '<')) {
      j = types.typeParameters(j);
    }
    if (!t.is(j, '=')) {
      throw new Unsure();
    }
    int end = types.type(j + 1);
    types.valueEnd[end - 1] = true;
    return statementEnd(end);
  }

  /**
   * Where a declaration whose last token is before {@code k} ends: past its {@code ;}, or at
   * {@code k} where the parser ends it at a line break or a closing brace.
   */
  int statementEnd(int k) throws Unsure {
    if (t.is(k, ';')) {
      return k + 1;
    }
    if (k >= t.count || t.is(k, '}') || t.row[k] > t.lastRow[k - 1]
        && x.automaticSemicolon(k - 1, k) == EcmascriptExpressions.ENDS) {
      return k;
    }
    throw new Unsure();
  }

  /** {@code enum E {...}}, its body passed over; the index after it. */
  int enumDeclaration(int start, int keyword) throws Unsure {
    int name = keyword + 1;
    int open = name + 1;
    if (!t.is(open, '{')) {
      throw new Unsure();
    }
    int close = t.partner[open];
    for (int k = open + 1; k < close; k++) {
      if (t.isWord(k, "function") || t.isWord(k, "class") || x.isArrow(k)) {
        throw new Unsure(); // a function in a member's value
      }
    }
    found.add(new Found(start, Kind.ENUM, t.word[name], t.word[name], t.row[start],
        t.row[name], t.row[close], false));
    return close + 1;
  }

  /**
   * {@code namespace A.B {...}} and {@code module "m" {...}}: a definition whose body the scan
   * reads on as a block; a module without a body is none. Returns its brace (or the index
   * after it).
   */
  int namespace(int start, int keyword, Kind kind) throws Unsure {
    int name = keyword + 1;
    int j = name + 1;
    String text;
    if (isString(name)) {
      text = t.word[name].substring(1, t.word[name].length() - 1);
    } else {
      while (t.is(j, '.') && t.isIdent(j + 1) && t.adjacent(j - 1, j)
          && t.adjacent(j, j + 1)) {
        j += 2;
      }
      text = lines.get(t.row[name]).substring(t.column[name],
          t.column[j - 1] + t.word[j - 1].length());
    }
    if (!t.is(j, '{')) {
      if (kind == Kind.NAMESPACE) {
        throw new Unsure();
      }
      return statementEnd(j); // `declare module "m";`
    }
    if (text.isEmpty()) {
      throw new Unsure();
    }
    opens[j] = EcmascriptOutliner.BLOCK;
    found.add(new Found(start, kind, text, text, t.row[start], t.row[name],
        t.row[t.partner[j]], false));
    return j;
  }

  /**
   * A TypeScript class's type parameters, {@code extends} and {@code implements} from {@code
   * j}, marked; the index after them. Only a name with type arguments is read after {@code
   * extends}: a call there ({@code extends mixin(A)}) may hold definitions.
   */
  int heritage(int j) throws Unsure {
    int from = j;
    int k = j;
    if (t.is(k, '<')) {
      k = types.typeParameters(k);
    }
    if (t.isWord(k, "extends")) {
      k++;
      if (!t.isIdent(k)) {
        throw new Unsure();
      }
      k++;
      while (t.is(k, '.') && t.isIdent(k + 1)) {
        k += 2;
      }
      if (t.is(k, '<')) {
        k = types.typeArguments(k);
      }
    }
    if (t.isWord(k, "implements")) {
      k = typeList(k + 1);
    }
    return k > from ? types.mark(from, k) : k;
  }

  /** The index after types separated by commas from {@code k}: {@code extends A, B<C>}. */
  private int typeList(int k) throws Unsure {
    int j = types.type(k);
    while (t.is(j, ',')) {
      j = types.type(j + 1);
    }
    return j;
  }
}
