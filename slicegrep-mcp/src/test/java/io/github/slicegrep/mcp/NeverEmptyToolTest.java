package io.github.slicegrep.mcp;

import static io.github.slicegrep.mcp.Harness.call;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.slicegrep.PeopleQueries;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The never-empty property (SPEC 4, issue 20) through the MCP tool: the same 5,000 seeded
 * queries of the tree's words, dressed as people type them, sent as {@code focused_read} calls
 * to one server session; none is a tool error and none comes back without chunks.
 */
class NeverEmptyToolTest {
  /** Calls per server session. */
  private static final int BATCH = 250;

  @TempDir Path tmp;

  @Test
  void severalWordsOfTheTreeNeverComeBackEmptyFromTheTool() {
    Path tree = tmp.resolve("tree");
    PeopleQueries queries = PeopleQueries.writeTree(tree);
    int count = PeopleQueries.count();
    long seed = PeopleQueries.seed();
    Random random = new Random(seed);
    List<String> empty = new ArrayList<>();
    // In sessions of BATCH calls: the harness closes stdin after the last line, and a server
    // finishes what is in flight for at most StdioServer.DRAIN_MILLIS after that.
    for (int from = 0; from < count; from += BATCH) {
      List<String> asked = new ArrayList<>();
      List<String> lines = new ArrayList<>();
      for (int n = from; n < Math.min(count, from + BATCH); n++) {
        String query = queries.query(random);
        asked.add(query);
        // fresh: every call sends everything, so the session's memory of what it already
        // sent does not turn a repeated answer into an "already shown" note.
        lines.add(call(n + 1, "focused_read",
            Map.of("path", ".", "pattern", query, "budget", 300, "fresh", true)));
      }
      Harness.Run run = Harness.run(List.of("--root", tree.toString()), lines);
      for (int k = 0; k < asked.size(); k++) {
        JsonNode r = run.byId(from + k + 1);
        if (Harness.isToolError(r) || r.at("/result/structuredContent/chunks").size() == 0) {
          empty.add(asked.get(k) + " -> " + Harness.text(r).lines().findFirst().orElse(""));
        }
      }
    }
    assertEquals(List.of(), empty.subList(0, Math.min(20, empty.size())),
        empty.size() + " of " + count + " tool calls came back empty (seed " + seed + ")");
  }
}
