package io.github.slicegrep.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.slicegrep.Boundary;
import io.github.slicegrep.Chunk;
import io.github.slicegrep.FocusedReader;
import io.github.slicegrep.Objective;
import io.github.slicegrep.Omission;
import io.github.slicegrep.Options;
import io.github.slicegrep.RankedFile;
import io.github.slicegrep.Result;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** {@code focused_read}: one slicegrep search, reported as text and as the JSON result. */
final class FocusedReadTool implements Tool {
  static final String NAME = "focused_read";

  /**
   * The largest token budget a call gets. Common clients cut tool results at 25,000 tokens, and
   * the result carries the code twice (the text report and the structured copy) plus headers
   * and ranking, omitted and file lists. Measured on many small matching functions (the worst
   * case for per-chunk overhead): 6,000 tokens of code made a 20,500-token result, 4,000 make
   * about 14,000.
   */
  static final int MAX_BUDGET = 4000;

  /** Context lines beyond any useful window; bounded so line arithmetic stays far from overflow. */
  static final int MAX_CONTEXT = 10_000;

  /**
   * Entries of the structured {@code omitted} and {@code files} lists: a one-letter query can
   * match thousands of regions, and the text report lists only the first few anyway.
   * {@code omitted_total} and {@code files_matched} keep the full counts.
   */
  static final int MAX_LISTED = 25;

  private static final Set<String> ARGUMENTS =
      Set.of("path", "pattern", "budget", "boundary", "before", "after", "objective",
          "recursive", "dedupe", "dense", "history", "fresh");

  private final FocusedReader reader;
  private final Workspace workspace;
  private final SessionMemory memory;
  private final ObjectNode definition;

  FocusedReadTool(
      FocusedReader reader, Workspace workspace, SessionMemory memory, ObjectMapper mapper) {
    this.reader = reader;
    this.workspace = workspace;
    this.memory = memory;
    this.definition = ToolSchemas.focusedRead(mapper, MAX_BUDGET, MAX_CONTEXT);
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public ObjectNode definition() {
    return definition;
  }

  @Override
  public ToolResult call(ObjectNode json) {
    Arguments args = Arguments.of(json, ARGUMENTS);
    String pattern = args.requiredString("pattern");
    Path path = workspace.resolve(args.requiredString("path"));
    long asked = args.count("budget", "tokens", Options.DEFAULT_BUDGET, 0);
    int budget = clamped(asked);
    Options options =
        options(args, budget)
            .withRecursive(args.bool("recursive", true))
            .withDense(args.bool("dense", false))
            .withHistory(args.bool("history", false))
            // With roots, a walk never follows a link out of the searched folder; the check of
            // every reported file below stays as a second line.
            .withConfined(!workspace.roots().isEmpty());
    boolean fresh = args.bool("fresh", false);
    int call = memory.beginCall();
    Result result = reader.search(path, pattern, options);
    List<SessionMemory.Shown> shown = List.of();
    if (!fresh) {
      // Chunks this session already sent are named instead of sent again; the search is
      // widened by their tokens so that the next best chunks take the budget they free.
      int repeated = memory.repeatedTokens(path, result);
      if (repeated > 0) {
        result = reader.search(path, pattern, options.withBudget(budget + repeated));
      }
      SessionMemory.Answer answer = memory.withoutRepeats(path, result, budget);
      result = answer.result();
      shown = answer.shown();
    }
    if (Files.isDirectory(path)) {
      workspace.checkReached(path, filesNamed(result));
    }
    memory.remember(path, result, call);
    return ToolResult.success(texts(result, alreadyShown(shown), asked, budget),
        structured(result, shown));
  }

  /** The budget a call gets: {@code asked}, or {@link #MAX_BUDGET} for 0 and above it. */
  static int clamped(long asked) {
    return asked == 0 || asked > MAX_BUDGET ? MAX_BUDGET : (int) asked;
  }

  /** The options every search tool takes: budget, boundary, context, objective, dedupe. */
  static Options options(Arguments args, int budget) {
    return Options.defaults()
        .withBudget(budget)
        .withBoundary(Boundary.parse(args.string("boundary", "auto")))
        .withBefore((int) args.integer("before", Options.DEFAULT_CONTEXT, 0, MAX_CONTEXT))
        .withAfter((int) args.integer("after", Options.DEFAULT_CONTEXT, 0, MAX_CONTEXT))
        .withObjective(Objective.parse(args.string("objective", "auto")))
        .withDedupe(args.bool("dedupe", true));
  }

  /** The report, then a note when the asked budget was lowered. */
  static List<String> texts(Result result, String shownBefore, long asked, int budget) {
    List<String> texts = new ArrayList<>();
    texts.add(result.render() + shownBefore);
    if (budget != asked) {
      texts.add(
          String.format(
              "NOTE: budget %s was lowered to %d, the most one call returns (tool results must"
                  + " stay well under 25k tokens). To see more, narrow the path or pattern, or"
                  + " read the OMITTED ranges directly.",
              asked == 0 ? "0 (unlimited)" : String.valueOf(asked), MAX_BUDGET));
    }
    return texts;
  }

  /** The report's last section: the chunks named instead of sent again. */
  private static String alreadyShown(List<SessionMemory.Shown> shown) {
    if (shown.isEmpty()) {
      return "";
    }
    StringBuilder sb = new StringBuilder("\nALREADY SHOWN — ").append(shown.size())
        .append(" chunk(s) sent earlier in this session, unchanged since, not repeated"
            + " (fresh: true sends them again):\n");
    for (SessionMemory.Shown s : shown) {
      Chunk c = s.chunk();
      sb.append("  ").append(c.file()).append(':').append(c.lineStart()).append('-')
          .append(c.lineEnd());
      if (c.symbol() != null) {
        sb.append(" fn=").append(c.symbol());
      }
      sb.append("  (call ").append(s.call()).append(", ~").append(c.tokens())
          .append(" tok)\n");
    }
    return sb.toString();
  }

  private static Set<String> filesNamed(Result r) {
    Set<String> files = new LinkedHashSet<>();
    r.chunks().stream().map(Chunk::file).forEach(files::add);
    r.omitted().stream().map(Omission::file).forEach(files::add);
    r.files().stream().map(RankedFile::file).forEach(files::add);
    return files;
  }

  /**
   * The documented JSON result with its long lists cut to {@link #MAX_LISTED}, and the chunks
   * named instead of sent.
   */
  static Map<String, Object> structured(Result r, List<SessionMemory.Shown> shown) {
    Map<String, Object> m = new LinkedHashMap<>(r.toMap());
    cut(m, "omitted");
    cut(m, "files");
    m.put("omitted_total", r.omitted().size() + r.omittedMore().regions());
    List<Map<String, Object>> named = new ArrayList<>();
    for (SessionMemory.Shown s : shown) {
      Map<String, Object> e = new LinkedHashMap<>();
      e.put("file", s.chunk().file());
      e.put("line_start", s.chunk().lineStart());
      e.put("line_end", s.chunk().lineEnd());
      e.put("symbol", s.chunk().symbol());
      e.put("hash", s.chunk().hash());
      e.put("tokens", s.chunk().tokens());
      e.put("call", s.call());
      named.add(e);
    }
    m.put("already_shown", named);
    return m;
  }

  private static void cut(Map<String, Object> m, String key) {
    if (m.get(key) instanceof List<?> list && list.size() > MAX_LISTED) {
      m.put(key, List.copyOf(list.subList(0, MAX_LISTED)));
    }
  }
}
