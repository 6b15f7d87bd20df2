package io.github.slicegrep.match;

/**
 * A line that matched one fragment.
 *
 * @param line 1-based line number
 * @param fragment index of the fragment in the query
 */
public record Hit(int line, int fragment) {}
