package io.github.slicegrep.bench.changes.debian;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What a patched file is, for the suite's filter: only {@link #CODE} is a change request's
 * answer. A patch that touches no code file is dropped; the hunks of a kept patch in other
 * files are not part of its truth, since a question about behaviour is answered by the code.
 */
public enum PathKind {
  CODE, PACKAGING, BUILD, CONFIG, DOCS, TESTS;

  private static final Set<String> DOC_DIRS = Set.of("doc", "docs", "man", "man1", "man3");
  private static final Set<String> TEST_DIRS = Set.of("test", "tests", "testing", "testsuite",
      "unittest", "unittests", "libtest", "t");
  private static final Set<String> DOC_EXTENSIONS = Set.of("rst", "txt", "md", "markdown",
      "html", "adoc", "texi", "pod", "1", "2", "3", "4", "5", "6", "7", "8", "9");
  private static final Pattern DOC_NAMES = Pattern.compile(
      "(readme|changes|changelog|news|authors|thanks|todo|copying|license|release-notes)"
          + "([.-].*)?");
  /** Build scripts: Debian's build fixes live here, and no change request is answered by them. */
  private static final Set<String> BUILD_NAMES = Set.of("gnumakefile", "cmakelists.txt", "configure", "configure.ac", "configure.in", "setup.py", "setup.cfg",
      "pyproject.toml", "tox.ini", "manifest.in", "meson.build", "ltmain.sh", "buildconf");
  private static final Set<String> BUILD_EXTENSIONS =
      Set.of("am", "in", "m4", "cmake", "mk", "pc", "spec");
  /** Configuration files: Debian's changed defaults (redis.conf) are packaging, not code. */
  private static final Set<String> CONFIG_EXTENSIONS =
      Set.of("conf", "cfg", "ini", "toml", "yaml", "yml");
  private static final Pattern TEST_NAMES =
      Pattern.compile("(test_.*|.*_tests?\\..*|tests?\\.py|conftest\\.py|.*\\.test)");

  /** The kind of a path relative to the upstream tree's root. */
  public static PathKind of(String path) {
    List<String> parts = List.of(path.toLowerCase(Locale.ROOT).split("/"));
    String name = parts.get(parts.size() - 1);
    List<String> dirs = parts.subList(0, parts.size() - 1);
    int dot = name.lastIndexOf('.');
    String ext = dot > 0 ? name.substring(dot + 1) : "";
    if (!dirs.isEmpty() && dirs.get(0).equals("debian")) {
      return PACKAGING;
    }
    if (dirs.stream().anyMatch(TEST_DIRS::contains) || TEST_NAMES.matcher(name).matches()) {
      return TESTS;
    }
    // Build names first: CMakeLists.txt is not a document.
    if (BUILD_NAMES.contains(name) || name.startsWith("makefile")) {
      return BUILD;
    }
    if (dirs.stream().anyMatch(DOC_DIRS::contains) || DOC_EXTENSIONS.contains(ext)
        || DOC_NAMES.matcher(name).matches()) {
      return DOCS;
    }
    if (BUILD_EXTENSIONS.contains(ext) || dirs.stream().anyMatch(d -> d.equals("m4"))) {
      return BUILD;
    }
    if (CONFIG_EXTENSIONS.contains(ext)) {
      return CONFIG;
    }
    return CODE;
  }
}
