package io.github.slicegrep.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.slicegrep.IndexCache;
import io.github.slicegrep.SlicegrepException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** {@code slicegrep --index status|clear}: what the persistent index holds, and emptying it. */
final class IndexCommand {
  private final PrintWriter out;
  private final PrintWriter err;
  private final boolean json;
  private final Map<String, String> env;

  IndexCommand(PrintWriter out, PrintWriter err, boolean json, Map<String, String> env) {
    this.out = out;
    this.err = err;
    this.json = json;
    this.env = env;
  }

  /**
   * Runs {@code action}.
   *
   * @return {@link SlicegrepCommand#EXIT_MATCH} when done
   * @throws SlicegrepException when the action is unknown, or clear finds indexes switched off
   */
  int run(String action) {
    Optional<Path> directory = IndexCache.directory(env);
    switch (action) {
      case "status":
        if (directory.isEmpty()) {
          Map<String, Object> off = new LinkedHashMap<>();
          off.put("directory", null);
          print(off, "persistent index: off (SLICEGREP_INDEX=off)\n");
        } else {
          status(IndexCache.status(directory.get(), env));
        }
        break;
      case "clear":
        Path dir = directory.orElseThrow(() -> new SlicegrepException(
            "the persistent index is switched off (SLICEGREP_INDEX=off): no directory to clear"));
        clear(dir, IndexCache.clear(dir));
        break;
      default:
        throw new SlicegrepException(
            "unknown --index action '" + action + "': use status or clear");
    }
    out.flush();
    return SlicegrepCommand.EXIT_MATCH;
  }

  private void status(IndexCache.Status s) {
    s.limitProblem().ifPresent(p -> {
      err.println("slicegrep: warning: " + p);
      err.flush();
    });
    StringBuilder text = new StringBuilder();
    text.append("index directory: ").append(s.directory()).append('\n');
    text.append("limit: ").append(size(s.limitBytes()))
        .append(" (SLICEGREP_INDEX_MAX_MB; least recently used roots are evicted above it)\n");
    text.append("indexed roots: ").append(s.roots().size()).append(", total ")
        .append(size(s.totalBytes())).append('\n');
    List<Map<String, Object>> roots = new ArrayList<>();
    if (!s.roots().isEmpty()) {
      text.append(String.format(Locale.ROOT, "%n  %-20s  %10s  %5s  %s%n",
          "last used (UTC)", "size", "files", "root"));
    }
    for (IndexCache.Root r : s.roots()) {
      String root = r.root() == null ? "(unknown)" : r.root().toString();
      String used = r.lastUsed().truncatedTo(ChronoUnit.SECONDS).toString();
      text.append(String.format(Locale.ROOT, "  %-20s  %10s  %5d  %s%n",
          used, size(r.bytes()), r.files(), root));
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("root", r.root() == null ? null : r.root().toString());
      m.put("bytes", r.bytes());
      m.put("files", r.files());
      m.put("last_used", used);
      roots.add(m);
    }
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("directory", s.directory().toString());
    m.put("limit_bytes", s.limitBytes());
    m.put("limit_problem", s.limitProblem().orElse(null));
    m.put("total_bytes", s.totalBytes());
    m.put("roots", roots);
    print(m, text.toString());
  }

  private void clear(Path dir, IndexCache.Cleared c) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("directory", dir.toString());
    m.put("files", c.files());
    m.put("bytes", c.bytes());
    m.put("in_flight", c.inFlight());
    String text = "cleared " + dir + ": " + c.files() + " file(s), " + size(c.bytes())
        + (c.inFlight() == 0 ? ""
            : "; " + c.inFlight() + " file(s) being written by running searches left to them")
        + "\n";
    print(m, text);
  }

  private void print(Map<String, Object> asJson, String asText) {
    if (!json) {
      out.print(asText);
      return;
    }
    try {
      out.print(new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(asJson)
          + "\n");
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Bytes as a person reads them: B, KiB, MiB or GiB. */
  static String size(long bytes) {
    if (bytes < 1024) {
      return bytes + " B";
    }
    String[] units = {"KiB", "MiB", "GiB", "TiB"};
    double v = bytes / 1024.0;
    int u = 0;
    while (v >= 1024 && u < units.length - 1) {
      v /= 1024;
      u++;
    }
    return String.format(Locale.ROOT, "%.1f %s", v, units[u]);
  }
}
