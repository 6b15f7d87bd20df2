package io.github.slicegrep.outline;

import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * The token scan against the parser over whole trees of real JavaScript: every file either gets
 * the parser's definitions exactly or is left to the parser. Only the parser's own error recovery
 * may disagree, so at most one file in a thousand may differ. Runs only on the trees named, for
 * the figures in docs/outline.md; {@code .jsx} files (JSX read by the scan) on the trees named
 * apart:
 *
 * <pre>
 * mvn -q -o -pl slicegrep-core test -Dtest=EcmascriptOutlinerCorpusTest \
 *     -Dslicegrep.js.trees=$SLICEGREP_BENCH_CORPORA/src/fastify,/usr/lib/node_modules/npm \
 *     -Dslicegrep.jsx.trees=/tmp/tsx/src
 * </pre>
 */
class EcmascriptOutlinerCorpusTest {
  @Test
  void theScanGivesTheParsersDefinitionsOnRealTrees() throws IOException {
    ScanCorpus.compare("slicegrep.js.trees", ".js", EcmascriptOutliner::outline);
  }

  @Test
  void theScanGivesTheParsersDefinitionsOnRealJsx() throws IOException {
    ScanCorpus.compare("slicegrep.jsx.trees", ".jsx", EcmascriptOutliner::outline);
  }
}
