package io.github.slicegrep.outline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.slicegrep.source.SourceFile;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Line numbers and names must survive line terminators and multi-byte characters. */
class SourcePositionsTest {

  private static List<Object> shape(Definition d) {
    return List.of(d.name(), d.startLine(), d.headerLine(), d.endLine());
  }

  @Test
  void carriageReturnOnlyLineEndingsKeepEditorLineNumbers() {
    SourceFile file =
        Fixtures.text(
            "cr.py", "import os\r\rdef first():\r    return 1\r\rdef second():\r    pass\r");
    List<Definition> defs = Outliners.standard().outline(file).definitions();
    assertEquals(
        List.of(List.of("first", 3, 3, 4), List.of("second", 6, 6, 7)),
        defs.stream().map(SourcePositionsTest::shape).toList());
  }

  @Test
  void crlfLineEndingsKeepEditorLineNumbers() {
    SourceFile file =
        Fixtures.text("crlf.go", "package a\r\n\r\n// Run runs.\r\nfunc Run() {\r\n}\r\n");
    Definition run = Outliners.standard().outline(file).definitions().get(0);
    assertEquals(List.of("Run", 3, 4, 5), shape(run));
  }

  @Test
  void namesAfterMultiByteCharactersAreCutAtCharacterBoundaries() {
    SourceFile file =
        Fixtures.text(
            "names.js",
            "/* é😀 */ function café(x) {\n  return x;\n}\nconst 名前 = () => 1;\n");
    List<Definition> defs = Outliners.standard().outline(file).definitions();
    assertEquals(
        List.of(List.of("café", 1, 1, 3), List.of("名前", 4, 4, 4)),
        defs.stream().map(SourcePositionsTest::shape).toList());
  }

  @Test
  void commentSeparatedByABlankLineIsNotAttached() {
    SourceFile file =
        Fixtures.text(
            "Gap.java",
            "class Gap {\n  // about the field\n\n  void run() {\n  }\n}\n");
    Definition run = Outliners.standard().outline(file).named("run").get(0);
    assertEquals(List.of("run", 4, 4, 5), shape(run));
  }

  @Test
  void trailingCommentOnACodeLineIsNotAttached() {
    SourceFile file =
        Fixtures.text("trail.py", "x = 1  # a note\ndef f():\n    return x\n");
    Definition f = Outliners.standard().outline(file).named("f").get(0);
    assertEquals(List.of("f", 2, 2, 3), shape(f));
  }
}
