package io.github.slicegrep.index;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
}
