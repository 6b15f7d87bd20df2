package io.github.slicegrep.rank;

import com.google.common.collect.ImmutableSet;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * What a file's path says about it: test code, vendored or generated code. Decided by whole
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
  private static final Pattern TEST_FILE =
      Pattern.compile(
          "(?:test_.+\\.py|.+_test\\.py|conftest\\.py|.+_test\\.go|.+(?:Test|Tests|IT|Spec)"
              + "\\.(?:java|kt|kts|scala|groovy|cs|swift|php)|.+\\.(?:test|spec)"
              + "\\.(?:js|jsx|ts|tsx|mjs|cjs|mts|cts)|.+_spec\\.rb|test_.+\\.rb|.+_test\\.rb"
              + "|.+_test\\.(?:c|cc|cpp|h|rs|exs|dart)|test_.+\\.(?:c|cc|cpp)"
              + "|.+_tests?\\.rs)");
  private static final Pattern VENDOR_FILE =
      Pattern.compile(
          "(?:.+\\.min\\.(?:js|css|mjs)|.+[.-]bundle\\.js|.+_pb2(?:_grpc)?\\.pyi?|.+\\.pb\\.go"
              + "|.+\\.pb\\.(?:cc|h)|.+\\.g\\.dart|.+\\.generated\\.\\w+|.+\\.designer\\.cs"
              + "|.+-lock\\.json|.+\\.lock)");

  private PathSignals() {}

  /** Whether {@code relativePath} ({@code /}-separated) is test code. */
  public static boolean isTest(String relativePath) {
    String[] segments = relativePath.split("/");
    for (int i = 0; i < segments.length - 1; i++) {
      if (TEST_DIRECTORIES.contains(segments[i].toLowerCase(Locale.ROOT))) {
        return true;
      }
    }
    return TEST_FILE.matcher(segments[segments.length - 1]).matches();
  }

  /** Whether {@code relativePath} is vendored, bundled, minified or generated code. */
  public static boolean isVendored(String relativePath) {
    String[] segments = relativePath.split("/");
    for (int i = 0; i < segments.length - 1; i++) {
      if (VENDOR_DIRECTORIES.contains(segments[i].toLowerCase(Locale.ROOT))) {
        return true;
      }
    }
    return VENDOR_FILE.matcher(segments[segments.length - 1].toLowerCase(Locale.ROOT)).matches();
  }
}
