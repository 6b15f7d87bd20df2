package io.github.slicegrep.bench.truth;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every text file under a corpus root: what the baselines search and what ground truth is drawn
 * from. Skips hidden folders, binary files (a NUL in the first 8 KiB) and files over 1 MiB, as a
 * code search tool would.
 */
public final class SourceSet {
  static final long MAX_BYTES = 1L << 20;

  private final Path root;
  private final List<SourceFile> files;
  private final Map<String, SourceFile> byPath = new LinkedHashMap<>();

  private SourceSet(Path root, List<SourceFile> files) {
    this.root = root;
    this.files = List.copyOf(files);
    for (SourceFile f : this.files) {
      byPath.put(f.path(), f);
    }
  }

  public static SourceSet of(Path root, List<SourceFile> files) {
    List<SourceFile> sorted = new ArrayList<>(files);
    sorted.sort(Comparator.comparing(SourceFile::path));
    return new SourceSet(root, sorted);
  }

  /** Loads every text file under {@code root}, in path order. */
  public static SourceSet load(Path root) {
    List<SourceFile> out = new ArrayList<>();
    try {
      Files.walkFileTree(root, new SimpleFileVisitor<>() {
        @Override
        public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
          String name = dir.getFileName() == null ? "" : dir.getFileName().toString();
          return !dir.equals(root) && name.startsWith(".")
              ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
          String name = file.getFileName().toString();
          if (attrs.isRegularFile() && !name.startsWith(".") && attrs.size() <= MAX_BYTES) {
            String rel = root.relativize(file).toString().replace('\\', '/');
            byte[] bytes = Files.readAllBytes(file);
            if (!isBinary(bytes)) {
              out.add(new SourceFile(rel, splitLines(decode(bytes))));
            }
          }
          return FileVisitResult.CONTINUE;
        }
      });
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return of(root, out);
  }

  static boolean isBinary(byte[] bytes) {
    int n = Math.min(bytes.length, 8192);
    for (int i = 0; i < n; i++) {
      if (bytes[i] == 0) {
        return true;
      }
    }
    return false;
  }

  private static String decode(byte[] bytes) {
    try {
      return StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPLACE)
          .onUnmappableCharacter(CodingErrorAction.REPLACE)
          .decode(ByteBuffer.wrap(bytes)).toString();
    } catch (CharacterCodingException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Splits on LF, CRLF and CR only; a final line break does not start a new line. */
  public static List<String> splitLines(String text) {
    List<String> lines = new ArrayList<>();
    int start = 0;
    int n = text.length();
    for (int i = 0; i < n; i++) {
      char c = text.charAt(i);
      if (c == '\n' || c == '\r') {
        lines.add(text.substring(start, i));
        if (c == '\r' && i + 1 < n && text.charAt(i + 1) == '\n') {
          i++;
        }
        start = i + 1;
      }
    }
    if (start < n) {
      lines.add(text.substring(start));
    }
    return lines;
  }

  public Path root() {
    return root;
  }

  public List<SourceFile> files() {
    return files;
  }

  public SourceFile file(String path) {
    SourceFile f = byPath.get(path);
    if (f == null) {
      throw new IllegalArgumentException("no file " + path + " under " + root);
    }
    return f;
  }

  public boolean has(String path) {
    return byPath.containsKey(path);
  }
}
