package io.github.slicegrep.bench.suite;

import io.github.slicegrep.bench.metrics.Tokens;
import io.github.slicegrep.bench.strategy.Retrieval;
import io.github.slicegrep.bench.truth.CorpusFacts;
import io.github.slicegrep.bench.truth.Definition;
import io.github.slicegrep.bench.truth.Lang;
import io.github.slicegrep.bench.truth.SourceFile;
import io.github.slicegrep.bench.truth.Span;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The truth of a "where is X defined, who calls it, what tests it" question, from the
 * benchmark's own extractor, and what a retrieval found of it.
 */
public final class Comparison {
  /** A named one-task question on one corpus. */
  public record Question(String name, String corpus, String symbol) {}

  /** What one way of answering found. */
  public record Found(int calls, int tokens, boolean definition, boolean caller, boolean test) {
    public Map<String, Object> toMap() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("calls", calls);
      m.put("tokens", tokens);
      m.put("definition", definition);
      m.put("caller", caller);
      m.put("test", test);
      return m;
    }
  }

  /** Non-test definitions of the symbol: any one shown whole counts. */
  final List<Span> definitions = new ArrayList<>();
  /** Call lines in non-test files outside docs and examples that are not definitions. */
  final List<Span> callers = new ArrayList<>();
  /** Lines of test files that name the symbol. */
  final List<Span> tests = new ArrayList<>();
  private final CorpusFacts facts;

  public Comparison(CorpusFacts facts, String symbol) {
    this.facts = facts;
    Pattern word = Pattern.compile("(?<![\\w$])" + Pattern.quote(symbol) + "(?![\\w$])");
    Pattern call = Pattern.compile("(?<![\\w$])" + Pattern.quote(symbol) + "\\s*\\(");
    for (Definition d : facts.defsNamed(symbol)) {
      if (!isTest(d.file())) {
        definitions.add(d.span());
      }
    }
    for (SourceFile f : facts.codeFiles()) {
      List<Definition> defs = facts.defs(f.path());
      for (int i = 1; i <= f.lineCount(); i++) {
        String line = f.line(i);
        String s = line.strip();
        if (s.startsWith("#") || s.startsWith("//") || s.startsWith("*")) {
          continue;
        }
        if (f.isTest()) {
          if (word.matcher(line).find()) {
            tests.add(new Span(f.path(), i, i));
          }
        } else if (call.matcher(line).find() && !isDefLine(defs, i, symbol)
            && !f.path().matches("(.*/)?(docs?|examples?)/.*")) {
          callers.add(new Span(f.path(), i, i));
        }
      }
    }
  }

  private static boolean isTest(String path) {
    return Lang.isTestPath(path);
  }

  private static boolean isDefLine(List<Definition> defs, int line, String symbol) {
    for (Definition d : defs) {
      if (d.nameLine() == line && d.name().equals(symbol)) {
        return true;
      }
    }
    return false;
  }

  public int definitionCount() {
    return definitions.size();
  }

  public int callerCount() {
    return callers.size();
  }

  public int testCount() {
    return tests.size();
  }

  public Found judge(Retrieval r) {
    Map<String, BitSet> shown = Judge.shownLines(r.shown());
    return new Found(r.calls(), Tokens.count(r.text()), any(definitions, shown),
        any(callers, shown), any(tests, shown));
  }

  private boolean any(List<Span> spans, Map<String, BitSet> shown) {
    for (Span s : spans) {
      if (Judge.covered(s, shown, facts.sources())) {
        return true;
      }
    }
    return false;
  }
}
