package io.github.slicegrep.outline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.slicegrep.source.SourceFile;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class ConcurrentOutlineTest {
  private static final List<String> FIXTURES =
      List.of("scorer.py", "Scorer.java", "scorer.js", "scorer.ts", "Scorer.tsx", "scorer.go",
          "scorer.rs", "scorer.c", "scorer.cpp", "Scorer.cs", "scorer.rb", "Scorer.php",
          "Scorer.kt", "scorer.sh");

  @Test
  void threadsOutliningAtOnceGetTheSameOutlinesAsOneThread() throws Exception {
    List<SourceFile> files = FIXTURES.stream().map(Fixtures::load).toList();
    Outliner outliner = Outliners.standard();
    List<List<Definition>> expected =
        files.stream().map(f -> outliner.outline(f).definitions()).toList();
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<List<List<Definition>>>> runs = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        runs.add(pool.submit(() -> {
          List<List<Definition>> got = new ArrayList<>();
          for (int round = 0; round < 5; round++) {
            got.clear();
            for (SourceFile f : files) {
              got.add(outliner.outline(f).definitions());
            }
          }
          return got;
        }));
      }
      for (Future<List<List<Definition>>> run : runs) {
        assertEquals(expected, run.get());
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
