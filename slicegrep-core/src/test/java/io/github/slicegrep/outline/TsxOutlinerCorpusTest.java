package io.github.slicegrep.outline;

import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * The token scan against the parser over whole trees of real TSX: every file either gets the
 * parser's definitions exactly or is left to the parser. Runs only on the trees named, for the
 * figures in docs/outline.md:
 *
 * <pre>
 * mvn -q -o -pl slicegrep-core test -Dtest=TsxOutlinerCorpusTest -Dslicegrep.tsx.trees=/tmp/tsx/src
 * </pre>
 */
class TsxOutlinerCorpusTest {
  @Test
  void theScanGivesTheParsersDefinitionsOnRealTrees() throws IOException {
    ScanCorpus.compare("slicegrep.tsx.trees", ".tsx", EcmascriptOutliner::outline);
  }
}
