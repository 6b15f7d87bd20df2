package io.github.slicegrep.bench.truth;

/** The six task families of the controlled suite. */
public enum Family {
  /** Query: a symbol. Truth: its definition. */
  SYMBOL("symbol-lookup"),
  /** Query: content words of its doc comment, not its name. Truth: the definition. */
  DOCSTRING("docstring-concept"),
  /** Query: a function name. Truth: its definition and one call site in another file. */
  CALL_CHAIN("cross-file-call-chain"),
  /** Query: an error message from a raise/throw. Truth: the enclosing function. */
  BUG("bug-localisation"),
  /** Query: a config key or environment variable. Truth: a function where it is read. */
  CONFIG("config-data-flow"),
  /** Query: a function name. Truth: its definition and a test that exercises it. */
  TEST_IMPL("test-plus-implementation");

  private final String label;

  Family(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }
}
