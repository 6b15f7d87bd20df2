package io.github.slicegrep.hook;

import io.github.slicegrep.Chunk;
import io.github.slicegrep.FileMap;
import io.github.slicegrep.Omission;
import io.github.slicegrep.Result;
import io.github.slicegrep.TextFiles;
import java.util.List;
import java.util.Locale;

/**
 * The text that stands in for a whole-file Read: a summary line, the file map, the slices that
 * match the session's focus, the exact {@code offset}/{@code limit} arguments for what is still
 * not shown, and how to get the whole file.
 */
final class Replacement {
  /** Map entries shown: the outline of a large file at a glance, about 1,000 tokens at most. */
  static final int MAP_ENTRIES = 80;
  /** Omitted regions listed with their Read arguments; the rest are summed up in one line. */
  static final int MAX_STILL_NOT_SHOWN = 8;
  /** Negative evidence lines kept (a focus term that is not in this file). */
  static final int MAX_ABSENT = 4;

  private Replacement() {}

  /**
   * The replacement text.
   *
   * @param displayPath the file as the agent named it (an absolute path)
   * @param lineCount the file's lines, numbered as the Read tool numbers them
   * @param fileTokens the whole file's token estimate
   * @param map the file's definitions
   * @param query the query the slices answer
   * @param result the slices and what was omitted
   */
  static String render(
      String displayPath, int lineCount, int fileTokens, FileMap map, String query,
      Result result) {
    StringBuilder body = new StringBuilder();
    String mapText = map.render(MAP_ENTRIES);
    if (!mapText.isEmpty()) {
      body.append("\nFILE MAP (line numbers are the Read tool's; offset=<line> starts a Read there):\n")
          .append(mapText);
    }
    body.append("\nSLICES matching the session's focus (").append(query).append("):\n");
    for (Chunk c : result.chunks()) {
      body.append("\n[lines ").append(c.lineStart()).append('-').append(c.lineEnd());
      if (c.symbol() != null) {
        body.append(" in ").append(c.symbol());
      }
      body.append(", ~").append(c.tokens()).append(" tok]\n").append(c.code()).append('\n');
    }
    appendStillNotShown(body, displayPath, result);
    List<String> absent = result.negativeEvidence().stream().limit(MAX_ABSENT).toList();
    if (!absent.isEmpty()) {
      body.append("\nNOT FOUND:\n");
      absent.forEach(a -> body.append("  - ").append(a).append('\n'));
    }
    body.append("\nThe next Read of this file goes through unchanged: Read ")
        .append(displayPath)
        .append(" again without offset/limit for the whole file (the Read tool's own size limits"
            + " still apply). To edit, first Read the lines you change with offset/limit.\n");
    String summary = summary(displayPath, lineCount, fileTokens, result, TextFiles.estimateTokens(body));
    int total = TextFiles.estimateTokens(summary) + TextFiles.estimateTokens(body);
    return summary(displayPath, lineCount, fileTokens, result, total) + body;
  }

  private static String summary(
      String displayPath, int lineCount, int fileTokens, Result result, int shownTokens) {
    return String.format(
        Locale.ROOT,
        "slicegrep replaced a whole-file Read of %s: %d lines, ~%d tokens in full; ~%d tokens"
            + " here (file map + %d slice%s, %d%% of the matching code).\n",
        displayPath, lineCount, fileTokens, shownTokens, result.chunks().size(),
        result.chunks().size() == 1 ? "" : "s", Math.round(100 * result.coverage()));
  }

  private static void appendStillNotShown(StringBuilder body, String displayPath, Result result) {
    List<Omission> omitted = result.omitted();
    if (omitted.isEmpty()) {
      return;
    }
    body.append("\nSTILL NOT SHOWN (")
        .append(Math.round(100 * result.coverage()))
        .append("% of the matching code is shown above). Read ")
        .append(displayPath)
        .append(" with these offset/limit arguments:\n");
    int listed = Math.min(MAX_STILL_NOT_SHOWN, omitted.size());
    for (Omission o : omitted.subList(0, listed)) {
      body.append("  offset=").append(o.lineStart())
          .append(" limit=").append(o.lineEnd() - o.lineStart() + 1)
          .append("   (lines ").append(o.lineStart()).append('-').append(o.lineEnd())
          .append(", ~").append(o.tokens()).append(" tok, score=").append(Math.round(o.score()));
      if (!Omission.BUDGET.equals(o.why())) {
        body.append(", ").append(o.why());
      }
      body.append(")\n");
    }
    // Regions the search counted instead of listing are added in; one file's are listed
    // whenever any of it is shown, so they are there only when nothing of it is.
    int rest = omitted.subList(listed, omitted.size()).stream().mapToInt(Omission::tokens).sum()
        + result.omittedMore().tokens();
    int more = omitted.size() - listed + result.omittedMore().regions();
    if (more > 0) {
      body.append("  ... and ").append(more)
          .append(" more region(s), ~").append(rest).append(" tok\n");
    }
  }
}
