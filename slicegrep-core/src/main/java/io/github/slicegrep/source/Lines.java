package io.github.slicegrep.source;

import com.google.common.collect.ImmutableList;
import java.util.List;

/**
 * Splits text into lines exactly as editors and the Read tool count them: on {@code \n},
 * {@code \r\n} and a lone {@code \r}, never on form feed, vertical tab or U+2028.
 */
public final class Lines {
  private Lines() {}

  /** The lines of {@code text}, without terminators; a trailing terminator adds no empty line. */
  public static List<String> split(String text) {
    ImmutableList.Builder<String> out = ImmutableList.builder();
    int start = 0;
    int n = text.length();
    if (text.indexOf('\r') < 0) {
      // Most files end lines with \n alone: then indexOf, which runs many characters a step,
      // finds every end, and a file read is not spent looking at each character in turn.
      for (int i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', start)) {
        out.add(text.substring(start, i));
        start = i + 1;
      }
      if (start < n) {
        out.add(text.substring(start));
      }
      return out.build();
    }
    for (int i = 0; i < n; i++) {
      char c = text.charAt(i);
      if (c == '\n' || c == '\r') {
        out.add(text.substring(start, i));
        if (c == '\r' && i + 1 < n && text.charAt(i + 1) == '\n') {
          i++;
        }
        start = i + 1;
      }
    }
    if (start < n) {
      out.add(text.substring(start));
    }
    return out.build();
  }
}
