package io.github.slicegrep.bench.strategy;

import io.github.slicegrep.bench.truth.Span;
import java.util.List;

/**
 * What a strategy handed to the model for one task.
 *
 * @param text everything the model read (tool outputs, concatenated), which is what tokens count
 * @param shown the code lines the model saw, as spans
 * @param calls tool calls made
 */
public record Retrieval(String text, List<Span> shown, int calls) {
  public Retrieval {
    shown = List.copyOf(shown);
  }
}
