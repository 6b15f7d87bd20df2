package io.github.slicegrep;

import com.google.common.collect.ImmutableList;
import io.github.slicegrep.report.JsonReport;
import io.github.slicegrep.report.ResultView;
import io.github.slicegrep.report.TextReport;
import java.util.List;
import java.util.Map;

/**
 * The outcome of one search: the chunks shown, what was left out, and what was not found.
 * Immutable; equal by value.
 *
 * @param searched how the searched path is named in the report ({@code src/} or {@code a.py})
 * @param directory whether a directory was searched (adds the ranked file list)
 * @param query the query's fragments as searched
 * @param readAs how the query was read: {@code exact}, {@code question}, {@code quotation}, or
 *     {@code words} (its exact reading matched nothing, so it was searched by its words)
 * @param chunks the slices shown, best first
 * @param negativeEvidence statements about what is absent or hidden
 * @param totalTokens tokens of all chunks' code
 * @param filesSearched files read and matched against
 * @param filesMatched files with at least one match
 * @param budget the token budget (0 = unlimited)
 * @param deduped duplicate regions removed
 * @param omitted matched regions not shown and listed, best first (one in a file with a chunk
 *     shown counted at twice its score for this order: where to read on): at least the best 50
 *     and every omitted region of a file with a chunk shown
 * @param omittedTokens tokens of the listed omitted regions
 * @param files files ranked by their regions' scores (directory mode; empty otherwise)
 * @param omittedMore the omitted regions beyond those listed, counted and their tokens estimated
 */
public record Result(
    String searched,
    boolean directory,
    List<String> query,
    String readAs,
    List<Chunk> chunks,
    List<String> negativeEvidence,
    int totalTokens,
    int filesSearched,
    int filesMatched,
    int budget,
    int deduped,
    List<Omission> omitted,
    int omittedTokens,
    List<RankedFile> files,
    OmittedMore omittedMore) implements ResultView {

  /**
   * Copies every list into an immutable one.
   *
   * @param searched how the searched path is named in the report ({@code src/} or {@code a.py})
   * @param directory whether a directory was searched (adds the ranked file list)
   * @param query the query's fragments as searched
   * @param readAs how the query was read: {@code exact}, {@code question}, {@code quotation},
   *     or {@code words}
   * @param chunks the slices shown, best first
   * @param negativeEvidence statements about what is absent or hidden
   * @param totalTokens tokens of all chunks' code
   * @param filesSearched files read and matched against
   * @param filesMatched files with at least one match
   * @param budget the token budget (0 = unlimited)
   * @param deduped duplicate regions removed
   * @param omitted matched regions not shown and listed, best first
   * @param omittedTokens tokens of the listed omitted regions
   * @param files files ranked by their regions' scores (directory mode; empty otherwise)
   * @param omittedMore the omitted regions beyond those listed, counted
   */
  public Result {
    query = ImmutableList.copyOf(query);
    chunks = ImmutableList.copyOf(chunks);
    negativeEvidence = ImmutableList.copyOf(negativeEvidence);
    omitted = ImmutableList.copyOf(omitted);
    files = ImmutableList.copyOf(files);
  }

  /**
   * Shown tokens over shown plus omitted tokens (listed, and the estimate for the rest); 1.0
   * when nothing matched or nothing was left out. Regions never overlap, so nothing is counted
   * twice.
   *
   * @return a fraction from 0.0 to 1.0
   */
  @Override
  public double coverage() {
    long whole = (long) totalTokens + omittedTokens + omittedMore.tokens();
    return whole == 0 ? 1.0 : (double) totalTokens / whole;
  }

  /**
   * Whether anything matched at all (the CLI's exit status 0 versus 1).
   *
   * @return true when at least one file matched
   */
  public boolean matched() {
    return filesMatched > 0;
  }

  /**
   * The ranked text report an LLM reads.
   *
   * @return the report: header, ranking, chunks, omitted regions and negative evidence
   */
  public String render() {
    return TextReport.render(this);
  }

  /**
   * The result as ordered maps and lists with the documented snake_case keys.
   *
   * @return the JSON schema of {@code docs/json-schema.md} as Java maps, lists and numbers
   */
  public Map<String, Object> toMap() {
    return JsonReport.toMap(this);
  }

  /**
   * {@link #toMap()} as JSON text.
   *
   * @return pretty-printed JSON
   */
  public String toJson() {
    return JsonReport.toJson(this);
  }
}
