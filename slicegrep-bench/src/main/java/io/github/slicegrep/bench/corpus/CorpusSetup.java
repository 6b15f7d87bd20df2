package io.github.slicegrep.bench.corpus;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Fetches, verifies and unpacks the pinned corpora under one folder:
 *
 * <pre>
 * corpora/archives/NAME      the downloaded archives, checked against their pinned sha256
 * corpora/src/CORPUS/        the unpacked source tree that tasks are generated from
 * corpora/work/              apt's private index and temporary folders
 * </pre>
 *
 * <p>Reruns are idempotent: present archives are not fetched again, and a corpus whose marker
 * file names the same checksums is not unpacked again. Nothing runs on data that failed its
 * checksum.
 */
public final class CorpusSetup {
  /** Written into each unpacked corpus: the sha256 of every archive it came from. */
  public static final String MARKER = ".slicegrep-bench-corpus";

  private final Manifest manifest;
  private final Path corpora;
  private final Fetcher fetcher;
  private final Fetcher.Log log;

  public CorpusSetup(Manifest manifest, Path corpora, Fetcher fetcher, Fetcher.Log log) {
    this.manifest = manifest;
    this.corpora = corpora;
    this.fetcher = fetcher;
    this.log = log;
  }

  /** The outcome: every problem found, each a line a person can act on. */
  public record Report(List<String> problems, List<String> ready) {
    public boolean ok() {
      return problems.isEmpty();
    }
  }

  public Path archivesDir() {
    return corpora.resolve("archives");
  }

  public Path sourceRoot(String corpus) {
    return corpora.resolve("src").resolve(corpus);
  }

  /** Fetches what is missing, verifies everything, unpacks what verified. */
  public Report setup() throws IOException {
    List<ArchiveSpec> missing = manifest.archives().stream()
        .filter(a -> !Files.isRegularFile(archivesDir().resolve(a.archive())))
        .toList();
    if (!missing.isEmpty()) {
      log.info("fetching " + missing.size() + " archive(s)");
      fetcher.fetch(missing, archivesDir(), corpora.resolve("work"), log);
    }
    return check(true);
  }

  /** Verifies archives and unpacked trees without fetching or unpacking anything. */
  public Report verify() throws IOException {
    return check(false);
  }

  private Report check(boolean unpack) throws IOException {
    List<String> problems = new ArrayList<>();
    List<String> ready = new ArrayList<>();
    Map<String, List<ArchiveSpec>> byCorpus = manifest.archives().stream()
        .collect(Collectors.groupingBy(ArchiveSpec::corpus, LinkedHashMap::new,
            Collectors.toList()));
    for (Map.Entry<String, List<ArchiveSpec>> e : byCorpus.entrySet()) {
      boolean good = true;
      for (ArchiveSpec a : e.getValue()) {
        Path file = archivesDir().resolve(a.archive());
        if (!Files.isRegularFile(file)) {
          problems.add("MISSING " + file + " (" + a.source() + " " + a.packageSpec() + ")");
          good = false;
          continue;
        }
        String got = Checksums.sha256(file);
        if (!got.equals(a.sha256())) {
          problems.add("CHECKSUM MISMATCH " + file + ": expected " + a.sha256() + ", got " + got
              + " (delete it and run setup again; never run on unverified data)");
          good = false;
        }
      }
      if (!good) {
        continue;
      }
      String marker = markerText(e.getValue());
      Path root = sourceRoot(e.getKey());
      Path markerFile = root.resolve(MARKER);
      boolean unpacked = Files.isRegularFile(markerFile)
          && Files.readString(markerFile, StandardCharsets.UTF_8).equals(marker);
      if (!unpacked && unpack) {
        log.info("unpacking " + e.getKey());
        RegistryFetcher.deleteTree(root);
        for (ArchiveSpec a : e.getValue()) {
          Unpacker.unpack(a, archivesDir().resolve(a.archive()), root, corpora.resolve("work"));
        }
        Files.writeString(markerFile, marker, StandardCharsets.UTF_8);
        unpacked = true;
      }
      if (unpacked) {
        ready.add(e.getKey());
      } else {
        problems.add("NOT UNPACKED " + root + " (run setup)");
      }
    }
    return new Report(problems, ready);
  }

  private static String markerText(List<ArchiveSpec> archives) {
    StringBuilder sb = new StringBuilder();
    for (ArchiveSpec a : archives) {
      sb.append(a.sha256()).append("  ").append(a.archive()).append("  ").append(a.unpack())
          .append('\n');
    }
    return sb.toString();
  }
}
