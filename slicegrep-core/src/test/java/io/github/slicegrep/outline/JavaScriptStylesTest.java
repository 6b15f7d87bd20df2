package io.github.slicegrep.outline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Older JavaScript defines functions by assignment and in object literals. */
class JavaScriptStylesTest {

  @Test
  void commonJsPrototypeAndObjectLiteralFunctionsAreDefinitions() {
    String code =
        """
        module.exports = {
          load: function (x) {
            return x;
          },
          save(y) { return y; },
          "quoted": () => 1,
          limit: 10,
        };
        Scorer.prototype.score = function (q) {
          return q;
        };
        exports.tokenize = async (text) => {
          return text;
        };
        handler = function () {};
        items.forEach(function (item) {
          return item;
        });
        """;
    List<List<Object>> found =
        Outliners.standard().outline(Fixtures.text("legacy.js", code)).definitions().stream()
            .map(d -> List.<Object>of(
                d.kind().label(), d.qualifiedName(), d.startLine(), d.endLine()))
            .toList();
    assertEquals(
        List.of(
            List.of("method", "load", 2, 4),
            List.of("method", "save", 5, 5),
            List.of("method", "quoted", 6, 6),
            List.of("method", "Scorer.score", 9, 11),
            List.of("function", "tokenize", 12, 14),
            List.of("function", "handler", 15, 15)),
        found);
  }
}
