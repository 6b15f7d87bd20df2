package io.github.slicegrep.bench.outline;

import io.github.slicegrep.outline.Outline;
import io.github.slicegrep.outline.Outliner;
import io.github.slicegrep.outline.Outliners;
import io.github.slicegrep.source.SourceFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Outline extraction speed per language, in source lines per second, for the tree-sitter
 * outliner and the heuristic it falls back to. Each input is one of the outline test fixtures
 * with its body (everything after the package/import prelude) repeated to about {@link
 * #TARGET_LINES} lines, so it stays valid code with a realistic mix of definitions.
 *
 * <p>Run from the repository root (the fixtures are read from {@code
 * slicegrep-core/src/test/resources/outline}); the exact command is in docs/outline.md.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class OutlineBenchmark {
  /** About the size of a large source file; big enough that per-call overhead is not all. */
  static final int TARGET_LINES = 1000;

  static final Path FIXTURES =
      Path.of(System.getProperty("slicegrep.outline.fixtures",
          "slicegrep-core/src/test/resources/outline"));

  @Param({
    "scorer.py", "Scorer.java", "scorer.js", "scorer.ts", "Scorer.tsx", "scorer.go", "scorer.rs",
    "scorer.c", "scorer.cpp", "Scorer.cs", "scorer.rb", "Scorer.php", "Scorer.kt", "scorer.sh",
    "Scorer.scala", "Scorer.swift", "scorer.ex", "Scorer.hs", "scorer.dart", "scorer.ml",
    "scorer.lua"
  })
  public String fixture;

  private SourceFile file;
  private final Outliner treeSitter = Outliners.standard();
  private final Outliner heuristic = Outliners.heuristic();

  /** Counts the lines outlined; JMH reports it as a rate (lines per second). */
  @AuxCounters(AuxCounters.Type.OPERATIONS)
  @State(Scope.Thread)
  public static class Lines {
    public long lines;

    @Setup(Level.Iteration)
    public void reset() {
      lines = 0;
    }
  }

  @Setup
  public void load() throws IOException {
    file = repeated(FIXTURES.resolve(fixture), TARGET_LINES);
    if (treeSitter.outline(file).definitions().isEmpty()) {
      throw new IllegalStateException("no definitions in " + file);
    }
  }

  /** The fixture's prelude once, then its body repeated until the file reaches {@code lines}. */
  static SourceFile repeated(Path fixture, int lines) throws IOException {
    SourceFile original =
        SourceFile.of(fixture, fixture.getFileName().toString(), Files.readString(fixture));
    Outline outline = Outliners.standard().outline(original);
    int bodyStart = outline.definitions().get(0).startLine();
    List<String> all = original.lines();
    StringBuilder text = new StringBuilder();
    for (String line : all.subList(0, bodyStart - 1)) {
      text.append(line).append('\n');
    }
    List<String> body = all.subList(bodyStart - 1, all.size());
    int total = bodyStart - 1;
    while (total < lines) {
      for (String line : body) {
        text.append(line).append('\n');
      }
      total += body.size();
    }
    return SourceFile.of(fixture, fixture.getFileName().toString(), text.toString());
  }

  @Benchmark
  public Outline treeSitter(Lines counter) {
    counter.lines += file.lineCount();
    return treeSitter.outline(file);
  }

  @Benchmark
  public Outline heuristic(Lines counter) {
    counter.lines += file.lineCount();
    return heuristic.outline(file);
  }
}
