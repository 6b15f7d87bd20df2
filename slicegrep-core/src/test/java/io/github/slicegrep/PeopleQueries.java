package io.github.slicegrep;

import io.github.slicegrep.query.QueryParser;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Queries as people type them, drawn from the words of a small tree (SPEC 4's never-empty
 * property): two to five of its content words, dressed in quotes, parentheses, call
 * parentheses, dotted names, issue numbers, a trailing period or a leading "Fix". Shared by
 * the core's property test and the MCP server's (through the core's test jar).
 */
public final class PeopleQueries {
  private static final Pattern WORD = Pattern.compile("[A-Za-z][A-Za-z0-9_]{2,}");

  private static final String[] FILES = {
    "app/cache.py",
    "class ResponseCache:\n    \"\"\"Keeps responses until they expire.\"\"\"\n\n"
        + "    def expire(self, now):\n        self.entries = {k: v for k, v in self.entries.items()"
        + " if v.deadline > now}\n\n    def lookup(self, key):\n        return self.entries.get(key)\n",
    "app/loader.py",
    "def load(path):\n    if not path:\n        raise ValueError('empty path given to loader')\n"
        + "    with open(path) as handle:\n        return handle.read()\n",
    "src/main/java/app/Retry.java",
    "package app;\n\n/** Retries flaky calls with exponential backoff. */\npublic final class Retry {\n"
        + "  private final int attempts;\n\n  public Retry(int attempts) {\n"
        + "    this.attempts = attempts;\n  }\n\n  public long delayBefore(int attempt) {\n"
        + "    return Math.min(5000L, 100L << attempt);\n  }\n}\n",
  };

  private final List<String> words;

  private PeopleQueries(List<String> words) {
    this.words = List.copyOf(words);
  }

  /** Queries to draw: {@code -Dslicegrep.neverEmpty.queries=N}, 5,000 unless told. */
  public static int count() {
    return Integer.getInteger("slicegrep.neverEmpty.queries", 5_000);
  }

  /** The draw's seed: {@code -Dslicegrep.neverEmpty.seed=S}, 20261201 unless told. */
  public static long seed() {
    return Long.getLong("slicegrep.neverEmpty.seed", 20261201L);
  }

  /** Writes the tree under {@code root} and returns the queries drawn from its words. */
  public static PeopleQueries writeTree(Path root) {
    Fixture fixture = Fixture.in(root);
    Set<String> vocabulary = new LinkedHashSet<>();
    for (int i = 0; i < FILES.length; i += 2) {
      fixture.file(FILES[i], FILES[i + 1]);
      Matcher m = WORD.matcher(FILES[i + 1]);
      while (m.find()) {
        // Content words only: a query of stopwords ("with this, not now") has nothing to find.
        if (!QueryParser.contentWords(m.group()).isEmpty()) {
          vocabulary.add(m.group());
        }
      }
    }
    return new PeopleQueries(new ArrayList<>(vocabulary));
  }

  /** Two to five words of the tree, each dressed the way people type. */
  public String query(Random random) {
    int n = 2 + random.nextInt(4);
    List<String> parts = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      String w = words.get(random.nextInt(words.size()));
      switch (random.nextInt(9)) {
        case 0 -> parts.add(w + "()");
        case 1 -> parts.add("\"" + w + "\"");
        case 2 -> parts.add("'" + w + "'");
        case 3 -> parts.add(w + "." + words.get(random.nextInt(words.size())));
        case 4 -> parts.add("(" + w + ")");
        case 5 -> parts.add(w + ",");
        case 6 -> parts.add("`" + w + "`");
        default -> parts.add(random.nextBoolean() ? w : w.toLowerCase(java.util.Locale.ROOT));
      }
      if (random.nextInt(8) == 0) {
        parts.add("#" + (1 + random.nextInt(999)));
      }
    }
    String q = String.join(" ", parts);
    return switch (random.nextInt(4)) {
      case 0 -> q + ".";
      case 1 -> "Fix " + q;
      case 2 -> q + " (#" + (1 + random.nextInt(999)) + ")";
      default -> q;
    };
  }
}
