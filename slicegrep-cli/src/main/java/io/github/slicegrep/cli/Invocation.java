package io.github.slicegrep.cli;

import io.github.slicegrep.FocusedReader;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What a run of the command takes from the process around it: the environment, the working
 * directory, whether a person is at a console, and where its readers come from. A run in its own
 * process takes this process's; the resident server gives each call its caller's.
 *
 * @param env environment variables by name
 * @param workingDirectory the caller's working directory, or null for this process's
 * @param console whether stdin and stdout are a terminal
 * @param readers the reader for a search below a root
 * @param served whether the run answers a call in the resident server (usage help and usage
 *     errors are then handed back: their layout depends on the caller's terminal)
 */
record Invocation(
    Map<String, String> env,
    @Nullable Path workingDirectory,
    boolean console,
    Readers readers,
    boolean served) {

  /** Where readers come from. */
  @FunctionalInterface
  interface Readers {
    /**
     * The reader for a search below {@code root}.
     *
     * @param root the searched directory, or the directory of the searched file (absolute in
     *     the server, as given in-process)
     * @param indexDirectory where the persistent index lives, or empty for none
     */
    FocusedReader reader(Path root, Optional<Path> indexDirectory);
  }

  /** This process's: a new reader per run, with the persistent index unless switched off. */
  static Invocation inProcess() {
    return new Invocation(System.getenv(), null, System.console() != null,
        (root, index) -> index.map(FocusedReader::withIndex).orElseGet(FocusedReader::new),
        false);
  }

  /** {@code path} as this run reads it: taken from the caller's working directory if relative. */
  Path resolve(Path path) {
    return workingDirectory == null ? path : workingDirectory.resolve(path);
  }
}
