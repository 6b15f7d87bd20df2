package io.github.slicegrep.outline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.slicegrep.Boundary;
import io.github.slicegrep.FocusedRead;
import io.github.slicegrep.Result;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Grammars load only for the languages a search meets, seen from outside: a fresh JVM runs a
 * {@code --boundary fn} search over a tree of plain Python, Java, JavaScript and TypeScript,
 * whose files the token scans outline, and its class-loading log must show no grammar class and
 * (on Linux, from {@code /proc/self/maps}) no grammar's native library mapped; searching a tree
 * of Scala, Swift, Elixir, Haskell, Dart, OCaml and Lua files must then load exactly those six
 * grammars (so the checks do see grammars when they load), a tab-indented Python file, left to
 * the parser, the Python grammar, a Java file with a unicode escape in its code, left to the
 * parser, Java's, and a JavaScript file holding JSX the scan does not read, left to the
 * parser, JavaScript's.
 */
class LazyGrammarsTest {
  private static final Pattern GRAMMAR_CLASS =
      Pattern.compile("\\borg\\.treesitter\\.(TreeSitter[A-Z]\\w*)\\b");
  /** A grammar's native library as the JNI loader names its temporary copy. */
  private static final Pattern GRAMMAR_NATIVE =
      Pattern.compile("tree-sitter-([a-z-]+?)\\.(?:so|dylib|dll)");
  private static final String SEARCHED = "== searched ";
  private static final String NATIVE = "== native ";
  private static final Path MAPS = Path.of("/proc/self/maps");

  /** Runs one search per argument directory, printing the natives mapped and a marker after each. */
  public static void main(String[] args) throws IOException {
    for (String dir : args) {
      Result result = FocusedRead.run(Path.of(dir), "score", 0, Boundary.FN);
      if (Files.isReadable(MAPS)) {
        for (String line : Files.readAllLines(MAPS)) {
          Matcher m = GRAMMAR_NATIVE.matcher(line);
          if (m.find()) {
            System.out.println(NATIVE + m.group(1));
          }
        }
      }
      System.out.println(SEARCHED + result.chunks().size());
    }
  }

  @Test
  void grammarsLoadOnlyForTheFilesThatNeedTheParser(@TempDir Path tmp) throws Exception {
    Path plain = Files.createDirectories(tmp.resolve("plain"));
    Files.writeString(plain.resolve("scorer.py"), "def score(q):\n    return len(q)\n");
    Files.writeString(plain.resolve("util.py"), "def helper(x):\n    return score(x)\n");
    Files.writeString(plain.resolve("Scorer.java"),
        "/** Scores. */\nclass Scorer {\n  int score(String q) {\n"
            + "    return q.length();\n  }\n}\n");
    Files.writeString(plain.resolve("scorer.js"),
        "// Scores.\nexport function score(q) {\n  return q.length / 2\n}\n"
            + "exports.rank = (q) => score(q)\n");
    Files.writeString(plain.resolve("ranker.ts"),
        "export interface Ranker {\n  score(q: string): number;\n}\n"
            + "export const rank = <T,>(q: T): number => score(String(q));\n");
    Path mixed = Files.createDirectories(tmp.resolve("mixed"));
    for (String fixture : List.of(
        "Scorer.scala", "Scorer.swift", "scorer.ex", "Scorer.hs", "scorer.dart", "scorer.ml",
        "scorer.lua")) {
      Files.writeString(mixed.resolve(fixture), String.join("\n", Fixtures.load(fixture).lines()));
    }

    // Tabs in its indentation leave a Python file to the parser (PythonOutliner is unsure).
    Path tabs = Files.createDirectories(tmp.resolve("tabs"));
    Files.writeString(
        tabs.resolve("scorer.py"), "class Scorer:\n\tdef score(q):\n\t\treturn 1\n");

    // A unicode escape outside a literal leaves a Java file to the parser (JavaOutliner is unsure).
    Path escaped = Files.createDirectories(tmp.resolve("escaped"));
    Files.writeString(escaped.resolve("Scorer.java"),
        "class Scorer {\n  int \\u0073core(String q) {\n    return 1;\n  }\n}\n");

    // A bare `>` in JSX text leaves a JavaScript file to the parser (EcmascriptOutliner is
    // unsure: tree-sitter reads it as an error).
    Path jsx = Files.createDirectories(tmp.resolve("jsx"));
    Files.writeString(jsx.resolve("score.jsx"),
        "export function score(q) {\n  return <b>{q} > 0</b>\n}\n");

    List<Loaded> perSearch = loadedGrammars(plain, mixed, tabs, escaped, jsx);

    assertEquals(
        List.of(), perSearch.get(0).classes(),
        "plain Python, Java, JavaScript and TypeScript need no parser");
    assertEquals(
        List.of("TreeSitterDart", "TreeSitterElixir", "TreeSitterHaskell", "TreeSitterOcaml",
            "TreeSitterScala", "TreeSitterSwift"),
        perSearch.get(1).classes());
    assertEquals(List.of("TreeSitterPython"), perSearch.get(2).classes());
    assertEquals(List.of("TreeSitterJava"), perSearch.get(3).classes());
    assertEquals(List.of("TreeSitterJavascript"), perSearch.get(4).classes());
    if (Files.isReadable(MAPS)) {
      assertEquals(List.of(), perSearch.get(0).natives());
      assertEquals(
          List.of("dart", "elixir", "haskell", "ocaml", "scala", "swift"),
          perSearch.get(1).natives());
      assertEquals(
          List.of("dart", "elixir", "haskell", "ocaml", "python", "scala", "swift"),
          perSearch.get(2).natives());
      assertEquals(
          List.of("dart", "elixir", "haskell", "java", "ocaml", "python", "scala", "swift"),
          perSearch.get(3).natives());
      assertEquals(
          List.of("dart", "elixir", "haskell", "java", "javascript", "ocaml", "python", "scala",
              "swift"),
          perSearch.get(4).natives());
    }
  }

  /**
   * What had loaded by the end of one search.
   *
   * @param classes grammar classes loaded during that search
   * @param natives grammar native libraries mapped in the process by its end
   */
  private record Loaded(List<String> classes, List<String> natives) {}

  /** What each search loaded, in a child JVM with class-load logging. */
  private static List<Loaded> loadedGrammars(Path... dirs)
      throws IOException, InterruptedException {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    List<String> command = new ArrayList<>(List.of(
        java.toString(), "-Xlog:class+load=info", "-cp", System.getProperty("java.class.path"),
        LazyGrammarsTest.class.getName()));
    for (Path dir : dirs) {
      command.add(dir.toString());
    }
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(process.waitFor(2, TimeUnit.MINUTES), "child JVM did not finish");
    assertEquals(0, process.exitValue(), output);

    List<Loaded> perSearch = new ArrayList<>();
    TreeSet<String> classes = new TreeSet<>();
    TreeSet<String> natives = new TreeSet<>();
    for (String line : output.split("\n")) {
      if (line.startsWith(SEARCHED)) {
        perSearch.add(new Loaded(List.copyOf(classes), List.copyOf(natives)));
        classes.clear();
        natives.clear();
      } else if (line.startsWith(NATIVE)) {
        natives.add(line.substring(NATIVE.length()).strip());
      } else {
        Matcher m = GRAMMAR_CLASS.matcher(line);
        if (m.find()) {
          classes.add(m.group(1));
        }
      }
    }
    assertEquals(dirs.length, perSearch.size(), output);
    return perSearch;
  }
}
