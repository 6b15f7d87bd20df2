package io.github.slicegrep.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.slicegrep.Chunk;
import io.github.slicegrep.FocusedReader;
import io.github.slicegrep.OmittedMore;
import io.github.slicegrep.Result;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session memory of {@code focused_read}: a chunk sent once is named, not sent again, its
 * budget goes to the next best chunk, {@code fresh: true} sends everything, and an edited file
 * is forgotten. The scripted session (10 related questions written with their targets before
 * any engine ran on them) must cost at least 25% fewer tokens with every target still held.
 *
 * <p>{@code -Dslicegrep.session.root=DIR -Dslicegrep.session.questions=FILE} runs the same
 * session over another tree (a pinned corpus) and prints its figures.
 */
class SessionMemoryTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  /** The budget of the calls that test one behaviour: small, so that answers fill it. */
  private static final int SMALL_BUDGET = 400;

  @TempDir Path dir;

  /** One line of a session file: the query and a line that its answer must hold. */
  record Question(String query, String file, int line) {}

  /** A fresh server session over {@code root}: one memory, one reader, calls in order. */
  private static final class Session {
    final FocusedReadTool tool;
    final FocusedReader reader = new FocusedReader();

    Session(Path root) {
      tool = new FocusedReadTool(reader, new Workspace(List.of(root), root), new SessionMemory(),
          MAPPER);
    }

    JsonNode call(Map<String, Object> arguments) {
      ToolResult r = tool.call(MAPPER.valueToTree(arguments));
      assertFalse(r.isError(), r.texts().toString());
      return r.toJson(MAPPER);
    }
  }

  private static String text(JsonNode result) {
    StringBuilder sb = new StringBuilder();
    result.path("content").forEach(c -> sb.append(c.path("text").asText()));
    return sb.toString();
  }

  /** Whether a chunk sent or named in this answer covers the question's target line. */
  private static boolean holds(JsonNode result, Question q) {
    JsonNode s = result.path("structuredContent");
    for (String list : List.of("chunks", "already_shown")) {
      for (JsonNode c : s.path(list)) {
        if (c.path("file").asText().equals(q.file()) && c.path("line_start").asInt() <= q.line()
            && q.line() <= c.path("line_end").asInt()) {
          return true;
        }
      }
    }
    return false;
  }

  private Path shop() throws IOException, URISyntaxException {
    Path source = Path.of(getClass().getResource("/sessions/shop").toURI());
    Path copy = dir.resolve("shop");
    try (Stream<Path> walk = Files.walk(source)) {
      for (Path p : walk.toList()) {
        Path target = copy.resolve(source.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target);
        }
      }
    }
    // Old stamps, so that an edit below always changes the modification time.
    try (Stream<Path> walk = Files.walk(copy)) {
      for (Path p : walk.filter(Files::isRegularFile).toList()) {
        Files.setLastModifiedTime(p, FileTime.from(Instant.parse("2026-01-01T00:00:00Z")));
      }
    }
    return copy;
  }

  private static List<Question> questions(Path file) {
    try {
      List<Question> out = new ArrayList<>();
      for (String line : Files.readAllLines(file)) {
        if (line.isBlank() || line.startsWith("#")) {
          continue;
        }
        String[] f = line.split("\t");
        out.add(new Question(f[0], f[1], Integer.parseInt(f[2])));
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Map<String, Object> args(String query, boolean fresh) {
    return Map.of("path", ".", "pattern", query, "budget", SMALL_BUDGET, "fresh", fresh);
  }

  /** A session's call: the default budget, as an agent calls it. */
  private static Map<String, Object> sessionArgs(String query, boolean fresh) {
    return Map.of("path", ".", "pattern", query, "fresh", fresh);
  }

  /**
   * Tokens of the session's answers, of the code in them whose every line an earlier answer
   * had already sent, and the questions whose answer missed its target.
   */
  private record Outcome(int tokens, int repeatedCode, List<String> missed) {}

  private static Outcome session(Path root, List<Question> questions, boolean fresh) {
    Session s = new Session(root);
    int chars = 0;
    int repeated = 0;
    Map<String, boolean[]> seen = new java.util.HashMap<>();
    List<String> missed = new ArrayList<>();
    for (Question q : questions) {
      JsonNode r = s.call(sessionArgs(q.query(), fresh));
      chars += text(r).length();
      if (!holds(r, q)) {
        missed.add(q.query());
      }
      List<JsonNode> chunks = new ArrayList<>();
      r.at("/structuredContent/chunks").forEach(chunks::add);
      for (JsonNode c : chunks) {
        boolean[] lines = seen.get(c.path("file").asText());
        boolean all = lines != null;
        for (int l = c.path("line_start").asInt(); all && l <= c.path("line_end").asInt(); l++) {
          all = l < lines.length && lines[l];
        }
        repeated += all ? c.path("tokens").asInt() : 0;
      }
      for (JsonNode c : chunks) {
        boolean[] lines = seen.computeIfAbsent(c.path("file").asText(), k -> new boolean[100_000]);
        for (int l = c.path("line_start").asInt(); l <= c.path("line_end").asInt(); l++) {
          lines[l] = true;
        }
      }
    }
    return new Outcome((chars + 3) / 4, repeated, missed);
  }

  @Test
  void aScriptedSessionCostsAQuarterLessAndKeepsEveryTarget() throws Exception {
    String root = System.getProperty("slicegrep.session.root");
    Path tree = root != null ? Path.of(root) : shop();
    Path file = root != null ? Path.of(System.getProperty("slicegrep.session.questions"))
        : Path.of(getClass().getResource("/sessions/shop.tsv").toURI());
    List<Question> questions = questions(file);
    assertEquals(10, questions.size(), "the scripted session has ten questions");
    Outcome full = session(tree, questions, true);
    Outcome remembered = session(tree, questions, false);
    double saved = 1 - (double) remembered.tokens() / full.tokens();
    System.out.printf("session memory: %s, %d questions at the default budget: %d tokens"
            + " fresh (%d of them code sent before), %d remembered (%d; %.1f%% fewer tokens);"
            + " targets missed fresh %s, remembered %s%n",
        tree, questions.size(), full.tokens(), full.repeatedCode(), remembered.tokens(),
        remembered.repeatedCode(), 100 * saved, full.missed(), remembered.missed());
    assertEquals(0, remembered.repeatedCode(), "no code is sent twice");
    assertEquals(full.missed(), remembered.missed(), "memory loses no target an answer had");
    if (root == null) {
      assertEquals(List.of(), remembered.missed(), "every answer holds its target");
      assertTrue(saved >= 0.25, "saved " + saved);
    }
  }

  @Test
  void aRepeatedQuestionNamesWhatWasSentAndSpendsTheBudgetOnTheNextChunks() throws Exception {
    Session s = new Session(shop());
    JsonNode first = s.call(args("Router|dispatch|Middleware|wrap", false));
    JsonNode second = s.call(args("Router|dispatch|Middleware|wrap", false));
    JsonNode firstChunks = first.at("/structuredContent/chunks");
    JsonNode named = second.at("/structuredContent/already_shown");
    assertTrue(firstChunks.size() > 0);
    for (JsonNode f : firstChunks) {
      boolean isNamed = false;
      for (JsonNode n : named) {
        isNamed |= n.path("file").equals(f.path("file"))
            && n.path("line_start").asInt() >= f.path("line_start").asInt()
            && n.path("line_end").asInt() <= f.path("line_end").asInt();
      }
      assertTrue(isNamed || !text(second).contains("[" + f.path("file").asText() + ":"
          + f.path("line_start").asInt() + "-" + f.path("line_end").asInt() + " "),
          "a chunk of call 1 is not sent again: " + f);
    }
    assertTrue(named.size() > 0, second.toString());
    named.forEach(n -> assertEquals(1, n.path("call").asInt()));
    JsonNode sent = second.at("/structuredContent/chunks");
    assertTrue(sent.size() > 0, "the freed budget went to the next chunks: " + text(second));
    for (JsonNode c : sent) {
      for (JsonNode f : firstChunks) {
        assertFalse(c.path("file").equals(f.path("file"))
            && f.path("line_start").asInt() <= c.path("line_start").asInt()
            && c.path("line_end").asInt() <= f.path("line_end").asInt(),
            "no lines sent twice: " + c.path("file") + ":" + c.path("line_start"));
      }
    }
    assertTrue(second.at("/structuredContent/total_tokens").asInt() <= SMALL_BUDGET);
    assertTrue(text(second).contains("ALREADY SHOWN — " + named.size() + " chunk(s)"),
        text(second));
    assertTrue(text(second).contains(named.get(0).path("file").asText() + ":"
        + named.get(0).path("line_start").asInt() + "-" + named.get(0).path("line_end").asInt()
        + " "), text(second));
  }

  @Test
  void freshSendsTheFullAnswerAgain() throws Exception {
    Session s = new Session(shop());
    JsonNode first = s.call(args("ResponseCache|expire", false));
    s.call(args("ResponseCache|expire", false));
    JsonNode fresh = s.call(args("ResponseCache|expire", true));
    assertEquals(first.at("/structuredContent/chunks"), fresh.at("/structuredContent/chunks"));
    assertEquals(0, fresh.at("/structuredContent/already_shown").size());
    assertFalse(text(fresh).contains("ALREADY SHOWN"));
  }

  @Test
  void anEditedFileIsForgotten() throws Exception {
    Path shop = shop();
    Session s = new Session(shop);
    JsonNode first = s.call(args("call_with_retry", false));
    assertTrue(first.at("/structuredContent/chunks").size() > 0);
    Path retry = shop.resolve("shop/retry.py");
    Files.writeString(retry, Files.readString(retry) + "\n\ndef unrelated():\n    return 1\n");
    JsonNode again = s.call(args("call_with_retry", false));
    for (JsonNode n : again.at("/structuredContent/already_shown")) {
      assertFalse(n.path("file").asText().equals("shop/retry.py"), "the edited file is forgotten");
    }
    boolean resent = false;
    for (JsonNode c : again.at("/structuredContent/chunks")) {
      resent |= c.path("file").asText().equals("shop/retry.py");
    }
    assertTrue(resent, text(again));
  }

  @Test
  void theMemoryIsBoundedAndLetsTheLeastRecentlyUsedFileGo() throws IOException {
    Path tree = Files.createDirectories(dir.resolve("bound"));
    List<Chunk> chunks = new ArrayList<>();
    for (int i = 0; i <= SessionMemory.MAX_FILES; i++) {
      Files.writeString(tree.resolve("f" + i + ".py"), "x = 1\n");
      chunks.add(new Chunk("f" + i + ".py", 1, 1, null, List.of(), 0, 1.0, List.of(), "h", 3,
          "x = 1"));
    }
    SessionMemory memory = new SessionMemory();
    memory.remember(tree, result(chunks.subList(0, 1)), memory.beginCall());
    memory.remember(tree, result(chunks.subList(1, 2)), memory.beginCall());
    assertEquals(3, memory.repeatedTokens(tree, result(chunks.subList(0, 1))), "used again");
    memory.remember(tree, result(chunks.subList(2, chunks.size())), memory.beginCall());
    assertEquals(3, memory.repeatedTokens(tree, result(chunks.subList(0, 1))),
        "the most recently used file stays");
    assertEquals(0, memory.repeatedTokens(tree, result(chunks.subList(1, 2))),
        "the least recently used file is let go past " + SessionMemory.MAX_FILES);
    assertEquals(3, memory.repeatedTokens(tree, result(chunks.subList(chunks.size() - 1,
        chunks.size()))));
  }

  @Test
  void linesSentAcrossCallsCoverALaterChunk() throws IOException {
    Path tree = Files.createDirectories(dir.resolve("cover"));
    Files.writeString(tree.resolve("a.py"), "x = 1\n".repeat(50));
    SessionMemory memory = new SessionMemory();
    memory.remember(tree, result(List.of(chunk(1, 20))), memory.beginCall());
    memory.remember(tree, result(List.of(chunk(18, 40))), memory.beginCall());
    assertEquals(5, memory.repeatedTokens(tree, result(List.of(chunk(5, 35)))));
    assertEquals(0, memory.repeatedTokens(tree, result(List.of(chunk(30, 41)))), "line 41 is new");
    SessionMemory.Answer answer = memory.withoutRepeats(tree, result(List.of(chunk(5, 35))), 100);
    assertEquals(1, answer.shown().get(0).call(), "named by the call that sent its first line");
  }

  private static Chunk chunk(int start, int end) {
    return new Chunk("a.py", start, end, null, List.of(), 0, 1.0, List.of(), "h", 5, "x = 1");
  }

  private static Result result(List<Chunk> chunks) {
    return new Result("bound/", true, List.of("x"), "exact", chunks, List.of(), 0, 1, 1, 0, 0, List.of(),
        0, List.of(), OmittedMore.NONE);
  }
}
