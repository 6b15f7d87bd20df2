package io.github.slicegrep.query;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.slicegrep.FocusedReader;
import io.github.slicegrep.Options;
import io.github.slicegrep.SlicegrepException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fuzzes the query parser, and every tenth query through a whole search, with seeded random
 * strings and mutations of real queries: the only exception allowed out is
 * {@link SlicegrepException} with a message, and no case may run past its deadline. Cases:
 * {@code -Dslicegrep.fuzz.cases=N} (default 2000); seed {@code -Dslicegrep.fuzz.seed=S}
 * (default 9). A failure names the case's seed and input.
 */
class QueryParserFuzzTest {
  private static final int CASES = Integer.getInteger("slicegrep.fuzz.cases", 2000);
  private static final long SEED = Long.getLong("slicegrep.fuzz.seed", 9L);
  private static final Duration DEADLINE = Duration.ofSeconds(10);

  /** Real queries: what the README, the tests and agents send. */
  static final String[] REAL = {
    "class Scorer|def score", "score(", "foo\\|bar", "(a|b)|[x|y]", "budget packing under limit",
    "retry_budget", "TODO|FIXME|XXX", "def\\s+\\w+\\(self", "(?i)hello\\s+world",
    "(?<=import )\\w+", "(\\w+)\\s+\\1", "^\\s*@Override", "[A-Z][a-z]+Exception",
    "how does the cache evict old entries", "a{2,5}b*c+?", "\\bmain\\b", "x{1000}",
    "(a+)+$", "[[:alpha:]]", "\\p{L}+", "\\Qa.b\\E", "(?<name>\\w+)", "(?P<n>x)", "$", "^",
  };
  private static final String ALPHABET =
      "ab|()[]{}\\^$.*+?-,:=!<>#&~ \t\nwWsSdDpPQE0129_Aé日\uD83D\uDE00\u0000\u2028\uFFFD";

  @TempDir Path dir;

  @Test
  void randomAndMutatedQueriesParseOrFailWithAMessageInTime() throws IOException {
    Path file = dir.resolve("sample.py");
    Files.writeString(file, sampleSource());
    FocusedReader reader = new FocusedReader();
    for (int i = 0; i < CASES; i++) {
      long seed = SEED * 1_000_003L + i;
      Random rnd = new Random(seed);
      String query = rnd.nextBoolean() ? random(rnd) : mutate(rnd, REAL[rnd.nextInt(REAL.length)]);
      boolean search = i % 10 == 0;
      String where = "case seed " + seed + " query " + escapeForMessage(query) + ": ";
      assertTimeoutPreemptively(DEADLINE, () -> {
        try {
          if (search) {
            reader.search(file, query, Options.defaults().withBudget(400));
          } else {
            QueryParser.parse(query);
          }
        } catch (SlicegrepException e) {
          assertFalse(e.getMessage() == null || e.getMessage().isBlank(), where + "no message");
        } catch (RuntimeException | StackOverflowError e) {
          fail(where + e, e);
        }
      }, where + "past the deadline");
    }
  }

  private static String random(Random rnd) {
    int n = rnd.nextInt(40);
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < n; i++) {
      sb.append(ALPHABET.charAt(rnd.nextInt(ALPHABET.length())));
    }
    if (rnd.nextInt(20) == 0) {
      sb.append("(".repeat(1 + rnd.nextInt(3000)));
    }
    if (rnd.nextInt(20) == 0) {
      sb.append("{").append(rnd.nextInt(Integer.MAX_VALUE)).append('}');
    }
    return sb.toString();
  }

  static String mutate(Random rnd, String seedText) {
    StringBuilder sb = new StringBuilder(seedText);
    int edits = 1 + rnd.nextInt(4);
    for (int e = 0; e < edits; e++) {
      int at = sb.length() == 0 ? 0 : rnd.nextInt(sb.length() + 1);
      switch (rnd.nextInt(5)) {
        case 0 -> sb.insert(at, ALPHABET.charAt(rnd.nextInt(ALPHABET.length())));
        case 1 -> {
          if (at < sb.length()) {
            sb.deleteCharAt(at);
          }
        }
        case 2 -> sb.insert(at, seedText.substring(0, Math.min(at, seedText.length())));
        case 3 -> sb.insert(at, REAL[rnd.nextInt(REAL.length)]);
        default -> {
          if (at < sb.length()) {
            sb.setCharAt(at, ALPHABET.charAt(rnd.nextInt(ALPHABET.length())));
          }
        }
      }
    }
    return sb.toString();
  }

  private static String sampleSource() {
    StringBuilder sb = new StringBuilder();
    sb.append("class Scorer:\n    def score(self, a, b):\n        return a | b\n\n");
    for (int i = 0; i < 40; i++) {
      sb.append("a".repeat(i * 3)).append("! hello world x{1000} (foo|bar) [x] é日\n");
    }
    sb.append("def main():\n    retry_budget = 5  # TODO fix\n");
    return sb.toString();
  }

  private static String escapeForMessage(String s) {
    StringBuilder sb = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      if (c < 0x20 || c > 0x7e) {
        sb.append(String.format("\\u%04x", (int) c));
      } else {
        sb.append(c);
      }
    }
    return sb.append('"').toString();
  }
}
