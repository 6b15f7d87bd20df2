package io.github.slicegrep.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code slicegrep --index status|clear} end to end, against a private index directory. */
class IndexCommandTest {
  private static final String DIRECTORY_PROPERTY = "slicegrep.index.dir";
  private static final String LIMIT_PROPERTY = "slicegrep.index.max.bytes";
  @TempDir Path dir;
  @TempDir Path cache;
  private String previousDirectory;
  private String out;
  private String err;

  @BeforeEach
  void tree() throws IOException {
    previousDirectory = System.getProperty(DIRECTORY_PROPERTY);
    System.setProperty(DIRECTORY_PROPERTY, cache.toString());
    long old = System.currentTimeMillis() - TimeUnit.HOURS.toMillis(1);
    Path src = Files.createDirectories(dir.resolve("src"));
    Files.writeString(src.resolve("scorer.py"),
        "class Scorer:\n    def score(self, x):\n        return x * 2\n");
    for (Path p : new Path[] {src.resolve("scorer.py"), src, dir}) {
      Files.setLastModifiedTime(p, FileTime.fromMillis(old)); // settled: the index stores it
    }
  }

  @AfterEach
  void restore() {
    if (previousDirectory == null) {
      System.clearProperty(DIRECTORY_PROPERTY);
    } else {
      System.setProperty(DIRECTORY_PROPERTY, previousDirectory);
    }
    System.clearProperty(LIMIT_PROPERTY);
  }

  private int run(String... args) {
    CommandRun r = CommandRun.of(args);
    out = r.out();
    err = r.err();
    return r.code();
  }

  @Test
  void statusListsEachIndexedRootAndClearEmptiesTheDirectory() throws IOException {
    assertEquals(0, run("--index", "status"));
    assertTrue(out.contains("index directory: " + cache), out);
    assertTrue(out.contains("limit: 1.0 GiB"), out);
    assertTrue(out.contains("indexed roots: 0, total 0 B"), out);

    Path src = dir.resolve("src").toAbsolutePath();
    assertEquals(0, run(src.toString(), "Scorer"));
    assertEquals(0, run("--index", "status"));
    assertTrue(out.contains("indexed roots: 1, total "), out);
    assertTrue(out.lines().anyMatch(l -> l.endsWith("  " + src)), out);
    assertEquals("", err);

    assertEquals(0, run("--index", "status", "--json"));
    JsonNode json = new ObjectMapper().readTree(out);
    assertEquals(src.toString(), json.get("roots").get(0).get("root").asText());
    assertEquals(1L << 30, json.get("limit_bytes").asLong());
    assertTrue(json.get("total_bytes").asLong() > 0);

    assertEquals(0, run("--index", "clear"));
    assertTrue(out.startsWith("cleared " + cache + ": "), out);
    try (Stream<Path> s = Files.list(cache)) {
      assertEquals(0, s.count());
    }
    assertEquals(0, run("--index", "status"));
    assertTrue(out.contains("indexed roots: 0"), out);
  }

  @Test
  void theLimitIsShownAndABadOneIsNamed() {
    System.setProperty(LIMIT_PROPERTY, "2097152");
    assertEquals(0, run("--index", "status"));
    assertTrue(out.contains("limit: 2.0 MiB"), out);
    System.setProperty(LIMIT_PROPERTY, "lots");
    assertEquals(0, run("--index", "status"));
    assertTrue(err.contains("warning: slicegrep.index.max.bytes=lots is not a whole number"), err);
    assertTrue(out.contains("limit: 1.0 GiB"), out);
  }

  @Test
  void badIndexUsageExitsTwo() {
    assertEquals(2, run("--index", "compact"));
    assertTrue(err.contains("unknown --index action 'compact': use status or clear"), err);
    assertEquals(2, run("--index", "status", dir.toString()));
    assertTrue(err.contains("takes no PATH"), err);
    assertEquals(2, run("--index"));
    assertTrue(err.startsWith("slicegrep: "), err);
    assertEquals(2, run());
    assertTrue(err.contains("Missing required parameter: 'PATH'"), err);
    assertEquals(0, run("--help"));
    assertTrue(out.contains("--index"), out);
  }
}
