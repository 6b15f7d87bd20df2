package io.github.slicegrep.bench.suite;

/**
 * One strategy on one task.
 *
 * @param taskId the task
 * @param corpus its corpus
 * @param language its language
 * @param family its family
 * @param strategy the strategy
 * @param hit whether the whole truth was in the context the model read, within the cap
 * @param tokens cl100k tokens of everything the model read
 * @param calls tool calls made
 * @param overCap whether the output passed the context cap (then it is never a hit)
 * @param millis wall time of the retrieval
 */
public record Outcome(
    String taskId, String corpus, String language, String family, String strategy, boolean hit,
    int tokens, int calls, boolean overCap, long millis) {}
