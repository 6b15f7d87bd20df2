package io.github.slicegrep.mcp;

import static io.github.slicegrep.mcp.Harness.call;
import static io.github.slicegrep.mcp.Harness.isToolError;
import static io.github.slicegrep.mcp.Harness.text;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileMapToolTest {
  @TempDir Path dir;

  @Test
  void mapsAFileWithTheEditorsLineNumbers() throws IOException {
    Path proj = Fixtures.project(dir);
    Harness.Run run =
        Harness.run(List.of("--root", proj.toString()),
            List.of(call(1, "file_map", Map.of("path", "src/scorer.py"))));
    JsonNode r = run.byId(1);
    assertFalse(isToolError(r), r.toString());
    String map = text(r);
    assertTrue(map.startsWith("FILE MAP: src/scorer.py (14 lines, 4 definitions)\n"), map);
    assertTrue(map.contains("\n 4  class Scorer:\n"), map);
    assertTrue(map.contains("\n10    def score(self, hits):\n"), map);
    JsonNode s = r.at("/result/structuredContent");
    assertEquals("src/scorer.py", s.get("file").asText());
    assertEquals(14, s.get("lines").asInt());
    assertEquals(4, s.get("definitions_total").asInt());
    JsonNode score = s.at("/definitions/2");
    assertEquals("Scorer.score", score.get("name").asText(), s.toString());
    assertEquals("method", score.get("kind").asText());
    assertEquals(10, score.get("line").asInt());
    assertEquals(11, score.get("line_end").asInt());
    assertEquals(1, score.get("depth").asInt());
  }

  @Test
  void aFileWithoutDefinitionsIsAnEmptyMapNotAnError() throws IOException {
    Path proj = Fixtures.project(dir);
    Files.writeString(proj.resolve("notes.txt"), "just\nsome\ntext\n");
    Harness.Run run =
        Harness.run(List.of("--root", proj.toString()),
            List.of(call(1, "file_map", Map.of("path", "notes.txt"))));
    JsonNode r = run.byId(1);
    assertFalse(isToolError(r), r.toString());
    assertTrue(text(r).contains("No definitions found"), text(r));
    assertEquals(0, r.at("/result/structuredContent/definitions").size());
  }

  @Test
  void badPathsAndArgumentsAreToolErrors() throws IOException {
    Path proj = Fixtures.project(dir);
    Files.createSymbolicLink(proj.resolve("src/link.py"), dir.resolve("outside.py"));
    Files.write(proj.resolve("blob.bin"), new byte[] {1, 0, 2, 0, 3});
    Harness.Run run =
        Harness.run(List.of("--root", proj.toString()), List.of(
            call(1, "file_map", Map.of("path", "src")),
            call(2, "file_map", Map.of("path", "../outside.py")),
            call(3, "file_map", Map.of("path", "src/link.py")),
            call(4, "file_map", Map.of("path", "src/missing.py")),
            call(5, "file_map", Map.of("path", "src/scorer.py", "pattern", "x")),
            call(6, "file_map", Map.of()),
            call(7, "file_map", Map.of("path", "blob.bin"))));
    Map<Integer, String> expected =
        Map.of(1, "is a directory", 2, "outside the allowed roots", 3,
            "outside the allowed roots", 4, "path not found", 5, "unknown argument pattern",
            6, "missing required argument 'path'", 7, "looks binary");
    expected.forEach(
        (id, message) -> {
          JsonNode r = run.byId(id);
          assertTrue(isToolError(r), r.toString());
          assertTrue(text(r).contains(message), id + ": " + text(r));
          assertFalse(r.toString().contains("do-not-leak"));
        });
  }

  @Test
  void aHugeFileKeepsTheMapShortAndSaysHowManyDefinitionsThereAre() throws IOException {
    StringBuilder source = new StringBuilder();
    for (int i = 0; i < 1000; i++) {
      source.append("def handler_").append(i).append("(request):\n    return ").append(i)
          .append("\n\n");
    }
    Path file = Files.writeString(dir.resolve("handlers.py"), source.toString());
    Harness.Run run =
        Harness.run(List.of(), List.of(call(1, "file_map", Map.of("path", file.toString()))));
    JsonNode r = run.byId(1);
    JsonNode s = r.at("/result/structuredContent");
    assertEquals(1000, s.get("definitions_total").asInt());
    assertEquals(FileMapTool.MAX_STRUCTURED_DEFINITIONS, s.get("definitions").size());
    assertTrue(text(r).contains("more definitions not shown"), text(r));
    assertTrue(r.toString().length() / 4 < 10_000, "~" + r.toString().length() / 4 + " tokens");
  }
}
