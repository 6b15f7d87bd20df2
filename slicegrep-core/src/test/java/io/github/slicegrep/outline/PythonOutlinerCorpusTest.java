package io.github.slicegrep.outline;

import java.io.IOException;
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
  @Test
  void theScanGivesTheParsersDefinitionsOnRealTrees() throws IOException {
    ScanCorpus.compare("slicegrep.python.trees", ".py", PythonOutliner::outline);
  }
}
