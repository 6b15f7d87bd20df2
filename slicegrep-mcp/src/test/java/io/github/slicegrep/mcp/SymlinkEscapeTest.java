package io.github.slicegrep.mcp;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.slicegrep.SlicegrepException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A directory search inside the root must not return what a symlink leading out of it reaches. */
class SymlinkEscapeTest {
  @TempDir Path dir;

  @Test
  void aDirectorySearchNeverReadsThroughASymlinkThatLeavesTheRoot() throws Exception {
    Path root = Files.createDirectories(dir.resolve("proj"));
    Files.writeString(root.resolve("a.py"), "API_SECRET_NAME = 1\n");
    Path outside = Files.createDirectories(dir.resolve("private"));
    Files.writeString(outside.resolve("keys.py"), "API_SECRET_TOKEN = 'hunter2'\n");
    Files.createSymbolicLink(root.resolve("escape"), outside);
    Files.createSymbolicLink(root.resolve("keys_link.py"), outside.resolve("keys.py"));
    Harness.Run run = Harness.run(List.of("--root", root.toString()),
        List.of(Harness.call(1, "focused_read", Map.of("path", root.toString(),
            "pattern", "API_SECRET", "budget", 0))));
    String text = Harness.text(run.byId(1));
    // The walk is confined up front: the links are skipped, the rest of the root searched.
    assertFalse(Harness.isToolError(run.byId(1)), text);
    assertFalse(text.contains("hunter2"), text);
    assertFalse(text.contains("keys"), text);
    assertTrue(text.contains("a.py") && text.contains("API_SECRET_NAME"), text);
  }

  @Test
  void withoutRootsLinksAreFollowedAsOnTheCommandLine() throws Exception {
    Path root = Files.createDirectories(dir.resolve("proj"));
    Path outside = Files.createDirectories(dir.resolve("shared"));
    Files.writeString(outside.resolve("util.py"), "def shared_helper(): pass\n");
    Files.createSymbolicLink(root.resolve("vendor_link"), outside);
    Harness.Run run = Harness.run(List.of(),
        List.of(Harness.call(1, "focused_read", Map.of("path", root.toString(),
            "pattern", "shared_helper"))));
    String text = Harness.text(run.byId(1));
    assertTrue(text.contains("vendor_link/util.py"), text);
  }

  /** The second line of defence, behind the confined walk: every reported file is checked. */
  @Test
  void aReportedFileThatResolvesOutsideTheRootsIsRefused() throws Exception {
    Path root = Files.createDirectories(dir.resolve("proj"));
    Path outside = Files.createDirectories(dir.resolve("private"));
    Files.writeString(outside.resolve("keys.py"), "x\n");
    Files.createSymbolicLink(root.resolve("escape"), outside);
    Files.writeString(root.resolve("a.py"), "x\n");
    Workspace workspace = new Workspace(List.of(root), root);
    workspace.checkReached(root, List.of("a.py"));
    SlicegrepException e = assertThrows(SlicegrepException.class,
        () -> workspace.checkReached(root, List.of("a.py", "escape/keys.py")));
    assertTrue(e.getMessage().contains("symlink"), e.getMessage());
  }
}
