package io.github.slicegrep.pack;

import com.google.common.collect.ImmutableList;
import io.github.slicegrep.Omission;
import io.github.slicegrep.OmittedMore;
import java.util.List;

/**
 * What the packer decided.
 *
 * @param pieces what is shown, best first
 * @param omitted the matched regions (or parts of one) not shown that are listed, best first
 * @param more the omitted regions beyond those listed, counted
 */
public record Packing(List<Piece> pieces, List<Omission> omitted, OmittedMore more) {
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
