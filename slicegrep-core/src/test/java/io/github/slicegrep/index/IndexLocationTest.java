package io.github.slicegrep.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class IndexLocationTest {
  @Test
  void switchedOffByTheVariable() {
    assertEquals(Optional.empty(), IndexLocation.resolve(Map.of("SLICEGREP_INDEX", "off"), "/p", "/h"));
    assertEquals(Optional.empty(), IndexLocation.resolve(Map.of("SLICEGREP_INDEX", "0"), null, "/h"));
  }

  @Test
  void propertyThenVariableThenXdgThenHome() {
    assertEquals(Optional.of(Path.of("/p")),
        IndexLocation.resolve(Map.of("SLICEGREP_INDEX_DIR", "/d"), "/p", "/h"));
    assertEquals(Optional.of(Path.of("/d")),
        IndexLocation.resolve(Map.of("SLICEGREP_INDEX_DIR", "/d", "XDG_CACHE_HOME", "/x"), null, "/h"));
    assertEquals(Optional.of(Path.of("/x/slicegrep/index")),
        IndexLocation.resolve(Map.of("XDG_CACHE_HOME", "/x"), null, "/h"));
    assertEquals(Optional.of(Path.of("/h/.cache/slicegrep/index")),
        IndexLocation.resolve(Map.of("XDG_CACHE_HOME", "relative"), null, "/h"));
  }

  @Test
  void limitIsWholeMebibytesWithTheDefaultForAnythingElse() {
    assertEquals(new IndexLocation.Limit(1L << 30, null), IndexLocation.limit(null, null));
    assertEquals(new IndexLocation.Limit(5L << 20, null), IndexLocation.limit(" 5 ", null));
    assertEquals(new IndexLocation.Limit(0, null), IndexLocation.limit("0", null));
    assertEquals(new IndexLocation.Limit(4096, null), IndexLocation.limit("5", "4096"));
    for (String bad : new String[] {"-1", "1.5", "10MB", "99999999999999999999"}) {
      IndexLocation.Limit l = IndexLocation.limit(bad, null);
      assertEquals(1L << 30, l.bytes(), bad);
      assertTrue(l.problem() != null && l.problem().contains("SLICEGREP_INDEX_MAX_MB=" + bad), bad);
    }
  }
}
