package io.github.slicegrep.outline;

import io.github.slicegrep.source.SourceFile;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** Loads the outline fixtures from the test resources. */
final class Fixtures {
  private Fixtures() {}

  static SourceFile load(String name) {
    try (InputStream in = Fixtures.class.getResourceAsStream("/outline/" + name)) {
      if (in == null) {
        throw new IllegalArgumentException("no fixture " + name);
      }
      return text(name, new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static SourceFile text(String name, String content) {
    return SourceFile.of(Path.of(name), name, content);
  }
}
