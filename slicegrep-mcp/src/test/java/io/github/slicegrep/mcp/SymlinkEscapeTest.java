package io.github.slicegrep.mcp;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
    Files.writeString(root.resolve("a.py"), "x = 1\n");
    Path outside = Files.createDirectories(dir.resolve("private"));
    Files.writeString(outside.resolve("keys.py"), "API_SECRET_TOKEN = 'hunter2'\n");
    Files.createSymbolicLink(root.resolve("escape"), outside);
    Harness.Run run = Harness.run(List.of("--root", root.toString()),
        List.of(Harness.call(1, "focused_read", Map.of("path", root.toString(),
            "pattern", "API_SECRET_TOKEN"))));
    String text = Harness.text(run.byId(1));
    assertFalse(text.contains("hunter2"), text);
    assertTrue(Harness.isToolError(run.byId(1)) && text.contains("symlink"), text);
  }
}
