package io.github.slicegrep.bench.speed;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

/**
 * Writes a synthetic source tree for the scale benchmark: {@code files} small Python, Java and
 * JavaScript files (30 to 90 lines of definitions and calls, about 1.5 KB each) in directories
 * of 100, from a fixed seed, so every run measures the same tree. Names are made of a common
 * verb and a noun drawn from 5,000 made-up words with a skewed (roughly Zipfian) frequency, as
 * in real code, where a few names are everywhere and most are rare. Not committed data:
 * generated where the benchmark runs. JDK only, so it runs from source:
 *
 * <pre>java slicegrep-bench/src/main/java/io/github/slicegrep/bench/speed/GeneratedTree.java DIR 100000</pre>
 */
public final class GeneratedTree {
  static final long SEED = 8;
  static final int FILES_PER_DIRECTORY = 100;
  static final int NOUNS = 5000;
  private static final String[] SYLLABLES = {
    "ka", "lo", "mi", "ner", "po", "qua", "ri", "sen", "ta", "vo", "wex", "zu", "bra", "dul",
    "fen", "gor", "hal", "jin", "mox", "tri"
  };
  private static final String[] WORDS = nouns();
  private static final String[] VERBS = {
    "build", "check", "close", "encode", "fetch", "flush", "load", "merge", "open", "parse",
    "read", "reset", "resolve", "scan", "send", "sort", "split", "store", "update", "write"
  };

  private GeneratedTree() {}

  private static String[] nouns() {
    Random r = new Random(SEED + 1);
    String[] out = new String[NOUNS];
    for (int i = 0; i < NOUNS; i++) {
      StringBuilder w = new StringBuilder();
      for (int k = 2 + r.nextInt(2); k > 0; k--) {
        w.append(SYLLABLES[r.nextInt(SYLLABLES.length)]);
      }
      out[i] = w.append(i).toString();
    }
    return out;
  }

  /** A noun index skewed to the front: a few are common, most are rare. */
  private static String noun(Random r) {
    return WORDS[r.nextInt(r.nextInt(NOUNS) + 1)];
  }

  public static void main(String[] args) throws IOException {
    Path root = Path.of(args.length > 0 ? args[0] : "generated-tree");
    int files = args.length > 1 ? Integer.parseInt(args[1]) : 100_000;
    Random random = new Random(SEED);
    for (int i = 0; i < files; i++) {
      int dir = i / FILES_PER_DIRECTORY;
      Path d = root.resolve("pkg" + (dir / 100)).resolve("mod" + (dir % 100));
      if (i % FILES_PER_DIRECTORY == 0) {
        Files.createDirectories(d);
      }
      String[] exts = {"py", "java", "js"};
      String ext = exts[i % 3];
      Files.writeString(d.resolve("file" + i + "." + ext), body(random, i, ext),
          StandardCharsets.UTF_8);
    }
    System.out.println("wrote " + files + " files under " + root);
  }

  private static String body(Random r, int n, String ext) {
    StringBuilder sb = new StringBuilder();
    int functions = 3 + r.nextInt(6);
    if (ext.equals("java")) {
      sb.append("package gen.p").append(n / 1000).append(";\n\npublic class Gen").append(n)
          .append(" {\n");
    }
    for (int f = 0; f < functions; f++) {
      String name = VERBS[r.nextInt(VERBS.length)] + "_" + noun(r) + f;
      String arg = noun(r);
      switch (ext) {
        case "py" -> sb.append("def ").append(name).append("(").append(arg).append("):\n");
        case "java" -> sb.append("  Object ").append(name).append("(Object ").append(arg)
            .append(") {\n");
        default -> sb.append("function ").append(name).append("(").append(arg).append(") {\n");
      }
      int lines = 4 + r.nextInt(8);
      for (int l = 0; l < lines; l++) {
        String callee = VERBS[r.nextInt(VERBS.length)] + "_" + noun(r);
        sb.append("    ").append(noun(r)).append(l).append(" = ")
            .append(callee).append("(").append(arg).append(", ").append(r.nextInt(1000))
            .append(")").append(ext.equals("py") ? "" : ";").append('\n');
      }
      sb.append(ext.equals("py") ? "    return " + arg + "\n\n" : "    return " + arg + ";\n"
          + (ext.equals("java") ? "  }\n\n" : "}\n\n"));
    }
    if (ext.equals("java")) {
      sb.append("}\n");
    }
    return sb.toString();
  }
}
