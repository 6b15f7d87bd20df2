package io.github.slicegrep.bench.truth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class LangTest {
  @Test
  void testPathsBySegmentNotSubstring() {
    assertTrue(Lang.isTestPath("tests/test_core.py"));
    assertTrue(Lang.isTestPath("src/test/java/a/BTest.java"));
    assertTrue(Lang.isTestPath("args_test.go"));
    assertTrue(Lang.isTestPath("src/v4/classic/tests/a.test.ts"));
    assertTrue(Lang.isTestPath("test/test-fs.c"));
    assertFalse(Lang.isTestPath("src/contest.py"));
    assertFalse(Lang.isTestPath("src/attestation/main.rs"));
  }

  @Test
  void declarationFilesHaveNoLanguage() {
    assertEquals(Optional.empty(), Lang.of("types/index.d.ts"));
    assertEquals(Optional.of(Lang.TYPESCRIPT), Lang.of("src/index.ts"));
    assertEquals(Optional.of(Lang.C), Lang.of("include/uv.h"));
  }

  @Test
  void splitsLinesOnlyOnLineBreaks() {
    assertEquals(List.of("a", "b\fc", "d", "", "e"),
        SourceSet.splitLines("a\r\nb\fc\rd\n\ne\n"));
  }
}
