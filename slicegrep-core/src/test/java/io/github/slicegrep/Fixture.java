package io.github.slicegrep;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes small source trees for tests. */
public final class Fixture {
  private final Path root;

  private Fixture(Path root) {
    this.root = root;
  }

  public static Fixture in(Path root) {
    return new Fixture(root);
  }

  public Path root() {
    return root;
  }

  /** Writes {@code text} (UTF-8) at {@code relative}, creating directories. */
  public Fixture file(String relative, String text) {
    return bytes(relative, text.getBytes(StandardCharsets.UTF_8));
  }

  public Fixture bytes(String relative, byte[] content) {
    Path p = root.resolve(relative);
    try {
      Files.createDirectories(p.getParent());
      Files.write(p, content);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return this;
  }

  public Path path(String relative) {
    return root.resolve(relative);
  }

  /** {@code n} lines of filler code, each distinct, for padding regions. */
  public static String filler(String prefix, int n) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < n; i++) {
      sb.append("    ").append(prefix).append('_').append(i).append(" = compute(")
          .append(i).append(")\n");
    }
    return sb.toString();
  }
}
