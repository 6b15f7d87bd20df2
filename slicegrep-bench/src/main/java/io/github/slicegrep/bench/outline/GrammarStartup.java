package io.github.slicegrep.bench.outline;

import io.github.slicegrep.outline.Outliners;
import io.github.slicegrep.source.SourceFile;
import java.nio.file.Path;

/**
 * A whole process that outlines one tiny file, to time JVM start with and without loading a
 * grammar. {@code none} outlines a Lua file (the heuristic, no native library);
 * a file name such as {@code x.py} or {@code x.rs} makes the process load that grammar.
 * Prints the number of definitions found (so the work cannot be skipped) and how long the first
 * outline took in-process: for a parsed language that is extracting the grammar's native library
 * from the jar, loading it and one parse.
 */
public final class GrammarStartup {
  private GrammarStartup() {}

  public static void main(String[] args) {
    String name = args.length == 0 || args[0].equals("none") ? "x.lua" : args[0];
    String text = "class A {\n  def f() {\n  }\n}\nfunc g() {\n}\ndef h():\n  pass\n";
    SourceFile file = SourceFile.of(Path.of(name), name, text);
    long start = System.nanoTime();
    int definitions = Outliners.standard().outline(file).definitions().size();
    long micros = (System.nanoTime() - start) / 1000;
    System.out.println("definitions=" + definitions + " first_outline_us=" + micros);
  }
}
