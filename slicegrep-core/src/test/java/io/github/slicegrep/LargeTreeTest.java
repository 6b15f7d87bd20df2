package io.github.slicegrep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A generated tree of many small files (3,000 by default; {@code -Dslicegrep.bigtree.files=100000}
 * for the long run), searched by a fresh JVM whose heap is capped at
 * {@link #heapMegabytes(int)}: the search must finish within its deadline, find the one planted
 * match, count every file, and stay inside the cap. Seed {@code -Dslicegrep.bigtree.seed=S}
 * (default 3) places the match and shapes the files.
 */
class LargeTreeTest {
  private static final int FILES = Integer.getInteger("slicegrep.bigtree.files", 3_000);
  private static final long SEED = Long.getLong("slicegrep.bigtree.seed", 3L);
  private static final int FILES_PER_FOLDER = 100;
  private static final String NEEDLE = "planted_needle_42";

  @TempDir Path dir;

  /**
   * The heap the searching JVM gets: a fixed floor for the JVM and the parser libraries, plus
   * a share per file for its decoded lines, cache entry and outline (the files average about
   * 600 bytes).
   */
  static int heapMegabytes(int files) {
    return 96 + files / 250;
  }

  /** Writes the tree; returns the relative path of the file holding the needle. */
  private static String generate(Path root, int files, Random random) throws IOException {
    int planted = random.nextInt(files);
    String plantedPath = null;
    for (int i = 0; i < files; i++) {
      int folder = i / FILES_PER_FOLDER;
      String relative =
          "pkg" + folder / 100 + "/mod" + folder % 100 + "/file" + i + (i % 3 == 0 ? ".py" : ".java");
      Path p = root.resolve(relative);
      if (i % FILES_PER_FOLDER == 0) {
        Files.createDirectories(p.getParent());
      }
      StringBuilder sb = new StringBuilder();
      int functions = 1 + random.nextInt(4);
      for (int f = 0; f < functions; f++) {
        String name = "compute_" + i + "_" + f;
        if (i % 3 == 0) {
          sb.append("def ").append(name).append("(value):\n")
              .append("    total = value * ").append(random.nextInt(1000)).append('\n')
              .append(i == planted && f == 0 ? "    return " + NEEDLE + "(total)\n"
                  : "    return total + " + f + "\n")
              .append('\n');
        } else {
          sb.append("int ").append(name).append("(int value) {\n")
              .append("  int total = value * ").append(random.nextInt(1000)).append(";\n")
              .append(i == planted && f == 0 ? "  return " + NEEDLE + "(total);\n"
                  : "  return total + " + f + ";\n")
              .append("}\n\n");
        }
      }
      Files.writeString(p, sb.toString(), StandardCharsets.UTF_8);
      if (i == planted) {
        plantedPath = relative;
      }
    }
    return plantedPath;
  }

  /**
   * The searching JVM: searches the tree for the needle, then prints one line: the files
   * searched, the chunks' files, the heap peak across pools and the time taken.
   */
  public static void main(String[] args) {
    long start = System.nanoTime();
    Result r = new FocusedReader().search(Path.of(args[0]), NEEDLE, Options.defaults());
    long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    long peak = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        peak += pool.getPeakUsage().getUsed();
      }
    }
    List<String> files = new ArrayList<>();
    r.chunks().forEach(c -> files.add(c.file()));
    System.out.println("searched=" + r.filesSearched() + " matched=" + r.filesMatched()
        + " peakMB=" + peak / (1024 * 1024) + " ms=" + millis + " chunks=" + files);
  }

  @Test
  void aLargeTreeIsSearchedInBoundedMemoryAndThePlantedMatchFound() throws Exception {
    Random random = new Random(SEED);
    long genStart = System.nanoTime();
    String planted = generate(dir, FILES, random);
    long genMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - genStart);
    int heap = heapMegabytes(FILES);
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process p =
        new ProcessBuilder(
                java, "-Xmx" + heap + "m", "-XX:+UseSerialGC", "-cp",
                System.getProperty("java.class.path"), LargeTreeTest.class.getName(),
                dir.toString())
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    long deadlineSeconds = 60 + FILES / 500;
    assertTrue(p.waitFor(deadlineSeconds, TimeUnit.SECONDS), "no result in " + deadlineSeconds + " s");
    String context = "seed " + SEED + ", " + FILES + " files, -Xmx" + heap + "m: " + out;
    assertEquals(0, p.exitValue(), context);
    assertTrue(out.startsWith("searched=" + FILES + " matched=1 "), context);
    assertTrue(out.endsWith("chunks=[" + planted + "]"), context);
    System.out.println("LargeTreeTest: generated in " + genMillis + " ms; " + context);
  }
}
