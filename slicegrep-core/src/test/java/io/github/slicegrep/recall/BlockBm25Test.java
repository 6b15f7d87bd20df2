package io.github.slicegrep.recall;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.slicegrep.outline.Blocks;
import io.github.slicegrep.outline.Outliners;
import io.github.slicegrep.source.SourceFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class BlockBm25Test {
  private static SourceFile python(String name, String text) {
    return SourceFile.of(Path.of(name), name, text);
  }

  private static BlockBm25 index(Question q, SourceFile... files) {
    List<BlockBm25.Document> corpus = new ArrayList<>();
    for (SourceFile f : files) {
      corpus.add(
          new BlockBm25.Document(
              FileTerms.of(f), Blocks.of(f, Outliners.standard().outline(f))));
    }
    return BlockBm25.build(q, corpus);
  }

  private static double score(BlockBm25 bm25, SourceFile f, int from, int to) {
    return bm25.score(FileTerms.of(f), from, to);
  }

  /** A question whose words the random files below are made of, in several spellings. */
  private static final List<String> QUESTION =
      List.of("queryset", "cache", "results", "iterating");

  /** Up to {@code maxLines} lines of up to {@code maxWords} of the question's words each. */
  private static String randomText(java.util.Random random, int maxLines, int maxWords) {
    String[] words = {"cache", "caching", "result", "results", "iterate", "query", "set", "x", ""};
    StringBuilder text = new StringBuilder();
    int lines = 1 + random.nextInt(maxLines);
    for (int i = 0; i < lines; i++) {
      for (int w = random.nextInt(maxWords + 1); w > 0; w--) {
        text.append(words[random.nextInt(words.length)]).append(random.nextBoolean() ? " " : "_");
      }
      text.append('\n');
    }
    return text.toString();
  }

  /**
   * A file's regions counted together, each term's occurrences walked once for all of them,
   * score exactly as each counted on its own.
   */
  @Test
  void spansCountedTogetherScoreAsEachAlone() {
    java.util.Random random = new java.util.Random(9);
    Question q = Question.of(QUESTION);
    for (int round = 0; round < 200; round++) {
      SourceFile f = python("r" + round + ".py", randomText(random, 60, 4));
      FileTerms terms = FileTerms.of(f);
      BlockBm25.Counting counting = BlockBm25.Counting.of(q);
      BlockBm25.Share share =
          counting.share(new BlockBm25.Document(terms, Blocks.of(f, Outliners.standard().outline(f))));
      BlockBm25 bm25 = BlockBm25.build(counting, List.of(share));
      // Ranges in line order that do not overlap, some touching, some one line long.
      List<int[]> ranges = new ArrayList<>();
      for (int line = 1; line <= f.lineCount(); ) {
        int end = Math.min(f.lineCount(), line + random.nextInt(8));
        if (random.nextInt(3) > 0) {
          ranges.add(new int[] {line, end});
        }
        line = end + 1 + random.nextInt(3);
      }
      int[] from = ranges.stream().mapToInt(r -> r[0]).toArray();
      int[] to = ranges.stream().mapToInt(r -> r[1]).toArray();
      BlockBm25.Span[] together = counting.spans(share, from, to);
      for (int r = 0; r < from.length; r++) {
        assertEquals(bm25.score(terms, from[r], to[r]), bm25.score(together[r]),
            "round " + round + " lines " + from[r] + "-" + to[r]);
      }
    }
  }

  @Test
  void theBlocksOfTheFilesGivenAreTheDocuments() {
    SourceFile f =
        python("a.py", "def one():\n    return 1\n\n\ndef two():\n    return 2\n");
    assertEquals(2, index(Question.of(List.of("return", "value", "one")), f).blockCount());
  }

  @Test
  void aRareTermOutweighsACommonOne() {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 8; i++) {
      text.append("def f").append(i).append("(cache):\n    return cache.get(").append(i)
          .append(")\n\n\n");
    }
    text.append("def evict(cache):\n    cache.clear()\n\n\n");
    text.append("def spill(journal):\n    journal.flush()\n");
    SourceFile f = python("a.py", text.toString());
    BlockBm25 bm25 = index(Question.of(List.of("cache", "journal", "entries")), f);
    double common = score(bm25, f, 33, 34); // evict: the common word, as often
    double rare = score(bm25, f, 37, 38); // spill: the rare word
    assertTrue(rare > common, "rare " + rare + " vs common " + common);
  }

  @Test
  void aWholeNameOutranksTheSameWordInsideALongerName() {
    SourceFile f =
        python(
            "a.py",
            "def parse(text):\n    return text\n\n\ndef parse_args(text):\n    return text\n");
    BlockBm25 bm25 = index(Question.of(List.of("parse", "incoming", "text")), f);
    assertTrue(score(bm25, f, 1, 2) > score(bm25, f, 5, 6));
  }

  @Test
  void theSameMatchesInALongerSpanScoreLess() {
    SourceFile f =
        python(
            "a.py",
            "def short():\n    retry_budget = 1\n\n\ndef long():\n    retry_budget = 1\n"
                + "    alpha = beta\n    gamma = delta\n    epsilon = zeta\n    theta = iota\n");
    BlockBm25 bm25 = index(Question.of(List.of("retry", "budget", "limit")), f);
    assertTrue(score(bm25, f, 1, 2) > score(bm25, f, 5, 10));
  }

  @Test
  void aSpanWithoutTheQuestionsTermsScoresZero() {
    SourceFile f = python("a.py", "def one():\n    return 1\n");
    BlockBm25 bm25 = index(Question.of(List.of("network", "socket", "timeout")), f);
    assertEquals(0.0, score(bm25, f, 1, 2));
  }

  /**
   * The proximity factor, read off the file's stem lines kept from the first span that needed
   * them, is the one worked out from scratch for every span: nested, overlapping and in any
   * order, as blocks and then regions ask.
   */
  @Test
  void proximityOfAnySpanIsTheBestWindowOfItsOwnLines() {
    java.util.Random random = new java.util.Random(20261202L);
    Question q = Question.of(QUESTION);
    List<String> stems =
        q.weights().keySet().stream().filter(t -> !Terms.isWhole(t)).toList();
    assertTrue(stems.size() >= 2, "the question needs several stems: " + stems);
    for (int round = 0; round < 300; round++) {
      String text = randomText(random, 40, 3);
      SourceFile f = python("p" + round + ".py", text);
      FileTerms terms = FileTerms.of(f);
      BlockBm25.Counting counting = BlockBm25.Counting.of(q);
      BlockBm25.Share share = counting.share(new BlockBm25.Document(terms, List.of()));
      for (int s = 0; s < 20; s++) {
        int from = 1 + random.nextInt(f.lineCount());
        int to = from + random.nextInt(f.lineCount() - from + 1);
        double actual =
            counting.spans(share, new int[] {from}, new int[] {to})[0].proximity();
        assertEquals(expectedProximity(terms, stems, from, to), actual,
            "round " + round + ", lines " + from + ".." + to + " of\n" + text);
      }
    }
  }

  /** 1 plus the most stems on any run of 3 lines inside the span, over the stems' number. */
  private static double expectedProximity(
      FileTerms terms, List<String> stems, int from, int to) {
    boolean[][] on = new boolean[stems.size()][to + 1];
    for (int s = 0; s < stems.size(); s++) {
      for (int p : terms.positions(stems.get(s))) {
        int line = terms.lineOf(p);
        if (line >= from && line <= to) {
          on[s][line] = true;
        }
      }
    }
    int best = 0;
    int found = 0;
    for (int s = 0; s < stems.size(); s++) {
      for (int line = from; line <= to; line++) {
        if (on[s][line]) {
          found++;
          break;
        }
      }
    }
    if (found == 0) {
      return 1; // no stem: the factor is 1 whether or not another term is there
    }
    for (int end = from; end <= to; end++) {
      int together = 0;
      for (int s = 0; s < stems.size(); s++) {
        for (int line = Math.max(from, end - BlockBm25.PROXIMITY_LINES + 1); line <= end; line++) {
          if (on[s][line]) {
            together++;
            break;
          }
        }
      }
      best = Math.max(best, together);
    }
    return 1 + BlockBm25.PROXIMITY_WEIGHT * best / stems.size();
  }

  @Test
  void theQuestionsWordsTogetherOutrankTheSameWordsScattered() {
    // The scattered span is the shorter document (blank lines carry no terms), so only
    // proximity can put the other first.
    SourceFile f =
        python(
            "a.py",
            "def together():\n    \"\"\"Sets the working directory of the child.\"\"\"\n"
                + "    first = second\n\n\n"
                + "def scattered():\n    sets = 0\n\n\n\n    working = 1\n\n\n\n"
                + "    directory = 3\n\n\n\n    child = 5\n");
    BlockBm25 bm25 = index(Question.of(List.of("sets", "working", "directory", "child")), f);
    double together = score(bm25, f, 1, 3);
    double scattered = score(bm25, f, 6, 18);
    assertTrue(together > scattered, together + " vs " + scattered);
  }
}
