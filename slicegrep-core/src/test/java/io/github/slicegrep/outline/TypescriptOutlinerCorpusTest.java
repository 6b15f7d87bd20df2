package io.github.slicegrep.outline;

import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * The token scan against the parser over whole trees of real TypeScript ({@code .d.ts} files
 * included): every file either gets the parser's definitions exactly or is left to the parser.
 * Runs only on the trees named, for the figures in docs/outline.md:
 *
 * <pre>
 * mvn -q -o -pl slicegrep-core test -Dtest=TypescriptOutlinerCorpusTest \
 *     -Dslicegrep.ts.trees=$SLICEGREP_BENCH_CORPORA/src/zod,/tmp/tsdeps
 * </pre>
 */
class TypescriptOutlinerCorpusTest {
  @Test
  void theScanGivesTheParsersDefinitionsOnRealTrees() throws IOException {
    ScanCorpus.compare("slicegrep.ts.trees", ".ts", EcmascriptOutliner::outline);
  }
}
