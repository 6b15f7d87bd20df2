package io.github.slicegrep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.slicegrep.source.Lines;
import io.github.slicegrep.source.Tokens;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Properties that must hold for every input: checked over seeded random trees, queries,
 * budgets and boundaries. A failure message names the seed, which reproduces it.
 */
class PackingPropertiesTest {
  private static final String[] WORDS = {
    "alpha", "beta", "gamma", "delta", "parse", "score", "budget", "token", "render", "cache"
  };
  private static final int CASES = 150;

  @TempDir Path dir;

  @Test
  void budgetCoverageAndAccountingHoldForRandomInputs() throws IOException {
    for (int seed = 1; seed <= CASES; seed++) {
      Random rnd = new Random(seed);
      Path root = Files.createDirectories(dir.resolve("case" + seed));
      int fileCount = 1 + rnd.nextInt(5);
      for (int f = 0; f < fileCount; f++) {
        String name = (rnd.nextBoolean() ? "src/" : "tests/") + "m" + f
            + (rnd.nextBoolean() ? ".py" : ".java");
        Fixture.in(root).file(name, randomSource(rnd, name.endsWith(".py")));
      }
      List<String> queryWords = new ArrayList<>();
      int q = 1 + rnd.nextInt(3);
      for (int i = 0; i < q; i++) {
        queryWords.add(WORDS[rnd.nextInt(WORDS.length)]);
      }
      int budget = rnd.nextInt(10) == 0 ? 0 : 1 + rnd.nextInt(1500);
      Boundary boundary = Boundary.values()[rnd.nextInt(3)];
      Options options =
          Options.defaults()
              .withBudget(budget)
              .withBoundary(boundary)
              .withContext(rnd.nextInt(12))
              .withDedupe(rnd.nextBoolean());
      Result r = FocusedRead.run(root, String.join("|", queryWords), options);
      check(seed, root, queryWords, budget, r);
    }
  }

  private static void check(int seed, Path root, List<String> words, int budget, Result r)
      throws IOException {
    String where = "seed " + seed + ": ";
    if (budget > 0) {
      boolean singleLineException =
          r.chunks().size() == 1 && r.chunks().get(0).lineStart() == r.chunks().get(0).lineEnd();
      assertTrue(r.totalTokens() <= budget || singleLineException,
          where + r.totalTokens() + " > " + budget);
    }
    assertEquals(r.chunks().stream().mapToInt(Chunk::tokens).sum(), r.totalTokens(), where);
    assertEquals(r.omitted().stream().mapToInt(Omission::tokens).sum(), r.omittedTokens(), where);
    assertTrue(r.coverage() >= 0 && r.coverage() <= 1, where);
    assertEquals(
        r.deduped(),
        r.omitted().stream().filter(o -> o.why().equals(Omission.DUPLICATE)).count(), where);
    for (Chunk c : r.chunks()) {
      assertEquals(Tokens.estimate(c.code()), c.tokens(), where);
      assertEquals(c.lineEnd() - c.lineStart() + 1, Lines.split(c.code() + "\n").size(), where);
      for (Chunk d : r.chunks()) {
        if (c != d && c.file().equals(d.file())) {
          assertTrue(c.lineEnd() < d.lineStart() || d.lineEnd() < c.lineStart(),
              where + "chunks overlap in " + c.file());
        }
      }
    }
    // Every matching line is shown or listed as omitted.
    try (var files = Files.walk(root)) {
      for (Path p : files.filter(Files::isRegularFile).toList()) {
        String rel = root.relativize(p).toString().replace('\\', '/');
        List<String> lines = Lines.split(Files.readString(p));
        for (int i = 0; i < lines.size(); i++) {
          String lower = lines.get(i).toLowerCase(Locale.ROOT);
          if (words.stream().noneMatch(lower::contains)) {
            continue;
          }
          int line = i + 1;
          boolean shown = r.chunks().stream().anyMatch(
              c -> c.file().equals(rel) && c.lineStart() <= line && line <= c.lineEnd());
          boolean listed = r.omitted().stream().anyMatch(
              o -> o.file().equals(rel) && o.lineStart() <= line && line <= o.lineEnd());
          assertTrue(shown || listed, where + rel + ":" + line + " neither shown nor omitted");
        }
      }
    }
  }

  private static String randomSource(Random rnd, boolean python) {
    StringBuilder sb = new StringBuilder();
    int functions = 1 + rnd.nextInt(6);
    if (!python) {
      sb.append("class Holder {\n");
    }
    for (int f = 0; f < functions; f++) {
      String name = WORDS[rnd.nextInt(WORDS.length)] + "_" + f;
      if (python) {
        sb.append("def ").append(name).append("(x):\n");
      } else {
        sb.append("  int ").append(name).append("(int x) {\n");
      }
      int body = 1 + rnd.nextInt(40);
      for (int i = 0; i < body; i++) {
        sb.append(python ? "    " : "    ");
        int words = 1 + rnd.nextInt(5);
        for (int w = 0; w < words; w++) {
          sb.append(rnd.nextInt(4) == 0 ? WORDS[rnd.nextInt(WORDS.length)] : "v" + rnd.nextInt(99))
              .append(' ');
        }
        sb.append(python ? "\n" : ";\n");
      }
      sb.append(python ? "\n" : "  }\n");
    }
    if (!python) {
      sb.append("}\n");
    }
    return sb.toString();
  }
}
