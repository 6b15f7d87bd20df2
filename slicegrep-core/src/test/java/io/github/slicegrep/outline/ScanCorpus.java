package io.github.slicegrep.outline;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.slicegrep.source.SourceFile;
import io.github.slicegrep.source.SourceReader;
import io.github.slicegrep.source.SourceTree;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * A token scan against the parser over whole trees: for every file of one language, the scan's
 * outline must equal the parser's or the scan must leave the file to the parser. Prints the
 * counts and both times per tree; at most one file in a thousand may differ (the parser's own
 * error recovery reading definitions out of broken or unusual code).
 */
final class ScanCorpus {
  private static final Outliner PARSER =
      new TreeSitterOutliner(new Grammars()::forLanguage, Outliners.heuristic());

  private ScanCorpus() {}

  /**
   * Compares {@code scan} with the parser on the files ending in {@code extension} under each
   * tree named (comma-separated) in the system property {@code treesProperty}; skipped when it
   * names none.
   */
  static void compare(
      String treesProperty, String extension, Function<SourceFile, Optional<Outline>> scan)
      throws IOException {
    String trees = System.getProperty(treesProperty, "");
    assumeTrue(!trees.isBlank(), "no trees named in -D" + treesProperty);
    for (String tree : trees.split(",")) {
      Path root = Path.of(tree);
      int files = 0;
      int identical = 0;
      int unsure = 0;
      long parserNanos = 0;
      long scanNanos = 0;
      List<String> differ = new ArrayList<>();
      for (Path path : SourceTree.list(root, true)) {
        if (!path.toString().endsWith(extension)
            || !(SourceReader.read(path, root.relativize(path).toString(), 10_000_000)
                instanceof SourceReader.Loaded loaded)) {
          continue;
        }
        SourceFile file = loaded.file();
        files++;
        long start = System.nanoTime();
        List<Definition> parsed = PARSER.outline(file).definitions();
        long parsedAt = System.nanoTime();
        Optional<Outline> scanned = scan.apply(file);
        scanNanos += System.nanoTime() - parsedAt;
        parserNanos += parsedAt - start;
        if (scanned.isEmpty()) {
          unsure++;
        } else if (scanned.get().definitions().equals(parsed)) {
          identical++;
        } else {
          differ.add(file.relativePath());
        }
      }
      System.out.printf(
          "%s: %d files, %d identical, %d left to the parser, %d differ %s; parser %d ms,"
              + " scan %d ms%n",
          tree, files, identical, unsure, differ.size(), differ, parserNanos / 1_000_000,
          scanNanos / 1_000_000);
      assertTrue(files > 0, tree + " holds no " + extension + " file");
      assertTrue(differ.size() * 1000 <= files, tree + ": " + differ);
    }
  }
}
