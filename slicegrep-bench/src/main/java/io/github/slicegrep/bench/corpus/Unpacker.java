package io.github.slicegrep.bench.corpus;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/** Turns a verified archive into source files under a corpus root. */
final class Unpacker {
  private Unpacker() {}

  /** Unpacks {@code archive} into {@code root} as {@code spec.unpack()} says. */
  static void unpack(ArchiveSpec spec, Path archive, Path root, Path work) throws IOException {
    String how = spec.unpack();
    if (how.startsWith("jar:")) {
      unzip(archive, root.resolve(how.substring(4)));
      return;
    }
    Path tmp = Files.createTempDirectory(Files.createDirectories(work), "unpack-");
    try {
      Path top;
      if (how.equals("tree") || how.startsWith("tree:")) {
        exec(List.of("tar", "-xf", archive.toAbsolutePath().toString(), "-C", tmp.toString()));
        top = singleFolder(tmp);
        if (how.startsWith("tree:")) {
          top = top.resolve(how.substring(5));
        }
        if (!Files.isDirectory(top, LinkOption.NOFOLLOW_LINKS)) {
          throw new IOException(archive.getFileName() + " has no folder " + how.substring(5));
        }
      } else if (how.startsWith("deb:")) {
        exec(List.of("dpkg-deb", "-x", archive.toAbsolutePath().toString(), tmp.toString()));
        top = tmp.resolve(how.substring(4));
        if (!Files.isDirectory(top, LinkOption.NOFOLLOW_LINKS)) {
          throw new IOException(archive.getFileName() + " has no folder " + how.substring(4));
        }
      } else {
        throw new IOException("unknown unpack rule " + how);
      }
      moveContents(top, root);
    } finally {
      RegistryFetcher.deleteTree(tmp);
    }
  }

  private static Path singleFolder(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      List<Path> entries = s.toList();
      if (entries.size() == 1 && Files.isDirectory(entries.get(0))) {
        return entries.get(0);
      }
      return dir;
    }
  }

  private static void moveContents(Path from, Path to) throws IOException {
    Files.createDirectories(to);
    try (Stream<Path> s = Files.list(from)) {
      for (Path p : s.toList()) {
        Files.move(p, to.resolve(p.getFileName().toString()), StandardCopyOption.REPLACE_EXISTING);
      }
    }
  }

  private static void unzip(Path jar, Path into) throws IOException {
    Path base = into.toAbsolutePath().normalize();
    try (ZipInputStream zin = new ZipInputStream(Files.newInputStream(jar))) {
      ZipEntry e;
      while ((e = zin.getNextEntry()) != null) {
        if (e.isDirectory() || e.getName().startsWith("META-INF/")) {
          continue;
        }
        Path target = base.resolve(e.getName()).normalize();
        if (!target.startsWith(base)) {
          throw new IOException("zip entry escapes its folder: " + e.getName());
        }
        Files.createDirectories(target.getParent());
        copy(zin, target);
      }
    }
  }

  private static void copy(InputStream in, Path target) throws IOException {
    Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
  }

  private static void exec(List<String> cmd) throws IOException {
    try {
      Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes());
      if (!p.waitFor(5, TimeUnit.MINUTES) || p.exitValue() != 0) {
        throw new IOException(String.join(" ", cmd) + " failed: " + out.strip());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
  }
}
