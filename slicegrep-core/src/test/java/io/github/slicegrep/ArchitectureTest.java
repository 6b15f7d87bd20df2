package io.github.slicegrep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The core's shape, read from its sources: no import cycle among its packages, no class over
 * 500 lines, the pipeline independent of the facade and of the workspace, and front ends (CLI,
 * MCP server, hook) that use only the public API.
 *
 * <p>Each internal package is one node. The root package is the public API, used by every layer
 * for its values ({@link Options}, {@link Result}, {@link Chunk}...), so each of its classes is
 * a node of its own: {@code FocusedReader -> search -> Result} is a layering, while
 * {@code Result -> report -> Result} would be a cycle.
 */
class ArchitectureTest {
  private static final String BASE = "io.github.slicegrep";
  private static final Path CORE = Path.of("src/main/java/io/github/slicegrep");
  /** The largest source file the core keeps, in lines. */
  private static final int MAX_LINES = 500;
  /**
   * The front ends: thin modules over the public API; {@code server} is the resident server the
   * command line and the hook share, itself a front end of the core.
   */
  private static final List<String> FRONT_ENDS = List.of("cli", "mcp", "hook", "server");
  /** What a front end may use besides its own package and the API. */
  private static final String SHARED_FRONT_END = "server";

  private static final Pattern IMPORT =
      Pattern.compile("^import\\s+(?:static\\s+)?io\\.github\\.slicegrep\\.([\\w.]+);", Pattern.MULTILINE);
  private static final Pattern QUALIFIED =
      Pattern.compile("\\bio\\.github\\.slicegrep\\.((?:[a-z]\\w*\\.)*[A-Z]\\w*)");
  private static final Pattern COMMENTS =
      // A character literal first, so that '"' does not open a string running to the next one.
      Pattern.compile(
          "/\\*.*?\\*/|//[^\\n]*|'(?:\\\\.|[^'\\\\])'|\"(?:\\\\.|[^\"\\\\])*\"",
          Pattern.DOTALL);

  @Test
  void corePackagesHaveNoImportCycle() throws IOException {
    Map<String, Set<String>> graph = coreGraph();
    assertTrue(graph.size() > 15, "the core was read: " + graph.keySet());
    List<List<String>> cycles = cycles(graph);
    assertEquals(List.of(), cycles, "import cycles among the core's packages");
  }

  @Test
  void pipelineKnowsNeitherTheFacadeNorTheWorkspace() throws IOException {
    Map<String, Set<String>> graph = coreGraph();
    Set<String> search = graph.get("search");
    assertTrue(search != null && search.contains("query"), "the pipeline was read");
    for (String forbidden : List.of("workspace", "FocusedReader", "FocusedRead")) {
      assertTrue(!search.contains(forbidden), "search/ imports " + forbidden);
    }
    for (Map.Entry<String, Set<String>> e : graph.entrySet()) {
      if (!e.getKey().equals("FocusedRead") && !e.getKey().equals("FocusedReader")) {
        assertTrue(!e.getValue().contains("FocusedReader"), e.getKey() + " reaches up into the facade");
      }
    }
  }

  /**
   * A query is read once, by the facade, and every later stage takes the reading from there
   * (issue 20): only the query package itself and the facade refer to the parser.
   */
  @Test
  void onlyTheFacadeReadsTheQuery() throws IOException {
    List<String> readers = new ArrayList<>();
    for (Path file : javaFiles(CORE)) {
      String relative = CORE.relativize(file).toString().replace('\\', '/');
      if (relative.startsWith("query/")) {
        continue;
      }
      if (referencedTypes(Files.readString(file)).contains("query.QueryParser")) {
        readers.add(relative);
      }
    }
    assertEquals(List.of("FocusedReader.java"), readers, "classes that parse a query");
  }

  @Test
  void noCoreClassIsOverFiveHundredLines() throws IOException {
    Map<String, Integer> tooLong = new TreeMap<>();
    for (Path file : javaFiles(CORE)) {
      int lines = Files.readAllLines(file).size();
      if (lines > MAX_LINES) {
        tooLong.put(CORE.relativize(file).toString(), lines);
      }
    }
    assertEquals(Map.of(), tooLong, "core sources over " + MAX_LINES + " lines");
  }

  @Test
  void frontEndsUseOnlyThePublicApi() throws IOException {
    Map<String, List<String>> internal = new TreeMap<>();
    for (String module : FRONT_ENDS) {
      Path sources = Path.of("..", "slicegrep-" + module, "src/main/java");
      assertTrue(Files.isDirectory(sources), "front end sources at " + sources.toAbsolutePath());
      for (Path file : javaFiles(sources)) {
        for (String type : referencedTypes(Files.readString(file))) {
          String pkg = packageOf(type);
          if (!pkg.isEmpty() && !pkg.equals(module) && !pkg.equals(SHARED_FRONT_END)) {
            internal.computeIfAbsent(sources.relativize(file).toString(), k -> new ArrayList<>())
                .add(type);
          }
        }
      }
    }
    assertEquals(Map.of(), internal, "front ends importing internal packages");
  }

  /** The cycle finder itself finds a planted cycle and only that one. */
  @Test
  void aPlantedCycleIsFound() {
    Map<String, Set<String>> graph = new HashMap<>();
    graph.put("query", Set.of("Options"));
    graph.put("report", Set.of("Result", "Chunk"));
    graph.put("Result", Set.of("report"));
    graph.put("search", Set.of("query", "Result"));
    assertEquals(List.of(List.of("Result", "report")), cycles(graph));
  }

  /** Each core node and the nodes its sources reference. */
  private static Map<String, Set<String>> coreGraph() throws IOException {
    Map<String, Set<String>> graph = new TreeMap<>();
    for (Path file : javaFiles(CORE)) {
      String relative = CORE.relativize(file).toString().replace('\\', '/');
      String pkg = relative.contains("/") ? relative.substring(0, relative.indexOf('/')) : "";
      String self = pkg.isEmpty() ? relative.replace(".java", "") : pkg;
      if (self.equals("package-info")) {
        continue;
      }
      String code = Files.readString(file);
      Set<String> out = graph.computeIfAbsent(self, k -> new TreeSet<>());
      for (String type : referencedTypes(code)) {
        out.add(node(type));
      }
      if (pkg.isEmpty()) { // root classes name each other without imports
        for (Path other : javaFiles(CORE)) {
          String name = other.getFileName().toString().replace(".java", "");
          if (other.getParent().equals(CORE) && !name.equals(self) && !name.equals("package-info")
              && Pattern.compile("\\b" + name + "\\b").matcher(strip(code)).find()) {
            out.add(name);
          }
        }
      }
      out.remove(self);
    }
    return graph;
  }

  /** {@code search.Pipeline} -> {@code search}; {@code Result} -> {@code Result}. */
  private static String node(String type) {
    String pkg = packageOf(type);
    return pkg.isEmpty() ? type.split("\\.")[0] : pkg;
  }

  /** The first segment when it is a package (lower case), else empty (the root package). */
  private static String packageOf(String type) {
    String first = type.split("\\.")[0];
    return Character.isLowerCase(first.charAt(0)) ? first : "";
  }

  /** Types of the project that {@code code} imports or names in full, below {@code BASE}. */
  private static Set<String> referencedTypes(String code) {
    Set<String> out = new TreeSet<>();
    Matcher m = IMPORT.matcher(code);
    while (m.find()) {
      out.add(m.group(1));
    }
    Matcher q = QUALIFIED.matcher(strip(code));
    while (q.find()) {
      out.add(q.group(1));
    }
    out.removeIf(t -> t.startsWith("package-info"));
    return out;
  }

  private static String strip(String code) {
    String body = code.replaceAll("(?m)^(package|import) [^;]*;", "");
    return COMMENTS.matcher(body).replaceAll(" ");
  }

  /** The strongly connected components of more than one node, each sorted, in sorted order. */
  static List<List<String>> cycles(Map<String, Set<String>> graph) {
    Map<String, Integer> index = new HashMap<>();
    Map<String, Integer> low = new HashMap<>();
    Deque<String> stack = new ArrayDeque<>();
    Set<String> onStack = new TreeSet<>();
    List<List<String>> out = new ArrayList<>();
    int[] counter = {0};
    for (String v : new TreeSet<>(graph.keySet())) {
      if (!index.containsKey(v)) {
        connect(v, graph, index, low, stack, onStack, out, counter);
      }
    }
    out.sort((a, b) -> a.toString().compareTo(b.toString()));
    return out;
  }

  private static void connect(
      String v, Map<String, Set<String>> graph, Map<String, Integer> index,
      Map<String, Integer> low, Deque<String> stack, Set<String> onStack,
      List<List<String>> out, int[] counter) {
    index.put(v, counter[0]);
    low.put(v, counter[0]++);
    stack.push(v);
    onStack.add(v);
    for (String w : graph.getOrDefault(v, Set.of())) {
      if (!index.containsKey(w)) {
        connect(w, graph, index, low, stack, onStack, out, counter);
        low.put(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.contains(w)) {
        low.put(v, Math.min(low.get(v), index.get(w)));
      }
    }
    if (low.get(v).equals(index.get(v))) {
      List<String> component = new ArrayList<>();
      String w;
      do {
        w = stack.pop();
        onStack.remove(w);
        component.add(w);
      } while (!w.equals(v));
      if (component.size() > 1) {
        component.sort(null);
        out.add(component);
      }
    }
  }

  private static List<Path> javaFiles(Path root) throws IOException {
    try (Stream<Path> s = Files.walk(root)) {
      return s.filter(p -> p.toString().endsWith(".java")).sorted().toList();
    }
  }
}
