package io.github.slicegrep.recall;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * One file's terms gathered into postings, its identifiers read as {@link Terms#analyse} reads
 * them ({@link Terms#identifiers}), with the work done once per distinct identifier of the file
 * rather than once per occurrence. A file repeats its few hundred names thousands of times;
 * making a string of each occurrence, hashing it, and looking it and then each of its terms up
 * in general maps was most of the time a first question on a large tree spent on recall
 * (django: half of its Java time). Here an occurrence is found by its characters in a table of
 * the file's own identifiers (a name new to the file, by its characters in the reader's {@link
 * TermCache}), and its terms are numbered within the file, so that it costs one probe and an
 * array append per term. Used by one thread, once.
 */
final class PostingsBuilder {
  private final TermCache cache;
  /** Made once: a line's identifiers are fed to {@link #add}. */
  private final Terms.IdentifierSink sink = this::add;

  // The file's distinct identifiers, open-addressed by the String hash of their characters.
  private String[] identifiers = new String[256];
  private int[] hashes = new int[256];
  /** Each identifier's terms, as numbers within this file. */
  private int[][] numbered = new int[256][];
  private int identifierCount;

  // The file's distinct terms, numbered in order of first occurrence, and open-addressed by
  // hash (each slot holds a term's number plus one, 0 when free).
  private String[] terms = new String[64];
  private int termCount;
  private int[] termSlots = new int[128];

  /**
   * The number of the term at each position: one array grown now and then, sorted into exact
   * postings at the end, rather than a growing array for every term of the file.
   */
  private int[] sequence = new int[1024];
  private int position;

  PostingsBuilder(TermCache cache) {
    this.cache = cache;
  }

  /** Position the next term will take: the number of terms added so far. */
  int position() {
    return position;
  }

  /** Adds the terms of one line, in order. */
  void addLine(String text) {
    Terms.identifiers(text, sink);
  }

  private void add(String text, int start, int end, int hash) {
    int[] these = termsOf(text, start, end, hash);
    if (position + these.length > sequence.length) {
      sequence = Arrays.copyOf(sequence, Math.max(sequence.length * 2, position + these.length));
    }
    for (int term : these) {
      sequence[position++] = term;
    }
  }

  /** Each term's positions, ascending. */
  Map<String, int[]> postings() {
    int[] count = new int[termCount];
    for (int p = 0; p < position; p++) {
      count[sequence[p]]++;
    }
    int[][] at = new int[termCount][];
    for (int t = 0; t < termCount; t++) {
      at[t] = new int[count[t]];
      count[t] = 0;
    }
    for (int p = 0; p < position; p++) {
      int t = sequence[p];
      at[t][count[t]++] = p;
    }
    Map<String, int[]> out = new HashMap<>(termCount * 4 / 3 + 1);
    for (int t = 0; t < termCount; t++) {
      out.put(terms[t], at[t]);
    }
    return out;
  }

  /** The numbered terms of the identifier {@code text[start, end)}, whose hash is given. */
  private int[] termsOf(String text, int start, int end, int hash) {
    int mask = identifiers.length - 1;
    int length = end - start;
    for (int slot = TermCache.spread(hash) & mask; ; slot = (slot + 1) & mask) {
      String known = identifiers[slot];
      if (known == null) {
        TermCache.Entry entry = cache.entry(text, start, end, hash);
        int[] fresh = number(entry.terms());
        identifiers[slot] = entry.identifier();
        hashes[slot] = hash;
        numbered[slot] = fresh;
        if (++identifierCount * 2 > identifiers.length) {
          grow();
        }
        return fresh;
      }
      if (hashes[slot] == hash
          && known.length() == length
          && known.regionMatches(0, text, start, length)) {
        return numbered[slot];
      }
    }
  }

  private int[] number(String[] identifierTerms) {
    int[] out = new int[identifierTerms.length];
    for (int k = 0; k < out.length; k++) {
      out[k] = number(identifierTerms[k]);
    }
    return out;
  }

  /** The number of {@code term} in this file, given it on first sight. */
  private int number(String term) {
    int hash = term.hashCode();
    int mask = termSlots.length - 1;
    int slot = TermCache.spread(hash) & mask;
    for (int held; (held = termSlots[slot]) != 0; slot = (slot + 1) & mask) {
      String known = terms[held - 1];
      if (known == term || known.equals(term)) {
        return held - 1;
      }
    }
    int number = termCount++;
    if (number == terms.length) {
      terms = Arrays.copyOf(terms, number * 2);
    }
    terms[number] = term;
    termSlots[slot] = number + 1;
    if (termCount * 2 > termSlots.length) {
      termSlots = new int[termSlots.length * 2];
      int wider = termSlots.length - 1;
      for (int t = 0; t < termCount; t++) {
        int s = TermCache.spread(terms[t].hashCode()) & wider;
        while (termSlots[s] != 0) {
          s = (s + 1) & wider;
        }
        termSlots[s] = t + 1;
      }
    }
    return number;
  }

  private void grow() {
    String[] oldIdentifiers = identifiers;
    int[] oldHashes = hashes;
    int[][] oldNumbered = numbered;
    identifiers = new String[oldIdentifiers.length * 2];
    hashes = new int[identifiers.length];
    numbered = new int[identifiers.length][];
    int mask = identifiers.length - 1;
    for (int s = 0; s < oldIdentifiers.length; s++) {
      if (oldIdentifiers[s] != null) {
        int slot = TermCache.spread(oldHashes[s]) & mask;
        while (identifiers[slot] != null) {
          slot = (slot + 1) & mask;
        }
        identifiers[slot] = oldIdentifiers[s];
        hashes[slot] = oldHashes[s];
        numbered[slot] = oldNumbered[s];
      }
    }
  }
}
