package io.github.slicegrep.source;

/**
 * A compact summary of a file's folded text that can prove a literal absent without the text:
 * false means the file cannot contain {@code foldedLiteral}, true only that it may.
 * Implementations are immutable.
 */
@FunctionalInterface
public interface ContentFilter {
  boolean mayContain(String foldedLiteral);
}
