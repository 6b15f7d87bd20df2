package io.github.slicegrep.bench.strategy;

import io.github.slicegrep.bench.truth.SourceFile;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * How an agent answers "where is X defined, who calls it, what tests it" with grep and reads:
 * grep the name and read the definition it spots, grep the call form and read a caller in
 * another file, grep again within test files and read a test. Six calls at most, every output
 * counted, up to the context cap.
 */
public final class InvestigationLoop {
  /** Lines read from a definition: a few before its first line and this many after. */
  static final int DEFINITION_LINES = 100;
  /** Lines read either side of a caller or a test mention. */
  static final int HALF_WINDOW = 15;

  private InvestigationLoop() {}

  public static Retrieval investigate(SearchContext ctx, String symbol) {
    Transcript tr = new Transcript(Limits.CONTEXT_CAP);
    String lower = symbol.toLowerCase(Locale.ROOT);
    Pattern word = Pattern.compile("(?<![\\w$])" + Pattern.quote(symbol) + "(?![\\w$])");
    Pattern call = Pattern.compile("(?<![\\w$])" + Pattern.quote(symbol) + "\\s*\\(");

    List<Grep.Hit> all = ctx.grep(List.of(lower));
    tr.addOutput(Grep.render(List.of(symbol), all));
    Pattern definition = definitionPattern(symbol);
    Grep.Hit def = pickDefinition(shownPart(all), definition);
    if (def == null || isDocs(def)) {
      // No real definition among the grep lines the agent saw: it greps for the definition form.
      List<Grep.Hit> defs = all.stream()
          .filter(h -> definition.matcher(h.file().line(h.line())).find()).toList();
      tr.addOutput(Grep.render(List.of("(def|class|function|func|fn|...) " + symbol), defs));
      Grep.Hit better = pickDefinition(shownPart(defs), definition);
      def = better != null ? better : def;
    }
    SourceFile defFile = null;
    if (def != null) {
      defFile = def.file();
      tr.read(def.file(), Math.max(1, def.line() - 3),
          Math.min(def.file().lineCount(), def.line() + DEFINITION_LINES));
    }

    // Callers: the call form, in code files only (grep --include=*.EXT).
    List<Grep.Hit> calls = ctx.grep(List.of(lower + "(")).stream()
        .filter(h -> h.file().lang().isPresent()).toList();
    tr.addOutput(Grep.render(List.of(symbol + "("), calls));
    Grep.Hit caller = pickCaller(shownPart(calls), defFile, call);
    if (caller == null) {
      // Only docs, examples or the defining file in view: narrow the grep to the code proper,
      // and settle for a caller in the defining file when no other file calls it.
      List<Grep.Hit> narrowed = calls.stream()
          .filter(h -> !isDocs(h) && !h.file().isTest()).toList();
      tr.addOutput(Grep.render(List.of(symbol + "(  [excluding docs, examples, tests]"),
          narrowed));
      caller = pickCaller(shownPart(narrowed), defFile, call);
      if (caller == null) {
        caller = sameFileCaller(shownPart(narrowed), def, definition, call);
      }
    }
    if (caller != null) {
      readAround(tr, caller);
    }

    List<Grep.Hit> tests = all.stream().filter(h -> h.file().isTest()).toList();
    tr.addOutput(Grep.render(List.of(symbol + " (test files)"), tests));
    // A test that calls it beats one that only names it; comments are passed over.
    Grep.Hit test = null;
    for (Grep.Hit h : shownPart(tests)) {
      String line = h.file().line(h.line());
      String t = line.strip();
      if (t.startsWith("#") || t.startsWith("//") || t.startsWith("*")
          || !word.matcher(line).find()) {
        continue;
      }
      if (call.matcher(line).find()) {
        test = h;
        break;
      }
      if (test == null) {
        test = h;
      }
    }
    if (test != null) {
      readAround(tr, test);
    }
    return tr.result();
  }

  private static Grep.Hit pickCaller(List<Grep.Hit> hits, SourceFile defFile, Pattern call) {
    for (Grep.Hit h : hits) {
      String line = h.file().line(h.line());
      if (!h.file().isTest() && h.file() != defFile && !isDocs(h) && call.matcher(line).find()) {
        return h;
      }
    }
    return null;
  }

  private static Grep.Hit sameFileCaller(List<Grep.Hit> hits, Grep.Hit def, Pattern definition,
      Pattern call) {
    for (Grep.Hit h : hits) {
      String line = h.file().line(h.line());
      if (def != null && h.file() == def.file() && h.line() != def.line()
          && call.matcher(line).find() && !definition.matcher(line).find()) {
        return h;
      }
    }
    return null;
  }

  /** The grep lines the agent was actually shown. */
  private static List<Grep.Hit> shownPart(List<Grep.Hit> hits) {
    return hits.subList(0, Math.min(Grep.OUTPUT_LINES, hits.size()));
  }

  /** The first definition-looking hit, outside tests, docs and examples when there is one. */
  private static Grep.Hit pickDefinition(List<Grep.Hit> hits, Pattern definition) {
    Grep.Hit fallback = null;
    for (Grep.Hit h : hits) {
      if (h.file().isTest() || !definition.matcher(h.file().line(h.line())).find()) {
        continue;
      }
      if (!isDocs(h)) {
        return h;
      }
      if (fallback == null) {
        fallback = h;
      }
    }
    return fallback;
  }

  private static boolean isDocs(Grep.Hit h) {
    return h.file().path().matches("(.*/)?(docs?|examples?)/.*");
  }

  /** Lines that define {@code symbol} in the usual syntaxes. */
  static Pattern definitionPattern(String symbol) {
    String s = Pattern.quote(symbol);
    return Pattern.compile(
        "\\b(?:def|class|function|func|fn|interface|struct|enum|trait|type)\\s+"
            + "(?:\\([^)]*\\)\\s*)?" + s + "(?![\\w$])"
            + "|^\\s*(?:(?:public|private|protected|static|final|abstract|synchronized)\\s+)+"
            + "[\\w<>\\[\\],.? ]+\\s+" + s + "\\s*\\("
            + "|(?<![\\w$.])" + s + "\\s*[:=]\\s*(?:async\\s+)?(?:function\\b|\\()");
  }

  private static void readAround(Transcript tr, Grep.Hit h) {
    tr.read(h.file(), Math.max(1, h.line() - HALF_WINDOW),
        Math.min(h.file().lineCount(), h.line() + HALF_WINDOW));
  }
}
