package io.github.slicegrep.server;

import java.io.OutputStream;
import java.util.List;

/** Answers the calls of one tool in a {@link ResidentServer}. Called from many threads at once. */
public interface Handler extends AutoCloseable {
  /** Returned by {@link #handle} when the caller must run the call in-process instead. */
  int FALLBACK = ServerClient.FALLBACK;

  /**
   * Answers one call as the tool would in a process of its own: the same bytes to stdout and
   * stderr, the same exit status.
   *
   * @param request the call: arguments, working directory, environment, stdin
   * @param out the caller's stdout
   * @param err the caller's stderr
   * @return the exit status, or {@link #FALLBACK} (only before anything was written) when this
   *     call cannot be answered here exactly as in-process
   * @throws Exception on any failure; the caller then runs the call in-process
   */
  int handle(Request request, OutputStream out, OutputStream err) throws Exception;

  /**
   * What this handler holds, a line each, for {@code --server status}.
   *
   * @return lines of text
   */
  default List<String> describe() {
    return List.of();
  }

  /** Releases what the handler holds (watches, caches) when the server stops. */
  @Override
  default void close() {}
}
