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

  public String label() {
    return label;
  }

  public boolean wantsDefinition() {
    return definition;
  }

  public boolean wantsCaller() {
    return caller;
  }

  public boolean wantsTest() {
    return test;
  }

  /** Parses {@code auto}, {@code single}, {@code def+caller} or {@code def+test}. */
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
