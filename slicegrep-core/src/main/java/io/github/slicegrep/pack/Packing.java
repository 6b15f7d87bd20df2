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

  /**
   * This packing with {@code rest} counted among the omitted regions it does not list: regions
   * a search left out before packing, such as the files a question's block selection did not
   * cut.
   */
  public Packing countingAlso(OmittedMore rest) {
    return new Packing(pieces, omitted, more.plus(rest));
  }

  public int shownTokens() {
    return pieces.stream().mapToInt(Piece::tokens).sum();
  }

  public int omittedTokens() {
    return omitted.stream().mapToInt(Omission::tokens).sum();
  }
}
