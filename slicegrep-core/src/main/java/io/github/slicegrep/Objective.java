package io.github.slicegrep;

/** Which slices the packer reserves room for before filling the rest of the budget by score. */
public enum Objective {
  /** The definition of the queried symbol, a caller in another file and a test, each if it fits. */
  AUTO("auto", true, true, true),
  /** No reservations: pure score order. */
  SINGLE("single", false, false, false),
  /** The definition and a caller in another file. */
  DEF_CALLER("def+caller", true, true, false),
  /** The definition and a test that references it. */
  DEF_TEST("def+test", true, false, true);

  private final String label;
  private final boolean definition;
  private final boolean caller;
  private final boolean test;

  Objective(String label, boolean definition, boolean caller, boolean test) {
    this.label = label;
    this.definition = definition;
    this.caller = caller;
    this.test = test;
  }

  /**
   * The objective's name as it is written on the command line.
   *
   * @return {@code auto}, {@code single}, {@code def+caller} or {@code def+test}
   */
  public String label() {
    return label;
  }

  /**
   * Whether room is reserved for the definition of the queried symbol.
   *
   * @return true for {@link #AUTO}, {@link #DEF_CALLER} and {@link #DEF_TEST}
   */
  public boolean wantsDefinition() {
    return definition;
  }

  /**
   * Whether room is reserved for a caller in another file.
   *
   * @return true for {@link #AUTO} and {@link #DEF_CALLER}
   */
  public boolean wantsCaller() {
    return caller;
  }

  /**
   * Whether room is reserved for a test that references the symbol.
   *
   * @return true for {@link #AUTO} and {@link #DEF_TEST}
   */
  public boolean wantsTest() {
    return test;
  }

  /**
   * Parses an objective name as the CLI and the MCP tool take it.
   *
   * @param text {@code auto}, {@code single}, {@code def+caller} or {@code def+test}, in any
   *     case, surrounding blanks ignored
   * @return the objective
   * @throws SlicegrepException for any other text, naming it and the accepted ones
   */
  public static Objective parse(String text) {
    for (Objective o : values()) {
      if (o.label.equalsIgnoreCase(text.trim())) {
        return o;
      }
    }
    throw new SlicegrepException(
        String.format(
            "unknown objective '%s' (expected auto, single, def+caller or def+test)", text));
  }
}
