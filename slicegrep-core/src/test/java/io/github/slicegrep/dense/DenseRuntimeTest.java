package io.github.slicegrep.dense;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DenseRuntimeTest {
  @TempDir Path tmp;

  @Test
  void withNoModelDirectoryDenseIsOffAtOnce() {
    DenseRuntime.Settings s = DenseRuntime.Settings.from(Map.of());
    assertFalse(s.enabled());
    DenseRuntime rt = new DenseRuntime(s);
    long t0 = System.nanoTime();
    assertTrue(rt.model().isEmpty());
    assertTrue(System.nanoTime() - t0 < TimeUnit.MILLISECONDS.toNanos(50));
    assertEquals("off", rt.status());
  }

  @Test
  void switchOffWinsOverAModelDirectory() throws IOException {
    Path dir = TinyModel.write(tmp.resolve("m"), 4);
    DenseRuntime.Settings s = DenseRuntime.Settings.from(
        Map.of(DenseRuntime.DIR_ENV, dir.toString(), DenseRuntime.SWITCH_ENV, "OFF"));
    assertFalse(s.enabled());
    assertTrue(new DenseRuntime(s).model().isEmpty());
  }

  @Test
  void readsTheTimeoutAndKeepsTheDefaultOnABadValue() {
    assertEquals(Duration.ofMillis(2500), DenseRuntime.Settings.from(
        Map.of(DenseRuntime.DIR_ENV, "/x", DenseRuntime.TIMEOUT_ENV, "2.5")).timeout());
    assertEquals(DenseRuntime.DEFAULT_TIMEOUT, DenseRuntime.Settings.from(
        Map.of(DenseRuntime.DIR_ENV, "/x", DenseRuntime.TIMEOUT_ENV, "soon")).timeout());
    assertEquals(DenseRuntime.DEFAULT_TIMEOUT, DenseRuntime.Settings.from(
        Map.of(DenseRuntime.DIR_ENV, "/x", DenseRuntime.TIMEOUT_ENV, "-1")).timeout());
  }

  @Test
  void loadsOnceFromTheEnvironmentDirectory() throws IOException {
    Path dir = TinyModel.write(tmp.resolve("m"), 4);
    DenseRuntime rt = new DenseRuntime(
        DenseRuntime.Settings.from(Map.of(DenseRuntime.DIR_ENV, dir.toString())));
    StaticModel m = rt.model().orElseThrow();
    assertSame(m, rt.model().orElseThrow());
    assertTrue(rt.status().startsWith("loaded 25 x 4 from"), rt.status());
  }

  @Test
  void aBrokenModelLeavesDenseOffWithTheReason() throws IOException {
    Path dir = TinyModel.write(tmp.resolve("m"), 4);
    Files.writeString(dir.resolve(StaticModel.TABLE_FILE), "garbage");
    DenseRuntime rt = new DenseRuntime(
        DenseRuntime.Settings.from(Map.of(DenseRuntime.DIR_ENV, dir.toString())));
    assertTrue(rt.model().isEmpty());
    assertTrue(rt.status().startsWith("load failed: "), rt.status());
  }

  @Test
  void aMissingDirectoryLeavesDenseOff() {
    DenseRuntime rt = new DenseRuntime(DenseRuntime.Settings.from(
        Map.of(DenseRuntime.DIR_ENV, tmp.resolve("nowhere").toString())));
    assertTrue(rt.model().isEmpty());
    assertTrue(rt.status().startsWith("no model directory at "), rt.status());
  }

  @Test
  void aLoadThatHangsTimesOutAndSearchGoesOnWithout() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("slow"));
    CountDownLatch never = new CountDownLatch(1);
    DenseRuntime rt = new DenseRuntime(
        new DenseRuntime.Settings(dir, Duration.ofMillis(150), true),
        () -> {
          never.await();
          throw new IOException("unreachable");
        });
    long t0 = System.nanoTime();
    assertTrue(rt.model().isEmpty());
    long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
    assertTrue(ms >= 140 && ms < 2000, "took " + ms + " ms");
    assertEquals("load timed out after 150 ms", rt.status());
    // The failure is remembered: a second call does not wait again.
    long t1 = System.nanoTime();
    assertTrue(rt.model().isEmpty());
    assertTrue(System.nanoTime() - t1 < TimeUnit.MILLISECONDS.toNanos(50));
  }

  @Test
  void aModelFileThatBlocksOnOpenTimesOut() throws Exception {
    Path dir = TinyModel.write(tmp.resolve("fifo"), 4);
    Files.delete(dir.resolve(StaticModel.TABLE_FILE));
    Process p = new ProcessBuilder("mkfifo", dir.resolve(StaticModel.TABLE_FILE).toString())
        .start();
    org.junit.jupiter.api.Assumptions.assumeTrue(p.waitFor() == 0, "mkfifo not available");
    DenseRuntime rt = new DenseRuntime(new DenseRuntime.Settings(dir, Duration.ofMillis(200), true));
    assertTrue(rt.model().isEmpty());
    assertEquals("load timed out after 200 ms", rt.status());
  }

  @Test
  void blockVectorsAreCachedByText() throws IOException {
    Path dir = TinyModel.write(tmp.resolve("m"), 4);
    DenseRuntime rt = new DenseRuntime(new DenseRuntime.Settings(dir, Duration.ofSeconds(5), true));
    StaticModel m = rt.model().orElseThrow();
    float[] a = rt.embedBlock(m, "read file");
    assertSame(a, rt.embedBlock(m, "read file"));
    rt.embedBlock(m, "cache");
    assertEquals(2, rt.cachedBlocks());
  }
}
