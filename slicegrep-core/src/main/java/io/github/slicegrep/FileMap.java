package io.github.slicegrep;

import com.google.common.collect.ImmutableList;
import io.github.slicegrep.outline.Definition;
import io.github.slicegrep.outline.Outline;
import io.github.slicegrep.outline.Outliners;
import io.github.slicegrep.source.SourceFile;
import io.github.slicegrep.source.SourceReader;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A map of one file: each definition on one line with the 1-based line number that names it,
 * indented by nesting, so an agent can see a file's shape and read exact ranges of it.
 *
 * <pre>{@code
 * FileMap.of(Path.of("src/rank/scorer.py")).render();
 * // 12  class Scorer:
 * // 18    def score(
 * // 24      def normalise(value):
 * }</pre>
 *
 * <p>Line numbers are the editor's (and the Read tool's). Immutable.
 */
public final class FileMap {
  /**
   * Entries shown by {@link #render()}: about 1,500 tokens of map, a fraction of the hook's
   * budget, and more than most files have.
   */
  public static final int DEFAULT_MAX_ENTRIES = 120;

  /** Header text kept per entry; long signatures are cut with an ellipsis. */
  public static final int MAX_ENTRY_CHARS = 120;

  private static final int INDENT_PER_LEVEL = 2;

  /**
   * One definition in the map.
   *
   * @param line the 1-based line that names it (where the map points)
   * @param startLine its first line, decorators, annotations and doc comment included
   * @param endLine its last line
   * @param depth how many definitions enclose it (0 at top level)
   * @param kind what it is: {@code class}, {@code method}, {@code function}, {@code struct}...
   * @param qualifiedName its name with the enclosing definitions' ({@code Scorer.score})
   * @param text its header line, stripped and capped at {@link #MAX_ENTRY_CHARS}
   */
  public record Entry(
      int line, int startLine, int endLine, int depth, String kind, String qualifiedName,
      String text) {}

  private final String path;
  private final int lineCount;
  private final ImmutableList<Entry> entries;

  /**
   * Order in which entries survive the cap: fewest enclosing functions first (a class member
   * before a helper nested in a function), then shallowest, then earliest.
   */
  private final ImmutableList<Entry> byImportance;

  private FileMap(String path, int lineCount, List<Entry> entries, List<Integer> functionDepths) {
    this.path = path;
    this.lineCount = lineCount;
    this.entries = ImmutableList.copyOf(entries);
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < entries.size(); i++) {
      order.add(i);
    }
    order.sort(
        Comparator.<Integer>comparingInt(functionDepths::get)
            .thenComparingInt(i -> entries.get(i).depth())
            .thenComparingInt(i -> entries.get(i).line()));
    this.byImportance = ImmutableList.copyOf(order.stream().map(entries::get).toList());
  }

  /**
   * The map of a file already read.
   *
   * @param file the decoded file
   * @return its definitions with their lines
   */
  public static FileMap of(SourceFile file) {
    return of(file, Outliners.standard().outline(file));
  }

  /**
   * The map of a file from an outline already computed for it.
   *
   * @param file the decoded file
   * @param outline its definitions
   * @return the map
   */
  public static FileMap of(SourceFile file, Outline outline) {
    List<Entry> entries = new ArrayList<>();
    List<Integer> functionDepths = new ArrayList<>();
    Deque<Definition> open = new ArrayDeque<>();
    for (Definition d : outline.definitions()) {
      while (!open.isEmpty() && open.peek().endLine() < d.headerLine()) {
        open.pop();
      }
      entries.add(
          new Entry(
              d.headerLine(), d.startLine(), d.endLine(), open.size(), d.kind().label(),
              d.qualifiedName(), headerText(file, d.headerLine())));
      functionDepths.add((int) open.stream().filter(o -> !o.kind().isContainer()).count());
      open.push(d);
    }
    return new FileMap(file.relativePath(), file.lineCount(), entries, functionDepths);
  }

  /**
   * Reads and maps a file.
   *
   * @param path the file
   * @return its definitions with their lines
   * @throws SlicegrepException when the path is missing, unreadable, binary or over the size cap
   */
  public static FileMap of(Path path) {
    SourceReader.Outcome outcome =
        SourceReader.read(path, String.valueOf(path.getFileName()), Options.DEFAULT_MAX_FILE_BYTES);
    if (outcome instanceof SourceReader.Skipped skipped) {
      throw new SlicegrepException(
          String.format("cannot map %s: it %s", path, skipped.reason().description()));
    }
    return of(((SourceReader.Loaded) outcome).file());
  }

  /**
   * The mapped file's path as it was given.
   *
   * @return the path, relative to the searched root in a search
   */
  public String path() {
    return path;
  }

  /**
   * The file's length.
   *
   * @return its number of lines, as an editor counts them
   */
  public int lineCount() {
    return lineCount;
  }

  /**
   * All entries in line order, uncapped.
   *
   * @return the entries
   */
  public List<Entry> entries() {
    return entries;
  }

  /**
   * The map as ordered maps and lists: {@code file}, {@code lines}, and {@code definitions},
   * the first {@code maxEntries} entries in line order, each {@code line}, {@code line_start},
   * {@code line_end}, {@code depth}, {@code kind}, {@code name} (qualified), {@code text}.
   *
   * @param maxEntries entries listed at most (0 or less lists none)
   * @return the map
   */
  public Map<String, Object> toMap(int maxEntries) {
    List<Map<String, Object>> definitions = new ArrayList<>();
    for (Entry e : entries.subList(0, Math.min(entries.size(), Math.max(0, maxEntries)))) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("line", e.line());
      m.put("line_start", e.startLine());
      m.put("line_end", e.endLine());
      m.put("depth", e.depth());
      m.put("kind", e.kind());
      m.put("name", e.qualifiedName());
      m.put("text", e.text());
      definitions.add(m);
    }
    Map<String, Object> map = new LinkedHashMap<>();
    map.put("file", path);
    map.put("lines", lineCount);
    map.put("definitions", definitions);
    return map;
  }

  /**
   * The map as text, at most {@link #DEFAULT_MAX_ENTRIES} entries.
   *
   * @return the rendered map; empty when the file has no definitions
   */
  public String render() {
    return render(DEFAULT_MAX_ENTRIES);
  }

  /**
   * The map as text: one line per entry ({@code <line>  <indent><header>}), line numbers right
   * aligned. Over {@code maxEntries}, the shallowest entries are kept (top-level definitions and
   * class members before nested helpers) and a last line says how many were left out. Empty when
   * the file has no definitions.
   *
   * @param maxEntries entries shown at most, more than 0
   * @return the rendered map
   * @throws SlicegrepException when {@code maxEntries} is not positive
   */
  public String render(int maxEntries) {
    SlicegrepException.check(maxEntries > 0, "maxEntries must be > 0, got %s", maxEntries);
    List<Entry> shown = entries;
    if (entries.size() > maxEntries) {
      shown =
          byImportance.stream()
              .limit(maxEntries)
              .sorted(Comparator.comparingInt(Entry::line).thenComparingInt(Entry::depth))
              .toList();
    }
    int width = shown.isEmpty() ? 1 : String.valueOf(shown.get(shown.size() - 1).line()).length();
    StringBuilder out = new StringBuilder();
    for (Entry e : shown) {
      String number = String.valueOf(e.line());
      out.append(" ".repeat(width - number.length()))
          .append(number)
          .append("  ")
          .append(" ".repeat(INDENT_PER_LEVEL * e.depth()))
          .append(e.text())
          .append('\n');
    }
    int hidden = entries.size() - shown.size();
    if (hidden > 0) {
      out.append("... ")
          .append(hidden)
          .append(" more definition")
          .append(hidden == 1 ? "" : "s")
          .append(" not shown\n");
    }
    return out.toString();
  }

  private static String headerText(SourceFile file, int line) {
    String text = file.line(line).strip();
    if (text.length() > MAX_ENTRY_CHARS) {
      return text.substring(0, MAX_ENTRY_CHARS - 3) + "...";
    }
    return text;
  }

  @Override
  public String toString() {
    return "FileMap[" + path + ", " + entries.size() + " definitions]";
  }
}
