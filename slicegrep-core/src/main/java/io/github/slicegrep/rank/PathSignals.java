package io.github.slicegrep.rank;

import com.google.common.collect.ImmutableSet;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a file's path says about it: test code, example code, vendored or generated code. Decided by whole
 * path segments and file-name conventions, never by substrings ({@code contest.py} is not a
 * test, {@code distance.py} is not in {@code dist/}, {@code .github/} is not {@code .git/}).
 */
public final class PathSignals {
  private static final ImmutableSet<String> TEST_DIRECTORIES =
      ImmutableSet.of("test", "tests", "__tests__", "spec", "specs", "testing", "testdata",
          "test-data", "test_data", "e2e", "integration-tests", "unittests", "__mocks__");
  private static final ImmutableSet<String> VENDOR_DIRECTORIES =
      ImmutableSet.of("vendor", "vendored", "third_party", "third-party", "thirdparty",
          "external", "extern", "node_modules", "bower_components", "dist", "generated",
          "__generated__", "gen-src", "site-packages", "_vendor");
  private static final ImmutableSet<String> EXAMPLE_DIRECTORIES =
      ImmutableSet.of("example", "examples", "sample", "samples", "demo", "demos", "docs_src",
          "bench", "benches", "benchmark", "benchmarks", "doc", "docs", "documentation");
  private static final ImmutableSet<String> LOCALE_DIRECTORIES =
      ImmutableSet.of("locale", "locales", "i18n", "l10n", "translations");
  private static final Pattern TEST_FILE =
      Pattern.compile(
          "(?:test_.+\\.py|.+_test\\.py|conftest\\.py|.+_test\\.go|.+(?:Test|Tests|IT|Spec)"
              + "\\.(?:java|kt|kts|scala|groovy|cs|swift|php)|.+\\.(?:test|spec)"
              + "\\.(?:js|jsx|ts|tsx|mjs|cjs|mts|cts)|.+_spec\\.rb|test_.+\\.rb|.+_test\\.rb"
              + "|.+_test\\.(?:c|cc|cpp|h|rs|exs|dart)|test_.+\\.(?:c|cc|cpp)"
              + "|.+_tests?\\.rs|tests\\.(?:rs|py))");
  private static final Pattern VENDOR_FILE =
      Pattern.compile(
          "(?:.+\\.min\\.(?:js|css|mjs)|.+[.-]bundle\\.js|.+_pb2(?:_grpc)?\\.pyi?|.+\\.pb\\.go"
              + "|.+\\.pb\\.(?:cc|h)|.+\\.g\\.dart|.+\\.generated\\.\\w+|.+\\.designer\\.cs"
              + "|.+-lock\\.json|.+\\.lock)");

  private static final ImmutableSet<String> WINDOWS_DIRECTORIES =
      ImmutableSet.of("win", "win32", "windows", "winnt");
  private static final Pattern WINDOWS_FILE =
      Pattern.compile("(?:.*[_-](?:windows|win32|win)|win32.*|windows)\\.\\w+");

  private static final Pattern VERSION_DIRECTORY = Pattern.compile("[vV]([1-9][0-9]?)");
  /** A version a query names: a number of one or two digits standing alone, or after a v. */
  private static final Pattern ASKED_VERSION =
      Pattern.compile("(?i)(?<![\\w.])v?([1-9][0-9]?)(?![\\w.])");

  private PathSignals() {}

  /** Whether {@code relativePath} is Windows-only code: a Windows folder or file suffix. */
  public static boolean isWindowsOnly(String relativePath) {
    return inDirectory(relativePath, WINDOWS_DIRECTORIES)
        || WINDOWS_FILE.matcher(fileName(relativePath).toLowerCase(Locale.ROOT)).matches();
  }

  /** Whether {@code relativePath} ({@code /}-separated) is test code. */
  public static boolean isTest(String relativePath) {
    return inDirectory(relativePath, TEST_DIRECTORIES)
        || TEST_FILE.matcher(fileName(relativePath)).matches();
  }

  private static String fileName(String relativePath) {
    return relativePath.substring(relativePath.lastIndexOf('/') + 1);
  }

  /**
   * Whether {@code relativePath} lies in a folder of per-language tables (messages, date
   * formats): each holds the words of every question about what it translates, dozens of times.
   */
  public static boolean isLocale(String relativePath) {
    return inDirectory(relativePath, LOCALE_DIRECTORIES);
  }

  /**
   * Whether {@code relativePath} is example, demo or benchmark code: it shows use, not the
   * thing.
   */
  public static boolean isExample(String relativePath) {
    return inDirectory(relativePath, EXAMPLE_DIRECTORIES);
  }

  /**
   * The version of the folder {@code relativePath} lies in ({@code v3/types.ts}: 3), the
   * innermost such folder; 0 when none.
   */
  public static int versionFolder(String relativePath) {
    String[] segments = relativePath.split("/");
    for (int i = segments.length - 2; i >= 0; i--) {
      Matcher m = VERSION_DIRECTORY.matcher(segments[i]);
      if (m.matches()) {
        return Integer.parseInt(m.group(1));
      }
    }
    return 0;
  }

  /** The versions {@code query} names: "zod 3", "v4", "between 2 and 3". */
  public static Set<Integer> askedVersions(String query) {
    Set<Integer> versions = new HashSet<>();
    Matcher m = ASKED_VERSION.matcher(query);
    while (m.find()) {
      versions.add(Integer.parseInt(m.group(1)));
    }
    return Set.copyOf(versions);
  }

  private static boolean inDirectory(String relativePath, ImmutableSet<String> names) {
    String[] segments = relativePath.split("/");
    for (int i = 0; i < segments.length - 1; i++) {
      if (names.contains(segments[i].toLowerCase(Locale.ROOT))) {
        return true;
      }
    }
    return false;
  }

  /** Whether {@code relativePath} is vendored, bundled, minified or generated code. */
  public static boolean isVendored(String relativePath) {
    return inDirectory(relativePath, VENDOR_DIRECTORIES)
        || VENDOR_FILE.matcher(fileName(relativePath).toLowerCase(Locale.ROOT)).matches();
  }
}
