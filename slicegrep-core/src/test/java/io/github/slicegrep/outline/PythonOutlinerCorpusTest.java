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
import org.junit.jupiter.api.Test;

/**
 * The token scan against the parser over whole trees of real Python: every file either gets
 * the parser's definitions exactly or is left to the parser. Only the parser's own error
 * recovery may disagree (it reads definitions out of code held in strings), so at most one
 * file in a thousand may differ. Runs only on the trees named, for the figures in
 * docs/outline.md:
 *
 * <pre>
 * mvn -q -pl slicegrep-core test -Dtest=PythonOutlinerCorpusTest \
 *     -Dslicegrep.python.trees=/usr/lib/python3.11,$SLICEGREP_BENCH_CORPORA/src/django
 * </pre>
 */
class PythonOutlinerCorpusTest {
  private static final Outliner PARSER =
      new TreeSitterOutliner(new Grammars()::forLanguage, Outliners.heuristic());

  @Test
  void theScanGivesTheParsersDefinitionsOnRealTrees() throws IOException {
    String trees = System.getProperty("slicegrep.python.trees", "");
    assumeTrue(!trees.isBlank(), "no trees named in -Dslicegrep.python.trees");
    for (String tree : trees.split(",")) {
      Path root = Path.of(tree);
      int files = 0;
      int identical = 0;
      int unsure = 0;
      long parserNanos = 0;
      long scanNanos = 0;
      List<String> differ = new ArrayList<>();
      for (Path path : SourceTree.list(root, true)) {
        if (!path.toString().endsWith(".py")
            || !(SourceReader.read(path, root.relativize(path).toString(), 10_000_000)
                instanceof SourceReader.Loaded loaded)) {
          continue;
        }
        SourceFile file = loaded.file();
        files++;
        long start = System.nanoTime();
        List<Definition> parsed = PARSER.outline(file).definitions();
        long parsedAt = System.nanoTime();
        Optional<Outline> scanned = PythonOutliner.outline(file);
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
      assertTrue(files > 0, tree + " holds no Python file");
      assertTrue(differ.size() * 1000 <= files, tree + ": " + differ);
    }
  }
}
