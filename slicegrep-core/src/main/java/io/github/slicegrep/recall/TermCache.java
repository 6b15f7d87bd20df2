package io.github.slicegrep.recall;

import java.util.function.Function;

/**
 * The terms of each identifier met, remembered: code repeats its names endlessly, and
 * splitting, lower-casing and stemming every occurrence again was most of the time a cold
 * question spent analysing files. Owned by a reader, like its other caches; it stops growing at
 * {@link #KEPT} names, past which names are analysed each time (only slower). Thread-safe.
 *
 * <p>An identifier is looked up by its characters where it stands in a line ({@link #entry}),
 * so that a name met before costs neither a new string nor hashing one: a first question on a
 * large tree looks up every distinct name of every file it counts (django: about a million
 * look-ups), and making a string of each, hashing it and probing a general map was a fifth of
 * its Java time. Reads take no lock: an entry is immutable and reached through final fields, so
 * a thread that sees it in a slot sees it whole, and one that sees the slot empty (or an older
 * table) looks again under the lock before adding.
 */
public final class TermCache implements Function<String, String[]> {
  /** Distinct identifiers whose terms are kept (a large project has tens of thousands). */
  static final int KEPT = 200_000;

  /**
   * An identifier with the hash of its characters and its terms. Immutable: its fields are
   * final, so a thread that reads it from a slot without a lock sees them set.
   */
  record Entry(String identifier, int hash, String[] terms) {}

  /** Open-addressed by hash, at most half full; replaced whole when it grows. */
  private volatile Entry[] table = new Entry[1 << 10];
  /** Entries in {@link #table}; guarded by this. */
  private int size;

  /** The terms of {@code identifier}, as {@link Terms} analyses it. */
  @Override
  public String[] apply(String identifier) {
    return entry(identifier, 0, identifier.length(), identifier.hashCode()).terms();
  }

  /**
   * The entry of the identifier {@code text[start, end)}, whose hash ({@link String#hashCode}
   * of those characters) the caller worked out while reading it.
   */
  Entry entry(String text, int start, int end, int hash) {
    Entry known = find(table, text, start, end, hash);
    if (known != null) {
      return known;
    }
    String identifier = text.substring(start, end);
    return add(new Entry(identifier, hash, Terms.termsOf(identifier)));
  }

  /** The kept entry of the same identifier if another thread added it meanwhile. */
  private synchronized Entry add(Entry fresh) {
    Entry[] t = table;
    String name = fresh.identifier();
    Entry known = find(t, name, 0, name.length(), fresh.hash());
    if (known != null) {
      return known;
    }
    if (size >= KEPT) {
      return fresh;
    }
    if ((size + 1) * 2 > t.length) {
      t = grown(t);
    }
    t[emptySlot(t, fresh.hash())] = fresh;
    size++;
    table = t;
    return fresh;
  }

  private static Entry find(Entry[] t, String text, int start, int end, int hash) {
    int mask = t.length - 1;
    int length = end - start;
    for (int slot = spread(hash) & mask; ; slot = (slot + 1) & mask) {
      Entry e = t[slot];
      if (e == null) {
        return null;
      }
      if (e.hash() == hash
          && e.identifier().length() == length
          && e.identifier().regionMatches(0, text, start, length)) {
        return e;
      }
    }
  }

  private static Entry[] grown(Entry[] t) {
    Entry[] out = new Entry[t.length * 2];
    for (Entry e : t) {
      if (e != null) {
        out[emptySlot(out, e.hash())] = e;
      }
    }
    return out;
  }

  private static int emptySlot(Entry[] t, int hash) {
    int mask = t.length - 1;
    int slot = spread(hash) & mask;
    while (t[slot] != null) {
      slot = (slot + 1) & mask;
    }
    return slot;
  }

  /** Mixes the high bits in: string hashes of short names differ mostly in their low bits. */
  static int spread(int hash) {
    int h = hash * 0x9E3779B9;
    return h ^ (h >>> 16);
  }
}
