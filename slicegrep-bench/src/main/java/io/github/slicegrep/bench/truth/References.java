package io.github.slicegrep.bench.truth;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where each uniquely defined name is mentioned in the corpus-language files, built in one pass
 * so that call sites and exercising tests need no rescan per name.
 */
final class References {
  private static final Pattern IDENT = Pattern.compile("[A-Za-z_$][\\w$]*");

  private record Mention(SourceFile file, int line, boolean call) {}

  private final CorpusFacts c;
  private final Map<String, List<Mention>> mentions = new HashMap<>();

  References(CorpusFacts c) {
    this.c = c;
    for (SourceFile f : c.codeFiles()) {
      for (int i = 1; i <= f.lineCount(); i++) {
        String line = f.line(i);
        if (TaskGenerator.isComment(line)) {
          continue;
        }
        Matcher m = IDENT.matcher(line);
        while (m.find()) {
          String name = m.group();
          if (c.defsNamed(name).size() != 1) {
            continue;
          }
          int k = m.end();
          while (k < line.length() && Character.isWhitespace(line.charAt(k))) {
            k++;
          }
          boolean call = k < line.length() && line.charAt(k) == '(';
          List<Mention> l = mentions.computeIfAbsent(name, x -> new ArrayList<>());
          if (l.isEmpty() || l.get(l.size() - 1).file() != f || l.get(l.size() - 1).line() != i
              || call && !l.get(l.size() - 1).call()) {
            l.add(new Mention(f, i, call));
          }
        }
      }
    }
  }

  /** Lines in other non-test files of the corpus language that call {@code d}. */
  List<Span> callSites(Definition d) {
    Set<Span> out = new LinkedHashSet<>();
    for (Mention m : mentions.getOrDefault(d.name(), List.of())) {
      if (m.call() && !m.file().isTest() && !m.file().path().equals(d.file())) {
        out.add(new Span(m.file().path(), m.line(), m.line()));
      }
    }
    return new ArrayList<>(out);
  }

  /** Test definitions (innermost, small enough to judge beside {@code d}) that name it. */
  List<Span> exercisingTests(Definition d) {
    int budget = TaskGenerator.MAX_TRUTH_TOKENS - TaskGenerator.tokens(c, d.span());
    Set<Span> out = new LinkedHashSet<>();
    for (Mention m : mentions.getOrDefault(d.name(), List.of())) {
      if (!m.file().isTest()) {
        continue;
      }
      Definition t = Definitions.innermost(c.defs(m.file().path()), m.line());
      if (t != null && t.nameLine() != m.line() && TaskGenerator.fits(c, t, budget)) {
        out.add(t.span());
      }
    }
    return new ArrayList<>(out);
  }
}
