package io.github.slicegrep.bench.outline;

import io.github.slicegrep.outline.Outliner;
import io.github.slicegrep.outline.Outliners;
import io.github.slicegrep.source.SourceFile;
import io.github.slicegrep.source.SourceReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Outlines every source file under a directory with the standard (tree-sitter) outliner and with
 * the heuristic, and prints per language the files, lines, definitions each found and the lines
 * per second each reached. A sanity and speed check on real code beside the JMH figures:
 * {@code java ... OutlineScan DIR [MAX_FILES]}.
 */
public final class OutlineScan {
  /** Same cap as a search: bigger files are skipped there too. */
  private static final long MAX_FILE_BYTES = 2L * 1024 * 1024;

  /** Rounds over the file set before timing, so the JIT has compiled the outliners. */
  private static final int WARMUP_ROUNDS = 2;

  private OutlineScan() {}

  private static final class Tally {
    int files;
    long lines;
    long parsedDefinitions;
    long heuristicDefinitions;
    long parsedNanos;
    long heuristicNanos;
  }

  public static void main(String[] args) throws IOException {
    Path root = Path.of(args[0]);
    int maxFiles = args.length > 1 ? Integer.parseInt(args[1]) : Integer.MAX_VALUE;
    List<SourceFile> files = load(root, maxFiles);
    Outliner parsed = Outliners.standard();
    Outliner heuristic = Outliners.heuristic();
    for (int round = 0; round < WARMUP_ROUNDS; round++) {
      for (SourceFile f : files) {
        parsed.outline(f);
        heuristic.outline(f);
      }
    }
    Map<String, Tally> byLanguage = new TreeMap<>();
    for (SourceFile f : files) {
      Tally t = byLanguage.computeIfAbsent(f.language().name(), k -> new Tally());
      t.files++;
      t.lines += f.lineCount();
      long t0 = System.nanoTime();
      t.parsedDefinitions += parsed.outline(f).definitions().size();
      long t1 = System.nanoTime();
      t.heuristicDefinitions += heuristic.outline(f).definitions().size();
      long t2 = System.nanoTime();
      t.parsedNanos += t1 - t0;
      t.heuristicNanos += t2 - t1;
    }
    System.out.println("language files lines definitions(standard) definitions(heuristic)"
        + " lines/s(standard) lines/s(heuristic)");
    byLanguage.forEach((language, t) -> System.out.printf(
        "%s %d %d %d %d %.0f %.0f%n", language, t.files, t.lines, t.parsedDefinitions,
        t.heuristicDefinitions, t.lines / (t.parsedNanos / 1e9),
        t.lines / (t.heuristicNanos / 1e9)));
  }

  private static List<SourceFile> load(Path root, int maxFiles) throws IOException {
    try (Stream<Path> paths = Files.walk(root)) {
      return paths
          .filter(Files::isRegularFile)
          .map(p -> SourceReader.read(p, root.relativize(p).toString(), MAX_FILE_BYTES))
          .filter(o -> o instanceof SourceReader.Loaded)
          .map(o -> ((SourceReader.Loaded) o).file())
          .filter(f -> f.language().isCode())
          .limit(maxFiles)
          .toList();
    }
  }
}
