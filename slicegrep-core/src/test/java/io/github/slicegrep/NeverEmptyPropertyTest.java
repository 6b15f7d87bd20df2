package io.github.slicegrep;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SPEC 4 (revised), as a property: a query of several content words that occur in the searched
 * files never comes back empty, however it is punctuated (trailing periods, parentheses, quotes,
 * issue numbers, dotted names). Seeded; {@code -Dslicegrep.neverEmpty.queries=N} and
 * {@code -Dslicegrep.neverEmpty.seed=S} change the draw.
 */
class NeverEmptyPropertyTest {
  @TempDir Path tmp;

  @Test
  void severalWordsOfTheTreeNeverComeBackEmpty() {
    Path tree = tmp.resolve("tree");
    PeopleQueries queries = PeopleQueries.writeTree(tree);
    int count = PeopleQueries.count();
    long seed = PeopleQueries.seed();
    Random random = new Random(seed);
    FocusedReader reader = new FocusedReader();
    List<String> empty = new ArrayList<>();
    for (int n = 0; n < count; n++) {
      String query = queries.query(random);
      Result r = reader.search(tree, query, Options.defaults().withBudget(300));
      if (r.chunks().isEmpty()) {
        empty.add(query);
      }
    }
    assertEquals(List.of(), empty.subList(0, Math.min(20, empty.size())),
        empty.size() + " of " + count + " queries came back empty (seed " + seed + ")");
  }
}
