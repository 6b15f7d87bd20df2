package io.github.slicegrep.bench.strategy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.slicegrep.bench.truth.SourceFile;
import io.github.slicegrep.bench.truth.Span;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The peer probe (BM25 over tree-sitter blocks with a token cap), run as a process:
 * {@code probe search QUERY ROOT --format json --max-tokens 2000 --allow-tests}. Its blocks are
 * shown to the model in the same numbered-lines format as the baselines, so tokens compare.
 */
public final class ProbeStrategy implements Strategy {
  private static final long TIMEOUT_SECONDS = 60;
  private final Path binary;
  private final ObjectMapper json = new ObjectMapper();

  public ProbeStrategy(Path binary) {
    this.binary = binary;
  }

  @Override
  public String name() {
    return "probe (peer)";
  }

  @Override
  public Retrieval retrieve(SearchContext ctx, String query) {
    Path root = ctx.root().toAbsolutePath().normalize();
    List<String> cmd = List.of(binary.toString(), "search", query, root.toString(), "--format",
        "json", "--max-tokens", Integer.toString(Limits.RETRIEVAL_BUDGET), "--allow-tests");
    String out;
    try {
      Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
      out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        return new Retrieval("probe: timed out\n", List.of(), 1);
      }
    } catch (IOException e) {
      throw new IllegalStateException("cannot run probe at " + binary + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Retrieval("", List.of(), 1);
    }
    StringBuilder text = new StringBuilder();
    List<Span> shown = new ArrayList<>();
    try {
      int brace = out.indexOf('{');
      JsonNode results = brace < 0 ? null : json.readTree(out.substring(brace)).get("results");
      if (results != null) {
        for (JsonNode r : results) {
          String rel = root.relativize(Path.of(r.get("file").asText()).toAbsolutePath()
              .normalize()).toString().replace('\\', '/');
          if (!ctx.sources().has(rel)) {
            continue;
          }
          SourceFile f = ctx.sources().file(rel);
          int start = Math.max(1, r.get("lines").get(0).asInt());
          int end = Math.min(f.lineCount(), r.get("lines").get(1).asInt());
          if (end >= start) {
            text.append(Packer.render(f, start, end));
            shown.add(new Span(rel, start, end));
          }
        }
      }
    } catch (IOException e) {
      return new Retrieval("probe: unreadable output\n", List.of(), 1);
    }
    return new Retrieval(text.toString(), shown, 1);
  }
}
