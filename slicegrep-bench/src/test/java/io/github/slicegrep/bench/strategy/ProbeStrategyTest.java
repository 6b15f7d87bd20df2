package io.github.slicegrep.bench.strategy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.slicegrep.bench.Fixture;
import io.github.slicegrep.bench.truth.CorpusFacts;
import io.github.slicegrep.bench.truth.Lang;
import io.github.slicegrep.bench.truth.SourceSet;
import io.github.slicegrep.bench.truth.Span;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The probe peer's JSON, read from a stand-in script that prints what probe prints. */
class ProbeStrategyTest {
  @TempDir Path tmp;

  @Test
  void readsAbsolutePathsAndInclusiveLineRangesFromProbesJson() throws IOException {
    Path root = Fixture.write(tmp.resolve("fx")).toAbsolutePath();
    Path script = tmp.resolve("probe");
    Files.writeString(script, "#!/bin/sh\necho 'Using BM25 ranking'\ncat <<'EOF'\n"
        + "{\"results\": [{\"file\": \"" + root.resolve("pkg/billing.py") + "\", \"lines\": [6, 11]},"
        + " {\"file\": \"" + root.resolve("gone.py") + "\", \"lines\": [1, 2]}],"
        + " \"limits\": {\"total_tokens\": 90}}\nEOF\n");
    assertTrue(script.toFile().setExecutable(true));
    SearchContext ctx = new SearchContext(
        new CorpusFacts("fx", Lang.PYTHON, SourceSet.load(root)));
    Retrieval r = new ProbeStrategy(script).retrieve(ctx, "compute_total");
    assertEquals(List.of(new Span("pkg/billing.py", 6, 11)), r.shown());
    assertEquals(1, r.calls());
    assertTrue(r.text().startsWith("--- pkg/billing.py:6-11 ---\n6\tdef compute_total("),
        r.text());
  }
}
