package io.github.slicegrep.bench.truth;

/** Lines {@code start..end} (1-based, inclusive) of one file. */
public record Span(String file, int start, int end) {
  public Span {
    if (start < 1 || end < start) {
      throw new IllegalArgumentException("bad span " + file + ":" + start + "-" + end);
    }
  }

  @Override
  public String toString() {
    return file + ":" + start + "-" + end;
  }
}
