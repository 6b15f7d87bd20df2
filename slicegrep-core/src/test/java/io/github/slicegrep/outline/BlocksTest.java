package io.github.slicegrep.outline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.slicegrep.source.SourceFile;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BlocksTest {

  private static List<String> describe(List<Block> blocks) {
    return blocks.stream()
        .map(b -> b.startLine() + "-" + b.endLine() + " "
            + b.definition().map(Definition::qualifiedName).orElse("<top>")
            + (b.window() > 0 ? " #" + b.window() : ""))
        .toList();
  }

  private static List<Block> blocksOf(SourceFile file) {
    return Outliners.standard().outline(file).blocks(file);
  }

  @Test
  void methodsGetTheirOwnBlocksAndNestedFunctionsStayInsideTheirParent() {
    assertEquals(
        List.of(
            "1-2 <top>",
            "5-9 _cache",
            "12-15 Scorer",
            "17-28 Scorer.score",
            "30-32 Scorer.reset",
            "35-37 fetch"),
        describe(blocksOf(Fixtures.load("scorer.py"))));
  }

  @Test
  void classKeepsItsHeaderAndFieldsWhileBlankAndBraceOnlyRunsMakeNoBlock() {
    assertEquals(
        List.of(
            "1-4 <top>",
            "6-11 Scorer",
            "13-14 Scorer.Scorer",
            "16-32 Scorer.score",
            "34-34 Scorer.Weigher",
            "35-35 Scorer.Weigher.weigh",
            "38-38 Scorer.Base",
            "39-39 Scorer.Base.size",
            "41-47 Scorer.Base.touch",
            "50-50 Scorer.Mode",
            "52-52 Scorer.Hit"),
        describe(blocksOf(Fixtures.load("Scorer.java"))));
  }

  @Test
  void longDefinitionIsWindowedWithOverlap() {
    StringBuilder text = new StringBuilder("def long():\n");
    for (int i = 0; i < 129; i++) {
      text.append("    x").append(i).append(" = ").append(i).append('\n');
    }
    List<Block> blocks = blocksOf(Fixtures.text("long.py", text.toString()));
    assertEquals(List.of("1-60 long", "51-110 long #1", "101-130 long #2"), describe(blocks));
    assertEquals(Blocks.WINDOW_OVERLAP, blocks.get(0).endLine() - blocks.get(1).startLine() + 1);
  }

  @Test
  void everyNonBlankLineIsInSomeBlockAndBlocksStayInsideTheFile() {
    Random random = new Random(7L);
    for (String name : List.of("scorer.py", "Scorer.java", "scorer.rs", "scorer.cpp", "scorer.rb",
        "Scorer.kt", "scorer.ts", "scorer.go")) {
      SourceFile file = Fixtures.load(name);
      List<Block> blocks = blocksOf(file);
      boolean[] covered = new boolean[file.lineCount() + 1];
      for (Block b : blocks) {
        assertTrue(b.endLine() <= file.lineCount(), () -> name + " " + b);
        for (int line = b.startLine(); line <= b.endLine(); line++) {
          covered[line] = true;
        }
      }
      for (int probe = 0; probe < 20; probe++) {
        int line = 1 + random.nextInt(file.lineCount());
        String text = file.line(line).strip();
        boolean trivial = text.matches("[})\\];,]*|end");
        assertTrue(trivial || covered[line], () -> name + " line " + line + " in no block");
      }
    }
  }
}
