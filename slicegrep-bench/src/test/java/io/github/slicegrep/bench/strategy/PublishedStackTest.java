package io.github.slicegrep.bench.strategy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.slicegrep.bench.truth.CorpusFacts;
import io.github.slicegrep.bench.truth.Lang;
import io.github.slicegrep.bench.truth.SourceFile;
import io.github.slicegrep.bench.truth.SourceSet;
import io.github.slicegrep.bench.truth.Span;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PublishedStackTest {
  private static SourceFile file(String path, String... lines) {
    return new SourceFile(path, List.of(lines));
  }

  private static PublishedStack stack(SourceFile... files) {
    SourceSet set = SourceSet.of(Path.of("/corpus"), List.of(files));
    return new PublishedStack(new CorpusFacts("t", Lang.PYTHON, set));
  }

  @Test
  void aQueryIsASymbolOnlyWhenItLooksLikeOneIdentifier() {
    assertTrue(PublishedStack.isSymbol("TokenBucket"));
    assertTrue(PublishedStack.isSymbol("rate_limit"));
    assertTrue(PublishedStack.isSymbol("QuerySet.reverse"));
    assertTrue(PublishedStack.isSymbol("Rack::Builder"));
    assertTrue(PublishedStack.isSymbol("_private"));
    assertFalse(PublishedStack.isSymbol("render"));
    assertFalse(PublishedStack.isSymbol("how is caching done"));
  }

  @Test
  void aDefinitionNeedsItsKeywordJustBeforeTheName() {
    assertTrue(PublishedStack.defines("class TokenBucket:\n", "TokenBucket"));
    assertTrue(PublishedStack.defines("func (b *Bucket) Take() {\n", "Take"));
    assertFalse(PublishedStack.defines("bucket = TokenBucket()\n", "TokenBucket"));
    assertFalse(PublishedStack.defines("class TokenBucketFactory:\n", "TokenBucket"));
  }

  @Test
  void pathWordsCountByExactWordOrAThreeLetterPrefix() {
    assertEquals(0.5, PublishedStack.pathRatio(List.of("rate", "limiting"), "src/limit/bucket.py"));
    assertEquals(0.0, PublishedStack.pathRatio(List.of("rate", "li"), "src/limit/bucket.py"));
  }

  @Test
  void testsCompatCopiesAndDeclarationsArePenalised() {
    assertEquals(1.0, PublishedStack.penalty("src/bucket.py"));
    assertEquals(0.3, PublishedStack.penalty("tests/test_bucket.py"), 1e-9);
    assertEquals(0.5, PublishedStack.penalty("pkg/__init__.py"), 1e-9);
    assertEquals(0.3, PublishedStack.penalty("pkg/compat/bucket.py"), 1e-9);
    assertEquals(0.7, PublishedStack.penalty("types/index.d.ts"), 1e-9);
  }

  @Test
  void chunksCoverTheFileWithinTheByteSizeUnlessOneLineIsLonger() {
    List<String> lines = new ArrayList<>();
    for (int d = 0; d < 30; d++) {
      lines.add("def f" + d + "(x):");
      for (int i = 0; i < 6; i++) {
        lines.add("    x = x + " + "y".repeat(20) + i);
      }
    }
    SourceFile f = new SourceFile("m.py", lines);
    SourceSet set = SourceSet.of(Path.of("/corpus"), List.of(f));
    CorpusFacts facts = new CorpusFacts("t", Lang.PYTHON, set);
    List<Span> chunks = PublishedStack.chunks(f, facts.defs("m.py"));
    int next = 1;
    for (Span s : chunks) {
      assertEquals(next, s.start());
      next = s.end() + 1;
      int bytes = 0;
      for (int l = s.start(); l <= s.end(); l++) {
        bytes += f.line(l).length() + 1;
      }
      assertTrue(bytes <= PublishedStack.CHUNK_BYTES, s + " holds " + bytes + " bytes");
    }
    assertEquals(lines.size() + 1, next);
    assertTrue(chunks.size() < 30, "small definitions are merged: " + chunks.size());
  }

  @Test
  void aSymbolQueryPutsTheDefinitionInTheFileOfItsNameFirst() {
    PublishedStack stack = stack(
        file("app/users.py", "from app.bucket import TokenBucket", "",
            "def make():", "    b = TokenBucket()", "    TokenBucket.check(b)",
            "    return TokenBucket(TokenBucket)"),
        file("app/token_bucket.py", "class TokenBucket:", "    def take(self):",
            "        return 1"),
        file("tests/test_token_bucket.py", "class TokenBucketTest:",
            "    def test(self):", "        TokenBucket()"));
    assertEquals("app/token_bucket.py", stack.ranked("TokenBucket").get(0).file());
  }

  @Test
  void aQuestionPrefersTheImplementationToItsTest() {
    PublishedStack stack = stack(
        file("net/retry.py", "def backoff(attempt):", "    # wait longer after each failed attempt",
            "    return 2 ** attempt"),
        file("tests/test_retry.py", "def test_backoff():",
            "    # wait longer after each failed attempt", "    assert backoff(3) == 8"));
    List<Span> ranked = stack.ranked("how long to wait after a failed attempt");
    assertEquals("net/retry.py", ranked.get(0).file());
    assertEquals(2, ranked.size());
  }
}
