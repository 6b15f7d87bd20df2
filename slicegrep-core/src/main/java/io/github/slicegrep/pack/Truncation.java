package io.github.slicegrep.pack;

import io.github.slicegrep.match.Region;
import io.github.slicegrep.source.SourceFile;
import io.github.slicegrep.source.Tokens;

/**
 * Cuts a region down to a token allowance around the line that matters, growing a window from
 * that line alternately downwards and upwards, so the match stays in view instead of the head
 * of the region. A queried definition's header grows down through its body first: the lines
 * above it are other code, its body is what was asked for.
 */
final class Truncation {
  private Truncation() {}

  /**
   * The lines {@code [start, end]} of {@code region} to show within {@code maxTokens}, always
   * including {@code centre} (even when that one line alone is over the allowance), grown down
   * to {@code through} first while it fits.
   */
  static int[] window(Region region, int maxTokens, int centre, int through) {
    SourceFile file = region.file();
    long maxChars = (long) maxTokens * Tokens.CHARS_PER_TOKEN;
    int start = centre;
    int end = centre;
    long chars = Piece.shownChars(file, centre) - 1L;
    int bodyEnd = Math.min(through, region.end());
    boolean grewDown = true;
    boolean grewUp = true;
    while (grewDown || grewUp) {
      grewDown = false;
      grewUp = false;
      if (end < region.end()) {
        int add = Piece.shownChars(file, end + 1);
        if (chars + add <= maxChars) {
          chars += add;
          end++;
          grewDown = true;
        }
      }
      if (grewDown && end <= bodyEnd) {
        continue; // still inside the definition's body: nothing above its header yet
      }
      if (start > region.start()) {
        int add = Piece.shownChars(file, start - 1);
        if (chars + add <= maxChars) {
          chars += add;
          start--;
          grewUp = true;
        }
      }
    }
    return new int[] {start, end};
  }
}
