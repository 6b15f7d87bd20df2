package io.github.slicegrep.match;

import com.google.common.collect.ImmutableList;
import io.github.slicegrep.outline.Definition;
import io.github.slicegrep.source.SourceFile;
import java.util.BitSet;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A span of one file that holds one or more hits: the unit that is scored, packed, shown or
 * listed as omitted.
 *
 * @param file the file
 * @param start first line, 1-based
 * @param end last line, inclusive
 * @param hits the hits inside, ordered by line
 * @param definition the definition the region was snapped to, or the smallest one enclosing
 *     its first hit; null at top level
 */
public record Region(
    SourceFile file, int start, int end, List<Hit> hits, @Nullable Definition definition) {

  public Region {
    hits = ImmutableList.copyOf(hits);
  }

  /** Indexes of the distinct fragments that matched inside. */
  public BitSet fragments() {
    BitSet set = new BitSet();
    for (Hit h : hits) {
      set.set(h.fragment());
    }
    return set;
  }

  public int lineCount() {
    return end - start + 1;
  }
}
