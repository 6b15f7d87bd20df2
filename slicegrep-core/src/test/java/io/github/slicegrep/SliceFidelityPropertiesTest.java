package io.github.slicegrep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Properties of what a search shows, over seeded random trees (mixed line breaks, a BOM, long
 * and non-ASCII lines), queries, budgets, boundaries and contexts:
 *
 * <ul>
 *   <li>every chunk's line range lies inside its file, and its {@code code} is exactly those
 *       lines as an editor numbers them (lines over 400 characters cut with their marker);
 *   <li>the same search by two fresh readers gives the same {@code render()} and {@code toJson()}
 *       bytes;
 *   <li>{@code toJson()} parses back to {@code toMap()}.
 * </ul>
 *
 * The budget and accounting properties live in {@link PackingPropertiesTest}. Cases:
 * {@code -Dslicegrep.property.cases=N} (default 120); the first seed is
 * {@code -Dslicegrep.property.seed=S} (default 1). A failure names its seed.
 */
class SliceFidelityPropertiesTest {
  private static final int CASES = Integer.getInteger("slicegrep.property.cases", 120);
  private static final long FIRST_SEED = Long.getLong("slicegrep.property.seed", 1L);
  /** Must match the core's cut for shown lines (pack.Piece). */
  private static final int MAX_SHOWN_LINE_CHARS = 400;

  private static final String[] WORDS = {
    "alpha", "beta", "gamma", "delta", "parse", "score", "budget", "token", "render", "cache",
    "naïve", "日本", "ünïcode"
  };
  private static final String[] BREAKS = {"\n", "\r\n", "\r"};
  private static final Pattern EDITOR_BREAK = Pattern.compile("\r\n|\r|\n");
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  @Test
  void chunksShowExactlyTheirFileLinesAndOutputIsDeterministicAndRoundTrips() throws Exception {
    for (long seed = FIRST_SEED; seed < FIRST_SEED + CASES; seed++) {
      long s = seed;
      assertTimeoutPreemptively(Duration.ofSeconds(30), () -> checkCase(s),
          "seed " + seed + " took too long");
    }
  }

  private void checkCase(long seed) throws IOException {
    String where = "seed " + seed + " (rerun with -Dslicegrep.property.seed=" + seed
        + " -Dslicegrep.property.cases=1): ";
    Random rnd = new Random(seed);
    Path root = Files.createDirectories(dir.resolve("case" + seed));
    Map<String, byte[]> files = new LinkedHashMap<>();
    int fileCount = 1 + rnd.nextInt(5);
    for (int f = 0; f < fileCount; f++) {
      String ext = switch (rnd.nextInt(4)) {
        case 0 -> ".py";
        case 1 -> ".java";
        case 2 -> ".js";
        default -> ".txt";
      };
      String name = (rnd.nextBoolean() ? "src/" : "lib/deep/") + "m" + f + ext;
      byte[] bytes = randomSource(rnd, ext).getBytes(StandardCharsets.UTF_8);
      files.put(name, bytes);
      Path p = root.resolve(name);
      Files.createDirectories(p.getParent());
      Files.write(p, bytes);
    }
    List<String> words = new ArrayList<>();
    int q = 1 + rnd.nextInt(3);
    for (int i = 0; i < q; i++) {
      words.add(WORDS[rnd.nextInt(WORDS.length)]);
    }
    String query = String.join("|", words);
    Options options = Options.defaults()
        .withBudget(rnd.nextInt(8) == 0 ? 0 : 1 + rnd.nextInt(2000))
        .withBoundary(Boundary.values()[rnd.nextInt(Boundary.values().length)])
        .withBefore(rnd.nextInt(15))
        .withAfter(rnd.nextInt(15))
        .withDedupe(rnd.nextBoolean());
    boolean fileMode = rnd.nextInt(4) == 0;
    String only = files.keySet().iterator().next();
    Path target = fileMode ? root.resolve(only) : root;
    where += query + " " + options + (fileMode ? " file " + only : " dir") + ": ";

    Result first = new FocusedReader().search(target, query, options);
    Result second = new FocusedReader().search(target, query, options);
    assertEquals(first.render(), second.render(), where + "render differs across readers");
    assertEquals(first.toJson(), second.toJson(), where + "toJson differs across readers");
    assertEquals(first, second, where + "results differ across readers");

    for (Chunk c : first.chunks()) {
      String name = fileMode ? only : c.file();
      byte[] bytes = files.get(name);
      assertTrue(bytes != null, where + "chunk names a file that was not written: " + c.file());
      List<String> lines = editorLines(bytes);
      assertTrue(c.lineStart() >= 1 && c.lineStart() <= c.lineEnd()
          && c.lineEnd() <= lines.size(),
          where + c.file() + ":" + c.lineStart() + "-" + c.lineEnd() + " outside 1-"
              + lines.size());
      StringBuilder expected = new StringBuilder();
      for (int i = c.lineStart(); i <= c.lineEnd(); i++) {
        if (i > c.lineStart()) {
          expected.append('\n');
        }
        expected.append(shown(lines.get(i - 1)));
      }
      assertEquals(expected.toString(), c.code(),
          where + "code of " + c.file() + ":" + c.lineStart() + "-" + c.lineEnd());
    }

    Object parsed = JSON.readValue(first.toJson(), Object.class);
    assertEquals(normalise(first.toMap()), normalise(parsed), where + "JSON round trip");
  }

  /** Lines as an editor numbers them: BOM dropped, split on CRLF, CR, LF only. */
  static List<String> editorLines(byte[] bytes) {
    String text = new String(bytes, StandardCharsets.UTF_8);
    if (text.startsWith("\uFEFF")) {
      text = text.substring(1);
    }
    List<String> lines = new ArrayList<>(List.of(EDITOR_BREAK.split(text, -1)));
    if (!lines.isEmpty() && lines.get(lines.size() - 1).isEmpty()) {
      lines.remove(lines.size() - 1);
    }
    return lines;
  }

  static String shown(String line) {
    if (line.length() <= MAX_SHOWN_LINE_CHARS) {
      return line;
    }
    int cut = MAX_SHOWN_LINE_CHARS;
    if (Character.isHighSurrogate(line.charAt(cut - 1))) {
      cut--;
    }
    return line.substring(0, cut) + " … [line cut: " + line.length() + " chars]";
  }

  /** Maps, lists and numbers compared by value whatever their Java types. */
  static Object normalise(Object o) {
    if (o instanceof Map<?, ?> m) {
      Map<String, Object> out = new LinkedHashMap<>();
      m.forEach((k, v) -> out.put(String.valueOf(k), normalise(v)));
      return out;
    }
    if (o instanceof List<?> l) {
      return l.stream().map(SliceFidelityPropertiesTest::normalise).toList();
    }
    if (o instanceof Number n) {
      return new BigDecimal(n.toString()).stripTrailingZeros();
    }
    if (o instanceof Enum<?> e) {
      return e.toString();
    }
    return o == null ? "<null>" : o;
  }

  private static String randomSource(Random rnd, String ext) {
    StringBuilder sb = new StringBuilder();
    if (rnd.nextInt(6) == 0) {
      sb.append('\uFEFF');
    }
    String br = BREAKS[rnd.nextInt(BREAKS.length)];
    boolean mixed = rnd.nextInt(4) == 0;
    int defs = 1 + rnd.nextInt(6);
    for (int d = 0; d < defs; d++) {
      String name = WORDS[rnd.nextInt(WORDS.length)] + "_" + d;
      sb.append(header(ext, name)).append(mixed ? BREAKS[rnd.nextInt(3)] : br);
      int body = 1 + rnd.nextInt(12);
      for (int i = 0; i < body; i++) {
        sb.append("    ");
        switch (rnd.nextInt(10)) {
          case 0 -> sb.append("x = \"").append(WORDS[rnd.nextInt(WORDS.length)])
              .append(" ").append("z".repeat(300 + rnd.nextInt(900))).append('"');
          case 1 -> sb.append("// form\ffeed and\u2028separator ").append(WORDS[rnd.nextInt(
              WORDS.length)]);
          case 2 -> sb.append("emoji = '\uD83D\uDE00' + ").append(WORDS[rnd.nextInt(
              WORDS.length)]);
          case 3 -> { }
          default -> sb.append("value_").append(i).append(" = ")
              .append(WORDS[rnd.nextInt(WORDS.length)]).append("(").append(i).append(")");
        }
        sb.append(mixed ? BREAKS[rnd.nextInt(3)] : br);
      }
      sb.append(footer(ext)).append(mixed ? BREAKS[rnd.nextInt(3)] : br);
    }
    if (rnd.nextBoolean()) {
      sb.setLength(sb.length() - 1); // no final break, or a CR left from a CRLF
    }
    return sb.toString();
  }

  private static String header(String ext, String name) {
    return switch (ext) {
      case ".py" -> "def " + name + "(arg):";
      case ".java" -> "  static int " + name + "(int arg) {";
      case ".js" -> "function " + name + "(arg) {";
      default -> name + ":";
    };
  }

  private static String footer(String ext) {
    return switch (ext) {
      case ".py", ".txt" -> "";
      default -> "}";
    };
  }
}
