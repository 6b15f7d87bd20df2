package io.github.slicegrep.match;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.slicegrep.Boundary;
import io.github.slicegrep.outline.Outliners;
import io.github.slicegrep.query.QueryParser;
import io.github.slicegrep.source.SourceFile;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class RegionsTest {
  private static List<Region> fn(String name, String text, String query) {
    SourceFile f = SourceFile.of(Path.of(name), name, text);
    return Regions.build(
        f, LineScanner.scan(f, QueryParser.parse(query)), Outliners.standard().outline(f),
        Boundary.FN, 40, 40);
  }

  @Test
  void aOneLineCallbackInsideAFunctionWidensToThatFunction() {
    String js =
        "const hexToBytes = () =>\n"
            + "  z.codec(z.hex(), z.instanceof(Uint8Array), {\n"
            + "    decode: (hexString) => z.util.hexToUint8Array(hexString),\n"
            + "    encode: (bytes) => z.util.uint8ArrayToHex(bytes),\n"
            + "  });\n";
    Region r = fn("codec.test.ts", js, "hexToUint8Array").get(0);
    assertEquals(1, r.start());
    assertEquals(5, r.end());
  }

  @Test
  void aShortMethodOfAClassStaysItself() {
    String py =
        "class Box:\n    def size(self):\n        return self.n\n\n"
            + "    def other(self):\n        return 2\n";
    Region r = fn("box.py", py, "self.n").get(0);
    assertEquals(2, r.start());
    assertEquals(3, r.end());
  }

  @Test
  void overlappingSpansMergeIntoOneRegion() {
    String py = "def f():\n    alpha = 1\n    beta = alpha\n    return beta\n";
    List<Region> regions = fn("f.py", py, "alpha|beta");
    assertEquals(1, regions.size());
    assertEquals(4, regions.get(0).hits().size());
  }
}
