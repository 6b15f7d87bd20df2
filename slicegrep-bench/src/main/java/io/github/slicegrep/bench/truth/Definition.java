package io.github.slicegrep.bench.truth;

/**
 * A definition found by the benchmark's own extractor (independent of slicegrep's outline).
 *
 * @param file path relative to the corpus root
 * @param name the defined name (for JS/TS test blocks, the test title)
 * @param kind {@code function}, {@code class}, {@code type} or {@code test}
 * @param start first line, including decorators, annotations and attributes (1-based)
 * @param nameLine the line that names it
 * @param end last line, inclusive (the closing brace, or the last line of an indented body)
 * @param doc its doc comment or docstring text, markers stripped; empty when there is none
 */
public record Definition(
    String file, String name, String kind, int start, int nameLine, int end, String doc) {

  public int length() {
    return end - start + 1;
  }

  public boolean contains(int line) {
    return line >= start && line <= end;
  }

  public Span span() {
    return new Span(file, start, end);
  }
}
