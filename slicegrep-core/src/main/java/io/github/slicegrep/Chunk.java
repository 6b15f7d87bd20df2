package io.github.slicegrep;

import com.google.common.collect.ImmutableList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One slice of code returned to the reader.
 *
 * @param file path relative to the searched root, {@code /}-separated
 * @param lineStart first line shown, 1-based
 * @param lineEnd last line shown, inclusive
 * @param symbol name of the enclosing definition, or null at top level
 * @param patterns the query fragments that matched inside this slice
 * @param matches how many distinct fragments matched
 * @param score ranking score; higher is better
 * @param rankReasons why it ranked where it did ({@code definition}, {@code co_occurrence}, ...)
 * @param hash short hash of the code, stable across runs
 * @param tokens estimated tokens of {@code code}
 * @param code the lines {@code lineStart..lineEnd}, joined by {@code \n}
 */
public record Chunk(
    String file,
    int lineStart,
    int lineEnd,
    @Nullable String symbol,
    List<String> patterns,
    int matches,
    double score,
    List<String> rankReasons,
    String hash,
    int tokens,
    String code) {

  /**
   * Copies {@code patterns} and {@code rankReasons} into immutable lists.
   *
   * @param file path relative to the searched root, {@code /}-separated
   * @param lineStart first line shown, 1-based
   * @param lineEnd last line shown, inclusive
   * @param symbol name of the enclosing definition, or null at top level
   * @param patterns the query fragments that matched inside this slice
   * @param matches how many distinct fragments matched
   * @param score ranking score; higher is better
   * @param rankReasons why it ranked where it did ({@code definition}, {@code co_occurrence}, ...)
   * @param hash short hash of the code, stable across runs
   * @param tokens estimated tokens of {@code code}
   * @param code the lines {@code lineStart..lineEnd}, joined by {@code \n}
   */
  public Chunk {
    patterns = ImmutableList.copyOf(patterns);
    rankReasons = ImmutableList.copyOf(rankReasons);
  }
}
