package io.github.slicegrep.outline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.slicegrep.source.SourceFile;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Files past the parser's size cap still get their exact outline from the token scans, as they
 * do for Python: only the parser, not a scan, hands such a file to the heuristic.
 */
class LargeFileScanTest {
  private static final int DEFINITIONS = 32_000;

  @Test
  void javaGoAndJavaScriptFilesOverOneMebibyteAreScanned() {
    StringBuilder java = new StringBuilder("class Big {\n");
    StringBuilder go = new StringBuilder("package big\n\n");
    StringBuilder js = new StringBuilder();
    for (int i = 0; i < DEFINITIONS; i++) {
      java.append("  int method").append(i).append("() { return ").append(i).append("; }\n\n");
      go.append("func Fn").append(i).append("() int { return ").append(i).append(" }\n\n");
      js.append("function fn").append(i).append("() { return ").append(i).append("; }\n\n");
    }
    java.append("}\n");
    SourceFile javaFile = Fixtures.text("Big.java", java.toString());
    check(javaFile, JavaOutliner.outline(javaFile).orElseThrow(), DEFINITIONS + 1);
    SourceFile goFile = Fixtures.text("big.go", go.toString());
    check(goFile, GoOutliner.outline(goFile).orElseThrow(), DEFINITIONS);
    SourceFile jsFile = Fixtures.text("big.js", js.toString());
    check(jsFile, EcmascriptOutliner.outline(jsFile).orElseThrow(), DEFINITIONS);
  }

  private static void check(SourceFile file, Outline scanned, int definitions) {
    long chars = file.lines().stream().mapToLong(l -> l.length() + 1L).sum();
    assertTrue(chars > TreeSitterOutliner.MAX_PARSED_CHARS, file.path() + ": " + chars);
    List<Definition> found = scanned.definitions();
    assertEquals(definitions, found.size(), file.path().toString());
    Definition last = found.get(found.size() - 1);
    assertEquals(DEFINITIONS - 1 + "", last.name().replaceAll("\\D", ""), last.toString());
    // The standard outliner takes the scan's outline, not the heuristic's.
    assertEquals(found, Outliners.standard().outline(file).definitions());
  }
}
