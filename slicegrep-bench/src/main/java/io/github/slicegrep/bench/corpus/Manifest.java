package io.github.slicegrep.bench.corpus;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The pinned corpus list: {@code corpora.tsv} (what to fetch and how to unpack it) joined with
 * {@code corpora.sha256} (the checksums, a copy of the list in shared/bench).
 */
public final class Manifest {
  private static final Set<String> SOURCES =
      Set.of(ArchiveSpec.DEB_SRC, ArchiveSpec.DEB, ArchiveSpec.MAVEN, ArchiveSpec.NPM);

  private final List<ArchiveSpec> archives;

  private Manifest(List<ArchiveSpec> archives) {
    this.archives = List.copyOf(archives);
  }

  /** The manifest bundled with the module. */
  public static Manifest bundled() {
    return parse(resource("corpora.tsv"), resource("corpora.sha256"));
  }

  /** Parses a corpus table and a checksum list; every archive must have exactly one checksum. */
  public static Manifest parse(String table, String checksums) {
    Map<String, String> sums = parseChecksums(checksums);
    List<ArchiveSpec> out = new ArrayList<>();
    for (String line : table.split("\n")) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      String[] f = line.split("\t");
      if (f.length != 6) {
        throw new IllegalArgumentException("corpora.tsv: expected 6 tab-separated fields: " + line);
      }
      if (!SOURCES.contains(f[2])) {
        throw new IllegalArgumentException("corpora.tsv: unknown source '" + f[2] + "' in " + line);
      }
      String sha = sums.get(f[4]);
      if (sha == null) {
        throw new IllegalArgumentException("no pinned sha256 for archive " + f[4]);
      }
      out.add(new ArchiveSpec(f[0], f[1], f[2], f[3], f[4], f[5], sha));
    }
    return new Manifest(out);
  }

  /** Reads {@code sha256  name  # comment} lines into name -> sha256. */
  public static Map<String, String> parseChecksums(String text) {
    Map<String, String> sums = new LinkedHashMap<>();
    for (String line : text.split("\n")) {
      String l = line.strip();
      if (l.isEmpty() || l.startsWith("#")) {
        continue;
      }
      String[] f = l.split("\\s+");
      if (f.length < 2 || !f[0].matches("[0-9a-f]{64}")) {
        throw new IllegalArgumentException("corpora.sha256: malformed line: " + line);
      }
      sums.put(f[1], f[0]);
    }
    return sums;
  }

  public List<ArchiveSpec> archives() {
    return archives;
  }

  /** Corpus name -> its language, in manifest order. */
  public Map<String, String> corpora() {
    Map<String, String> m = new LinkedHashMap<>();
    for (ArchiveSpec a : archives) {
      m.putIfAbsent(a.corpus(), a.language());
    }
    return m;
  }

  /** The archives of one corpus. */
  public List<ArchiveSpec> archivesOf(String corpus) {
    return archives.stream().filter(a -> a.corpus().equals(corpus)).toList();
  }

  private static String resource(String name) {
    try (InputStream in = Manifest.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("missing bundled resource " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
