package io.github.slicegrep.bench.outline;

import io.github.slicegrep.outline.Outliners;
import io.github.slicegrep.source.SourceFile;
import java.nio.file.Path;

/**
 * A whole process that outlines one tiny file, to time JVM start with and without loading a
 * grammar. {@code none} outlines a Scala file (the heuristic, no native library);
 * a file name such as {@code x.py} or {@code x.rs} makes the process load that grammar.
 * Prints the number of definitions found so the work cannot be skipped.
 */
public final class GrammarStartup {
  private GrammarStartup() {}

  public static void main(String[] args) {
    String name = args.length == 0 || args[0].equals("none") ? "x.scala" : args[0];
    String text = "class A {\n  def f() {\n  }\n}\nfunc g() {\n}\ndef h():\n  pass\n";
    SourceFile file = SourceFile.of(Path.of(name), name, text);
    System.out.println(Outliners.standard().outline(file).definitions().size());
  }
}
