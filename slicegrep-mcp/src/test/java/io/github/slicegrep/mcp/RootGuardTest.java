package io.github.slicegrep.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.slicegrep.SlicegrepException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RootGuardTest {
  @TempDir Path dir;

  @Test
  void allowsPathsInsideARootAndRefusesOthers() throws IOException {
    Path root = Files.createDirectories(dir.resolve("proj"));
    Path inside = Files.writeString(root.resolve("a.py"), "x");
    Path outside = Files.writeString(dir.resolve("secret.txt"), "x");
    RootGuard guard = RootGuard.of(List.of(root));
    assertEquals(inside.toRealPath(), guard.check(inside));
    SlicegrepException e = assertThrows(SlicegrepException.class, () -> guard.check(outside));
    assertTrue(e.getMessage().contains("outside the allowed roots"), e.getMessage());
    assertThrows(SlicegrepException.class, () -> guard.check(root.resolve("../secret.txt")));
  }

  @Test
  void refusesASymlinkThatLeavesTheRoot() throws IOException {
    Path root = Files.createDirectories(dir.resolve("proj"));
    Files.writeString(dir.resolve("secret.txt"), "x");
    Path link = Files.createSymbolicLink(root.resolve("link.txt"), dir.resolve("secret.txt"));
    RootGuard guard = RootGuard.of(List.of(root));
    assertThrows(SlicegrepException.class, () -> guard.check(link));
  }

  @Test
  void withoutRootsAnyExistingPathPassesButMissingOnesDoNot() throws IOException {
    Path file = Files.writeString(dir.resolve("f.txt"), "x");
    RootGuard open = RootGuard.of(List.of());
    assertEquals(file.toRealPath(), open.check(file));
    SlicegrepException e =
        assertThrows(SlicegrepException.class, () -> open.check(dir.resolve("missing")));
    assertTrue(e.getMessage().startsWith("path not found: "));
  }
}
