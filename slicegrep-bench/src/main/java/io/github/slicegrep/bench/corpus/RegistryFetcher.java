package io.github.slicegrep.bench.corpus;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Fetches archives with the machine's ordinary package clients: {@code apt-get} (with a private
 * configuration derived at run time from the system's own apt sources, so no host is named
 * here), {@code mvn} and {@code npm}.
 */
public final class RegistryFetcher implements Fetcher {
  private static final Path DEB822_SOURCES = Path.of("/etc/apt/sources.list.d/debian.sources");
  private static final Path LEGACY_SOURCES = Path.of("/etc/apt/sources.list");
  private static final String DEPENDENCY_PLUGIN =
      "org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy";
  private static final long COMMAND_MINUTES = 10;

  @Override
  public void fetch(List<ArchiveSpec> missing, Path archives, Path work, Log log)
      throws IOException {
    Files.createDirectories(archives);
    List<String> aptOptions = null;
    for (ArchiveSpec a : missing) {
      Path tmp = Files.createTempDirectory(Files.createDirectories(work), "fetch-");
      try {
        switch (a.source()) {
          case ArchiveSpec.DEB_SRC, ArchiveSpec.DEB -> {
            if (aptOptions == null) {
              aptOptions = prepareApt(work.resolve("apt"), log);
            }
            fetchApt(a, aptOptions, tmp, log);
          }
          case ArchiveSpec.MAVEN ->
              run(
                  List.of("mvn", "-B", "-q", DEPENDENCY_PLUGIN, "-Dartifact=" + a.packageSpec(),
                      "-Dtransitive=false", "-DoutputDirectory=" + tmp.toAbsolutePath()),
                  tmp, log);
          case ArchiveSpec.NPM ->
              run(List.of("npm", "pack", a.packageSpec(), "--silent",
                      "--pack-destination", tmp.toAbsolutePath().toString()), tmp, log);
          default -> throw new IllegalArgumentException("unknown source " + a.source());
        }
        Path got = tmp.resolve(a.archive());
        if (Files.isRegularFile(got)) {
          Files.move(got, archives.resolve(a.archive()), StandardCopyOption.REPLACE_EXISTING);
          log.info("fetched " + a.archive());
        } else {
          log.error("fetch of " + a.packageSpec() + " did not produce " + a.archive());
        }
      } finally {
        deleteTree(tmp);
      }
    }
  }

  private void fetchApt(ArchiveSpec a, List<String> opts, Path tmp, Log log) throws IOException {
    String verb = a.source().equals(ArchiveSpec.DEB) ? "download" : "source";
    List<String> cmd = new ArrayList<>(List.of("apt-get", "-q"));
    cmd.addAll(opts);
    cmd.add(verb);
    if (verb.equals("source")) {
      cmd.add("--download-only");
    }
    // apt-get source exits non-zero when any one file of the package 404s but keeps what it got,
    // so the exit code says nothing: the pinned archive's presence and checksum decide.
    run(concat(cmd, a.packageSpec()), tmp, log);
    if (!Files.isRegularFile(tmp.resolve(a.archive()))) {
      String name = a.packageSpec().replaceFirst("=.*", "");
      log.info("pinned " + a.packageSpec() + " did not resolve; trying " + name
          + " (the checksum still decides)");
      run(concat(cmd, name), tmp, log);
    }
  }

  /** Writes a private deb + deb-src source list copied from the system's first entry. */
  private List<String> prepareApt(Path apt, Log log) throws IOException {
    Path parts = Files.createDirectories(apt.resolve("src"));
    Files.createDirectories(apt.resolve("lists/partial"));
    Files.createDirectories(apt.resolve("cache/archives/partial"));
    Files.writeString(parts.resolve("bench.sources"), privateSources(), StandardCharsets.UTF_8);
    List<String> opts = List.of(
        "-o", "Dir::Etc::SourceList=/dev/null",
        "-o", "Dir::Etc::SourceParts=" + parts.toAbsolutePath(),
        "-o", "Dir::State::Lists=" + apt.resolve("lists").toAbsolutePath(),
        "-o", "Dir::Cache=" + apt.resolve("cache").toAbsolutePath());
    List<String> update = new ArrayList<>(List.of("apt-get", "-q"));
    update.addAll(opts);
    update.add("update");
    run(update, apt, log);
    return opts;
  }

  /** The system's first apt entry as a deb822 stanza for bookworm and trixie, binary and source. */
  static String privateSources() throws IOException {
    return privateSources(DEB822_SOURCES, LEGACY_SOURCES);
  }

  static String privateSources(Path deb822, Path legacy) throws IOException {
    String uri = null;
    String signedBy = null;
    if (Files.isRegularFile(deb822)) {
      String first = Files.readString(deb822).strip().split("\\n\\s*\\n")[0];
      for (String line : first.split("\n")) {
        if (line.startsWith("URIs:")) {
          uri = line.substring(5).strip().split("\\s+")[0];
        } else if (line.startsWith("Signed-By:")) {
          signedBy = line.substring(10).strip();
        }
      }
    } else if (Files.isRegularFile(legacy)) {
      for (String line : Files.readAllLines(legacy)) {
        String[] f = line.strip().split("\\s+");
        if (f.length >= 3 && f[0].equals("deb")) {
          uri = f[1].startsWith("[") ? f[2] : f[1];
          break;
        }
      }
    }
    if (uri == null) {
      throw new IOException("no Debian apt source configured on this machine (looked at "
          + deb822 + " and " + legacy + ")");
    }
    StringBuilder sb = new StringBuilder()
        .append("Types: deb deb-src\n")
        .append("URIs: ").append(uri).append('\n')
        .append("Suites: bookworm trixie\n")
        .append("Components: main\n");
    if (signedBy != null) {
      sb.append("Signed-By: ").append(signedBy).append('\n');
    }
    return sb.toString();
  }

  private static List<String> concat(List<String> head, String last) {
    List<String> l = new ArrayList<>(head);
    l.add(last);
    return l;
  }

  private static void run(List<String> cmd, Path dir, Log log) throws IOException {
    log.info("$ " + String.join(" ", cmd));
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile())
        .redirectErrorStream(true);
    Path out = Files.createTempFile("bench-cmd", ".log");
    pb.redirectOutput(out.toFile());
    try {
      Process p = pb.start();
      if (!p.waitFor(COMMAND_MINUTES, TimeUnit.MINUTES)) {
        p.destroyForcibly();
        log.error("timed out after " + COMMAND_MINUTES + " min: " + String.join(" ", cmd));
      } else if (p.exitValue() != 0) {
        List<String> lines = Files.readAllLines(out);
        int from = Math.max(0, lines.size() - 5);
        log.error("exit " + p.exitValue() + " from " + cmd.get(0) + ": "
            + String.join(" | ", lines.subList(from, lines.size())));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    } finally {
      Files.deleteIfExists(out);
    }
  }

  static void deleteTree(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> s = Files.walk(root)) {
      for (Path p : s.sorted((x, y) -> y.getNameCount() - x.getNameCount()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
