package io.github.slicegrep;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.concurrent.TimeUnit;

/**
 * Writes files under a root and moves the modification times of each written file and its
 * directories to a new instant an hour in the past, so that a reader trusts their stamps (they
 * have settled) and every change must show as a changed stamp.
 */
final class AgedTree {
  private final Path root;
  private long clock = System.currentTimeMillis() - TimeUnit.HOURS.toMillis(1);

  AgedTree(Path root) {
    this.root = root;
  }

  AgedTree write(String relative, String text) throws IOException {
    Path file = root.resolve(relative);
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
    for (Path p = file; p.startsWith(root); p = p.getParent()) {
      age(p);
    }
    return this;
  }

  /** Gives {@code p} a new past modification time and returns it. */
  FileTime age(Path p) throws IOException {
    clock += 1000;
    FileTime t = FileTime.fromMillis(clock);
    Files.setLastModifiedTime(p, t);
    return t;
  }
}
