package io.github.slicegrep.mcp;

import io.github.slicegrep.Chunk;
import io.github.slicegrep.Omission;
import io.github.slicegrep.Result;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What this server session has already sent: a chunk whose lines were all sent before, from
 * the same version of its file, is named in a later call instead of sent again, and the budget
 * it would have taken goes to the next best chunk. Lines rather than whole chunks are
 * remembered because a slice's cut depends on the budget it was packed under: a chunk sent
 * whole, or the same lines cut a little differently, is still already in the agent's context.
 * Per server process (one MCP session), bounded (least recently used files first out), and a
 * file's lines are forgotten once the file changes on disk. Thread-safe.
 */
final class SessionMemory {
  /** Files remembered at once. */
  static final int MAX_FILES = 1024;
  /** Sent ranges remembered per file; the oldest go first. */
  static final int MAX_RANGES_PER_FILE = 256;

  /** Lines sent of one file in one call. */
  private record Range(int start, int end, int call) {}

  /** What was sent of one version of a file (its size and modification time). */
  private record FileSent(long size, long modifiedMillis, List<Range> ranges) {
    boolean isVersion(BasicFileAttributes a) {
      return a.size() == size && a.lastModifiedTime().toMillis() == modifiedMillis;
    }
  }

  /**
   * A chunk of this call's result already sent in an earlier one.
   *
   * @param chunk the chunk as this call found it
   * @param call the number of the call that sent its first line (1 for the session's first)
   */
  record Shown(Chunk chunk, int call) {}

  /**
   * One call's answer with the repeats taken out.
   *
   * @param result the result to send: new chunks only, within the budget
   * @param shown the chunks named instead of sent, best first
   */
  record Answer(Result result, List<Shown> shown) {}

  private final Map<Path, FileSent> sent =
      new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Path, FileSent> eldest) {
          return size() > MAX_FILES;
        }
      };
  private int calls;

  /** Numbers a new call. */
  synchronized int beginCall() {
    return ++calls;
  }

  /** Tokens of the chunks in {@code result} that this session has already sent. */
  synchronized int repeatedTokens(Path searched, Result result) {
    int tokens = 0;
    for (Chunk c : result.chunks()) {
      if (sentIn(searched, c) != null) {
        tokens += c.tokens();
      }
    }
    return tokens;
  }

  /**
   * {@code result} without the chunks already sent: those are named, and new chunks fill
   * {@code budget} in the result's order; the new chunks that no longer fit are listed first
   * among the omitted regions (they rank above the ones the search left out).
   *
   * @param searched the path the search was given (chunk paths are relative to it)
   * @param result the result of a search, possibly with a widened budget
   * @param budget the budget the caller asked for (0 = unlimited)
   */
  synchronized Answer withoutRepeats(Path searched, Result result, int budget) {
    List<Chunk> fresh = new ArrayList<>();
    List<Shown> shown = new ArrayList<>();
    List<Omission> omitted = new ArrayList<>();
    int used = 0;
    for (Chunk c : result.chunks()) {
      Integer call = sentIn(searched, c);
      if (call != null) {
        shown.add(new Shown(c, call));
      } else if (budget == 0 || used + c.tokens() <= budget) {
        fresh.add(c);
        used += c.tokens();
      } else {
        omitted.add(new Omission(c.file(), c.lineStart(), c.lineEnd(), c.tokens(), c.score(),
            c.rankReasons(), Omission.BUDGET));
      }
    }
    omitted.addAll(result.omitted());
    int omittedTokens = omitted.stream().mapToInt(Omission::tokens).sum();
    Result trimmed =
        new Result(result.searched(), result.directory(), result.query(), result.readAs(), fresh,
            result.negativeEvidence(), used, result.filesSearched(), result.filesMatched(),
            budget, result.deduped(), omitted, omittedTokens, result.files(),
            result.omittedMore());
    return new Answer(trimmed, shown);
  }

  /** Remembers the lines {@code result} sends in call {@code call}. */
  synchronized void remember(Path searched, Result result, int call) {
    for (Chunk c : result.chunks()) {
      Path file = fileOf(searched, c);
      BasicFileAttributes a = attributes(file);
      if (a == null) {
        continue;
      }
      FileSent known = sent.get(file);
      if (known == null || !known.isVersion(a)) {
        known = new FileSent(a.size(), a.lastModifiedTime().toMillis(), new ArrayList<>());
        sent.put(file, known);
      }
      known.ranges().add(new Range(c.lineStart(), c.lineEnd(), call));
      if (known.ranges().size() > MAX_RANGES_PER_FILE) {
        known.ranges().remove(0);
      }
    }
  }

  /**
   * The call that sent the first line of this chunk, when every one of its lines was sent
   * from the file as it is now; else null. A file changed since is forgotten whole: what an
   * agent saw of it may no longer be what is there.
   */
  private @Nullable Integer sentIn(Path searched, Chunk c) {
    Path file = fileOf(searched, c);
    FileSent known = sent.get(file);
    if (known == null) {
      return null;
    }
    BasicFileAttributes a = attributes(file);
    if (a == null || !known.isVersion(a)) {
      sent.remove(file);
      return null;
    }
    Integer first = null;
    int next = c.lineStart(); // the first line not yet known to be sent
    boolean grew = true;
    while (next <= c.lineEnd() && grew) {
      grew = false;
      for (Range r : known.ranges()) {
        if (r.start() <= next && next <= r.end()) {
          if (first == null) {
            first = r.call();
          }
          next = r.end() + 1;
          grew = true;
        }
      }
    }
    return next > c.lineEnd() ? first : null;
  }

  /** A chunk's file: its path is relative to a searched directory, or the searched file. */
  private static Path fileOf(Path searched, Chunk c) {
    Path base = searched.toAbsolutePath().normalize();
    return Files.isDirectory(base) ? base.resolve(c.file()).normalize() : base;
  }

  private static @Nullable BasicFileAttributes attributes(Path file) {
    try {
      return Files.readAttributes(file, BasicFileAttributes.class);
    } catch (IOException | SecurityException e) {
      return null;
    }
  }
}
