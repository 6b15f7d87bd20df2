package io.github.slicegrep.pack;

import com.google.common.collect.ImmutableList;
import io.github.slicegrep.Omission;
import java.util.List;

/**
 * What the packer decided.
 *
 * @param pieces what is shown, best first
 * @param omitted every matched region (or part of one) not shown, best first
 */
public record Packing(List<Piece> pieces, List<Omission> omitted) {
  public Packing {
    pieces = ImmutableList.copyOf(pieces);
    omitted = ImmutableList.copyOf(omitted);
  }

  public int shownTokens() {
    return pieces.stream().mapToInt(Piece::tokens).sum();
  }

  public int omittedTokens() {
    return omitted.stream().mapToInt(Omission::tokens).sum();
  }
}
