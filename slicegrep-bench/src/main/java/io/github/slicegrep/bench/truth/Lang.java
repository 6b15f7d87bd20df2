package io.github.slicegrep.bench.truth;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The languages the task generator understands, by file extension and test-path convention. */
public enum Lang {
  PYTHON("python", List.of(".py")),
  JAVA("java", List.of(".java")),
  TYPESCRIPT("typescript", List.of(".ts", ".tsx", ".mts", ".cts")),
  JAVASCRIPT("javascript", List.of(".js", ".mjs", ".cjs", ".jsx")),
  GO("go", List.of(".go")),
  RUST("rust", List.of(".rs")),
  C("c", List.of(".c", ".h"));

  private final String label;
  private final List<String> extensions;

  Lang(String label, List<String> extensions) {
    this.label = label;
    this.extensions = extensions;
  }

  public String label() {
    return label;
  }

  public static Lang parse(String label) {
    for (Lang l : values()) {
      if (l.label.equals(label.toLowerCase(Locale.ROOT))) {
        return l;
      }
    }
    throw new IllegalArgumentException("unknown language " + label);
  }

  /** The language of a file by extension; declaration files ({@code .d.ts}) have none. */
  public static Optional<Lang> of(String path) {
    String p = path.toLowerCase(Locale.ROOT);
    if (p.matches(".*\\.d\\.[mc]?ts$")) {
      return Optional.empty();
    }
    for (Lang l : values()) {
      for (String ext : l.extensions) {
        if (p.endsWith(ext)) {
          return Optional.of(l);
        }
      }
    }
    return Optional.empty();
  }

  /** Whether a repository-relative path is a test file, by folder segment and file name. */
  public static boolean isTestPath(String path) {
    String[] seg = path.split("/");
    String name = seg[seg.length - 1].toLowerCase(Locale.ROOT);
    for (int i = 0; i < seg.length - 1; i++) {
      String s = seg[i].toLowerCase(Locale.ROOT);
      if (s.equals("test") || s.equals("tests") || s.equals("__tests__") || s.equals("testing")
          || s.equals("js_tests")) {
        return true;
      }
    }
    return name.startsWith("test_") || name.matches(".*_test\\.(py|go)$")
        || name.matches(".*\\.(test|spec)\\.[cm]?[jt]sx?$")
        || name.matches(".*Tests?\\.java$") || name.matches("test-.*\\.c$");
  }
}
