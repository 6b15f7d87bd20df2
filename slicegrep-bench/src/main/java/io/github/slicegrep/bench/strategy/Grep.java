package io.github.slicegrep.bench.strategy;

import io.github.slicegrep.bench.metrics.Tokens;
import io.github.slicegrep.bench.truth.SourceFile;
import io.github.slicegrep.bench.truth.SourceSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Case-insensitive literal search over a corpus, the way an agent uses grep: the whole query as
 * one literal first, and when that finds nothing, any of its content words.
 */
public final class Grep {
  /** Lines of grep output an agent is shown before the rest is elided. */
  static final int OUTPUT_LINES = 40;
  /** Characters of a matching line shown in grep output. */
  static final int LINE_CHARS = 160;

  /** A matching line and which of the terms it contains (bit i = term i). */
  public record Hit(SourceFile file, int line, int mask) {}

  private Grep() {}

  /** The terms an agent would grep for a query. */
  public static List<String> agentTerms(SearchContext ctx, String query) {
    String q = query.strip().toLowerCase(Locale.ROOT);
    if (!q.contains(" ") || !ctx.grep(List.of(q)).isEmpty()) {
      return List.of(q);
    }
    List<String> words = new ArrayList<>();
    for (String w : q.split("\\s+")) {
      if (w.length() >= 3 && !Terms.STOPWORDS.contains(w) && !words.contains(w)) {
        words.add(w);
      }
    }
    return words.isEmpty() ? List.of(q) : words;
  }

  /** Lines containing any of the lower-case {@code terms}, in path and line order. */
  public static List<Hit> search(SourceSet sources, List<String> terms) {
    List<Hit> out = new ArrayList<>();
    for (SourceFile f : sources.files()) {
      for (int i = 1; i <= f.lineCount(); i++) {
        String line = f.lowerLine(i);
        int mask = 0;
        for (int t = 0; t < terms.size(); t++) {
          if (line.contains(terms.get(t))) {
            mask |= 1 << t;
          }
        }
        if (mask != 0) {
          out.add(new Hit(f, i, mask));
        }
      }
    }
    return out;
  }

  /** grep -n style output of {@code hits}, elided after {@link #OUTPUT_LINES} lines. */
  public static String render(List<String> terms, List<Hit> hits) {
    StringBuilder sb = new StringBuilder("$ grep -rni '").append(String.join("|", terms))
        .append("'\n");
    for (int i = 0; i < Math.min(OUTPUT_LINES, hits.size()); i++) {
      Hit h = hits.get(i);
      String text = h.file().line(h.line()).strip();
      if (text.length() > LINE_CHARS) {
        text = text.substring(0, LINE_CHARS);
      }
      sb.append(h.file().path()).append(':').append(h.line()).append(':').append(text)
          .append('\n');
    }
    if (hits.size() > OUTPUT_LINES) {
      sb.append("... ").append(hits.size() - OUTPUT_LINES).append(" more matching lines\n");
    }
    if (hits.isEmpty()) {
      sb.append("(no matches)\n");
    }
    return sb.toString();
  }

  static int tokens(String text) {
    return Tokens.count(text);
  }
}
