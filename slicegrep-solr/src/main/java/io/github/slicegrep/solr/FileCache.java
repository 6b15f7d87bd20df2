package io.github.slicegrep.solr;

import io.github.slicegrep.source.SourceFile;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The files a searcher has rebuilt from the cluster, by name and content hash, least recently
 * used dropped first past a bound on their characters: a host that searches again (an MCP
 * server, the bench) fetches and parses only files it has not seen at that hash. Thread-safe.
 */
final class FileCache {
  /** About 128 MB of text (two bytes a character) kept by default. */
  static final long DEFAULT_MAX_CHARS = 64L * 1024 * 1024;

  private record Entry(String hash, SourceFile file, long chars) {}

  private final long maxChars;
  private final Consumer<SourceFile> onDrop;
  private final LinkedHashMap<String, Entry> entries = new LinkedHashMap<>(256, 0.75f, true);
  private long chars;

  /**
   * A cache of at most {@code maxChars} characters of text.
   *
   * @param onDrop told of each file dropped or replaced, to forget what was derived from it
   */
  FileCache(long maxChars, Consumer<SourceFile> onDrop) {
    this.maxChars = maxChars;
    this.onDrop = onDrop;
  }

  /** The file {@code name} as kept, if it was kept at {@code hash}. */
  synchronized Optional<SourceFile> get(String name, String hash) {
    Entry e = entries.get(name);
    return e != null && e.hash().equals(hash) ? Optional.of(e.file()) : Optional.empty();
  }

  /** Keeps {@code file} as {@code name} at {@code hash}, dropping the oldest past the bound. */
  synchronized void put(String name, String hash, SourceFile file) {
    long size = 0;
    for (String line : file.lines()) {
      size += line.length() + 1;
    }
    Entry before = entries.put(name, new Entry(hash, file, size));
    if (before != null) {
      chars -= before.chars();
      onDrop.accept(before.file());
    }
    chars += size;
    Iterator<Map.Entry<String, Entry>> oldest = entries.entrySet().iterator();
    while (chars > maxChars && oldest.hasNext()) {
      Entry e = oldest.next().getValue();
      if (e.file() == file) {
        break;
      }
      oldest.remove();
      chars -= e.chars();
      onDrop.accept(e.file());
    }
  }
}
