package io.github.slicegrep.bench.corpus;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** Brings missing archives into a folder; says nothing about whether they are the right bytes. */
public interface Fetcher {
  /**
   * Tries to fetch each archive into {@code archives} under its pinned file name. A failure to
   * fetch one archive is reported to {@code log} and leaves it missing; verification catches it.
   */
  void fetch(List<ArchiveSpec> missing, Path archives, Path work, Log log) throws IOException;

  /** Where progress and failures are written (stderr in the CLI). */
  interface Log {
    void info(String message);

    void error(String message);
  }
}
