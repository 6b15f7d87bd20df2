package io.github.slicegrep.report;

import io.github.slicegrep.Chunk;
import io.github.slicegrep.Omission;
import io.github.slicegrep.OmittedMore;
import io.github.slicegrep.RankedFile;
import java.util.List;
import java.util.Map;

/** The text report: a summary line, the ranking, the chunks, then what was left out and why. */
public final class TextReport {
  /** Omitted regions listed one per line before "... and N more". */
  static final int OMITTED_SHOWN = 10;
  /**
   * Files listed in the ranked file list: the chunks' own files are in the ranking above it, so
   * five more places to look are enough, and each line costs the reader about 20 tokens.
   */
  static final int FILES_SHOWN = 5;

  /** The line under the query for each reading but the plain exact one. */
  private static final Map<String, String> READINGS =
      Map.of(
          "question", "(read as a question: its words, their stems and compounds)",
          "quotation",
          "(read as a question; it also stands verbatim in the code, and those regions come"
              + " first)",
          "words",
          "(read by its words: the text as written matched nothing, or only a line or two,"
              + " which come first)");

  private TextReport() {}

  public static String render(ResultView r) {
    StringBuilder sb = new StringBuilder();
    sb.append("=== slicegrep: ")
        .append(r.chunks().size())
        .append(" chunk(s), ~")
        .append(r.totalTokens())
        .append(" tokens / ")
        .append(r.budget() == 0 ? "unlimited" : String.valueOf(r.budget()))
        .append(" budget, ")
        .append(r.filesSearched())
        .append(r.filesSearched() == 1 ? " file" : " files")
        .append(" searched, ")
        .append(r.filesMatched())
        .append(" matched ===\n\n");
    sb.append("QUERY:\n").append(String.join("|", r.query())).append('\n');
    String readAs = READINGS.get(r.readAs());
    if (readAs != null) {
      sb.append(readAs).append('\n');
    }
    sb.append('\n');
    if (!r.chunks().isEmpty()) {
      sb.append("RANKING:\n");
      int rank = 1;
      for (Chunk c : r.chunks()) {
        sb.append("  ").append(rank++).append(". ").append(c.file()).append(':')
            .append(c.lineStart());
        if (c.symbol() != null) {
          sb.append(" fn=").append(c.symbol());
        }
        sb.append(" — ")
            .append(c.rankReasons().isEmpty() ? "match" : String.join(", ", c.rankReasons()))
            .append('\n');
      }
      sb.append('\n');
    }
    if (r.directory() && !r.files().isEmpty()) {
      sb.append("FILES:\n");
      List<RankedFile> files = r.files();
      for (int i = 0; i < Math.min(FILES_SHOWN, files.size()); i++) {
        RankedFile f = files.get(i);
        sb.append("  ").append(i + 1).append(". ").append(f.file())
            .append("  score=").append(Math.round(f.score()))
            .append("  regions=").append(f.regions())
            .append("  hits=").append(f.hits()).append('\n');
      }
      if (files.size() > FILES_SHOWN) {
        sb.append("  ... and ").append(files.size() - FILES_SHOWN).append(" more\n");
      }
      sb.append('\n');
    }
    if (!r.chunks().isEmpty()) {
      sb.append("---\n");
      for (Chunk c : r.chunks()) {
        sb.append('\n').append('[').append(c.file()).append(':').append(c.lineStart())
            .append('-').append(c.lineEnd())
            .append(" matches=").append(c.matches())
            .append(" patterns=").append(String.join(",", c.patterns()))
            .append(" hash=").append(c.hash())
            .append(" score=").append(Math.round(c.score()))
            .append("]\n")
            .append(c.code())
            .append('\n');
      }
    }
    if (r.deduped() > 0) {
      sb.append("\n[DEDUPED: ").append(r.deduped())
          .append(" near-duplicate chunk(s) removed]\n");
    }
    if (!r.omitted().isEmpty() || !r.omittedMore().isEmpty()) {
      long percent = Math.round(r.coverage() * 100);
      OmittedMore more = r.omittedMore();
      sb.append("\nOMITTED — ").append(r.omitted().size() + more.regions())
          .append(" matching region(s), ~").append((long) r.omittedTokens() + more.tokens())
          .append(" tokens not returned (").append(percent)
          .append("% of matched material shown):\n");
      List<Omission> omitted = r.omitted();
      for (int i = 0; i < Math.min(OMITTED_SHOWN, omitted.size()); i++) {
        Omission o = omitted.get(i);
        sb.append("  ").append(o.file()).append(':').append(o.lineStart()).append('-')
            .append(o.lineEnd()).append("  ~").append(o.tokens()).append(" tok  score=")
            .append(Math.round(o.score())).append("  (")
            .append(o.reasons().isEmpty() ? o.why() : String.join(", ", o.reasons())
                + "; " + o.why())
            .append(")\n");
      }
      if (omitted.size() > OMITTED_SHOWN) {
        sb.append("  ... and ").append(omitted.size() - OMITTED_SHOWN).append(" more\n");
      }
      if (!more.isEmpty()) {
        sb.append("  ... and ").append(more.regions()).append(" more regions, ~")
            .append(more.tokens()).append(" tokens (estimated)\n");
      }
      sb.append("  -> raise --budget, or read these ranges directly.\n");
    }
    if (!r.negativeEvidence().isEmpty()) {
      sb.append("\nNEGATIVE EVIDENCE:\n");
      for (String line : r.negativeEvidence()) {
        sb.append("  - ").append(line).append('\n');
      }
    }
    return sb.toString();
  }
}
