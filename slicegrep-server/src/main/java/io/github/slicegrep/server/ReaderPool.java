package io.github.slicegrep.server;

import io.github.slicegrep.FocusedReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The server's readers: a watching {@link FocusedReader} per searched root (and index
 * directory), the least recently used closed when there are more than {@link #MAX_READERS}.
 * One reader per root keeps each tree's files, watch and tree filter together, and bounds what
 * the server holds by the number of trees searched lately rather than by all it ever saw.
 */
public final class ReaderPool implements AutoCloseable {
  /**
   * Readers kept: an agent works in one project at a time, sometimes two or three. Each keeps
   * at most 256 Mi characters of text and one inotify instance.
   */
  public static final int MAX_READERS = 4;

  private record Key(Path root, @Nullable Path indexDirectory) {}

  private final Map<Key, FocusedReader> readers = new LinkedHashMap<>(16, 0.75f, true);
  private boolean closed;

  /**
   * The reader for searches below {@code root}.
   *
   * @param root the searched directory, or the directory of a searched file (absolute)
   * @param indexDirectory where its persistent index lives, or null for none
   * @return a watching reader, made on first use
   */
  public synchronized FocusedReader reader(Path root, @Nullable Path indexDirectory) {
    Key key = new Key(root.toAbsolutePath().normalize(), indexDirectory);
    FocusedReader r = readers.get(key);
    if (r != null) {
      return r;
    }
    r = indexDirectory == null
        ? FocusedReader.watching()
        : FocusedReader.watchingWithIndex(indexDirectory);
    if (closed) {
      r.close(); // still searches, stat-ing every file; it only watches nothing
      return r;
    }
    readers.put(key, r);
    while (readers.size() > MAX_READERS) {
      Map.Entry<Key, FocusedReader> eldest = readers.entrySet().iterator().next();
      readers.remove(eldest.getKey());
      // A search still running on it goes on, stat-ing every file.
      eldest.getValue().close();
    }
    return r;
  }

  /**
   * The roots held, most recently used last, for {@code --server status}.
   *
   * @return a line per reader
   */
  public synchronized List<String> describe() {
    List<String> out = new ArrayList<>();
    for (Key k : readers.keySet()) {
      out.add(k.root() + (k.indexDirectory() == null ? " (no index)"
          : " (index " + Objects.requireNonNull(k.indexDirectory()) + ")"));
    }
    return out;
  }

  /** Closes every reader. */
  @Override
  public synchronized void close() {
    closed = true;
    for (FocusedReader r : readers.values()) {
      r.close();
    }
    readers.clear();
  }
}
