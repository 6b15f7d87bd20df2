package io.github.slicegrep.outline;

import io.github.slicegrep.source.Language;
import io.github.slicegrep.source.SourceFile;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.treesitter.TSNode;
import org.treesitter.TSParser;
import org.treesitter.TSTree;
import org.treesitter.TSQueryCapture;
import org.treesitter.TSQueryCursor;
import org.treesitter.TSQueryMatch;

/**
 * Outlines a file from its tree-sitter syntax tree, for the languages that have a grammar, and
 * hands every other file, and every file the parser cannot handle, to a fallback outliner.
 *
 * <p>Thread-safe: tree-sitter parsers are not, so each call makes its own (creating one costs
 * microseconds); grammars are immutable and shared.
 */
final class TreeSitterOutliner implements Outliner {
  /**
   * Files longer than this (in characters) go to the fallback: parsing and outlining run at
   * about 0.7-1.6 MB/s here, so a bigger file would cost the search (or the hook's 5 s budget)
   * about a second, and files that big are mostly generated code nobody reads by function.
   */
  static final long MAX_PARSED_CHARS = 1L << 20;

  private final Function<Language, Optional<Grammar>> grammars;
  private final Outliner fallback;
  private final long maxParsedChars;

  TreeSitterOutliner(Function<Language, Optional<Grammar>> grammars, Outliner fallback) {
    this(grammars, fallback, MAX_PARSED_CHARS);
  }

  TreeSitterOutliner(
      Function<Language, Optional<Grammar>> grammars, Outliner fallback, long maxParsedChars) {
    this.grammars = grammars;
    this.fallback = fallback;
    this.maxParsedChars = maxParsedChars;
  }

  @Override
  public Outline outline(SourceFile file) {
    if (charCount(file) > maxParsedChars) {
      return fallback.outline(file);
    }
    Optional<Outline> parsed;
    try {
      parsed = grammars.apply(file.language()).flatMap(g -> parseTree(g, file)).map(
          tree -> finish(asCppWhenBetter(file, tree), file, fallback));
    } catch (RuntimeException | LinkageError e) {
      parsed = Optional.empty();
    }
    return parsed.orElseGet(() -> fallback.outline(file));
  }

  private static long charCount(SourceFile file) {
    long chars = 0;
    for (String line : file.lines()) {
      chars += line.length() + 1;
    }
    return chars;
  }

  /**
   * The outline from the syntax tree; empty when the parser gives no tree. Where the parser gave
   * up ({@code ERROR} nodes: broken code, or a construct the grammar gets wrong), definitions the
   * fallback finds with their header inside such a region are added, so a grammar bug early in a
   * file does not hide every definition after it.
   */
  static Optional<Outline> parse(Grammar grammar, SourceFile file, Outliner fallback) {
    return parseTree(grammar, file).map(tree -> finish(tree, file, fallback));
  }

  /** What one parse found: definitions before nesting, and the rows the parser gave up on. */
  private record Parsed(List<Definition> definitions, List<int[]> errorRows) {
    int errorLines() {
      Set<Integer> rows = new HashSet<>();
      for (int[] range : errorRows) {
        for (int row = range[0]; row <= range[1]; row++) {
          rows.add(row);
        }
      }
      return rows.size();
    }
  }

  private static Optional<Parsed> parseTree(Grammar grammar, SourceFile file) {
    int macroDepth = file.language() == Language.RUST ? RustMacroItems.MAX_DEPTH : 0;
    return parseLines(grammar, file.lines(), macroDepth);
  }

  /**
   * One parse of {@code lines}; with {@code macroDepth} above 0, the definitions inside Rust's
   * item-level macro bodies are added from a parse of those bodies alone ({@link
   * RustMacroItems}), whose own error rows are not the file's.
   */
  private static Optional<Parsed> parseLines(Grammar grammar, List<String> lines,
      int macroDepth) {
    SourceText text = new SourceText(lines);
    List<String> bodies;
    Parsed parsed;
    try (TSParser parser = new TSParser()) {
      if (!parser.setLanguage(grammar.language())) {
        return Optional.empty();
      }
      TSTree tree = parser.parseString(null, text.joined());
      if (tree == null) {
        return Optional.empty();
      }
      try (tree) {
        Walk walk = new Walk(grammar, text);
        parsed = new Parsed(walk.definitions(tree.getRootNode()), walk.errorRows);
        bodies = macroDepth > 0 ? RustMacroItems.bodiesOnly(tree.getRootNode(), lines) : null;
      }
    }
    if (bodies == null) {
      return Optional.of(parsed);
    }
    List<Definition> definitions = new ArrayList<>(parsed.definitions());
    Set<Integer> headers = new HashSet<>();
    for (Definition d : definitions) {
      headers.add(d.headerLine());
    }
    parseLines(grammar, bodies, macroDepth - 1).ifPresent(inner -> {
      for (Definition d : inner.definitions()) {
        if (headers.add(d.headerLine())) {
          definitions.add(d);
        }
      }
    });
    return Optional.of(new Parsed(definitions, parsed.errorRows()));
  }

  /**
   * A {@code .h} file is C by its extension but often C++: when the C grammar gives up somewhere,
   * the C++ grammar gets a try, and the parse with fewer lines in error wins.
   */
  private Parsed asCppWhenBetter(SourceFile file, Parsed asC) {
    if (file.language() != Language.C || asC.errorRows().isEmpty()
        || !file.relativePath().endsWith(".h")) {
      return asC;
    }
    return grammars.apply(Language.CPP)
        .flatMap(cpp -> parseTree(cpp, file))
        .filter(asCpp -> asCpp.errorLines() < asC.errorLines())
        .orElse(asC);
  }

  private static Outline finish(Parsed parsed, SourceFile file, Outliner fallback) {
    List<Definition> definitions = parsed.definitions();
    if (!parsed.errorRows().isEmpty()) {
      definitions = withRecovered(definitions, fallback.outline(file), parsed.errorRows());
    }
    return Outline.of(Nesting.qualify(definitions));
  }

  /** Parsed definitions plus the fallback's whose header sits in an error region. */
  private static List<Definition> withRecovered(
      List<Definition> parsed, Outline fallback, List<int[]> errorRows) {
    Set<Integer> headers = new HashSet<>();
    for (Definition d : parsed) {
      headers.add(d.headerLine());
    }
    List<Definition> out = new ArrayList<>(parsed);
    for (Definition d : fallback.definitions()) {
      int row = d.headerLine() - 1;
      if (headers.contains(d.headerLine())) {
        continue;
      }
      for (int[] range : errorRows) {
        if (row >= range[0] && row <= range[1]) {
          // Back to its local name: nesting is computed again over the merged list.
          out.add(d.nestedAs(d.kind(), d.name()));
          break;
        }
      }
    }
    return out;
  }

  /** One run of the grammar's query over the tree, collecting definitions and comment rows. */
  private static final class Walk {
    private final Grammar grammar;
    private final SourceText text;
    private final boolean[] attachableRow;
    private final List<Seen> seen = new ArrayList<>();
    /** 0-based first and last rows of each {@code ERROR} node. */
    final List<int[]> errorRows = new ArrayList<>();

    private record Seen(NodeRule.Found found, int startRow, int endRow, int headerRow) {}

    Walk(Grammar grammar, SourceText text) {
      this.grammar = grammar;
      this.text = text;
      this.attachableRow = new boolean[text.lineCount() + 1];
    }

    List<Definition> definitions(TSNode root) {
      try (TSQueryCursor cursor = new TSQueryCursor()) {
        cursor.exec(grammar.query(), root);
        TSQueryMatch match = new TSQueryMatch();
        while (cursor.nextMatch(match)) {
          TSQueryCapture[] captures = match.getCaptures();
          if (captures.length == 0) {
            continue;
          }
          TSNode node = captures[0].getNode();
          int pattern = match.getPatternIndex();
          if (grammar.isErrorPattern(pattern)) {
            errorRows.add(new int[] {SourceText.startRow(node), SourceText.endRow(node)});
          } else {
            NodeRule rule = grammar.ruleOfPattern(pattern);
            if (rule != null) {
              visit(node, rule);
            } else if (grammar.attaches(pattern, node, text)) {
              markAttachable(node);
            }
          }
        }
      }
      List<Definition> out = new ArrayList<>(seen.size());
      for (Seen s : seen) {
        NodeRule.Found f = s.found();
        int start = attachedStart(s.startRow());
        out.add(
            new Definition(
                f.kind(), f.name(), f.localName(), start + 1, s.endRow() + 1, s.headerRow() + 1,
                f.declarationOnly()));
      }
      return out;
    }

    /** An attachable comment or attribute marks its lines when it opens its own line. */
    private void markAttachable(TSNode node) {
      if (text.startsItsLine(node)) {
        int last = Math.min(SourceText.endRow(node), attachableRow.length - 1);
        for (int row = SourceText.startRow(node); row <= last; row++) {
          attachableRow[row] = true;
        }
      }
    }

    /** A captured candidate definition node. */
    private void visit(TSNode node, NodeRule rule) {
      NodeRule.Found found = rule.describe(node, text);
      if (found == null) {
        return;
      }
      TSNode range = found.range();
      int startRow = SourceText.startRow(range);
      int endRow = text.lastCodeRow(found.last() != null ? found.last() : range);
      for (TSNode p = Nodes.parent(range); p != null && grammar.isWrapper(p.getSymbol());
          p = Nodes.parent(p)) {
        startRow = Math.min(startRow, SourceText.startRow(p));
        endRow = Math.max(endRow, text.lastCodeRow(p));
      }
      int headerRow = SourceText.startRow(found.header());
      if (headerRow < startRow || headerRow > endRow) {
        headerRow = startRow;
      }
      seen.add(new Seen(found, startRow, endRow, headerRow));
    }

    /** Walks up over the comment, decorator and attribute lines right above a definition. */
    private int attachedStart(int startRow) {
      int row = startRow - 1;
      while (row >= 0 && attachableRow[row]) {
        row--;
      }
      return row + 1;
    }
  }
}
