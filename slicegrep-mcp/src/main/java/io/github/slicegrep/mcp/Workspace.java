package io.github.slicegrep.mcp;

import io.github.slicegrep.SlicegrepException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;

/**
 * Where tool paths point: relative paths resolve against the first {@code --root} (or the
 * server's working directory when there is none), and with roots configured every path, and
 * every file a directory search reached through symlinks, must lie inside one of them.
 */
final class Workspace {
  private final List<Path> roots;
  private final RootGuard guard;
  private final Path base;

  Workspace(List<Path> roots, Path workingDirectory) {
    this.roots = List.copyOf(roots);
    this.guard = RootGuard.of(roots);
    this.base = roots.isEmpty() ? workingDirectory : roots.get(0).toAbsolutePath();
  }

  List<Path> roots() {
    return roots;
  }

  /** The real path (symlinks resolved) of {@code requested}, checked against the roots. */
  Path resolve(String requested) {
    Path p;
    try {
      p = Path.of(requested);
    } catch (InvalidPathException e) {
      throw new SlicegrepException("not a valid path: " + requested);
    }
    return guard.check(base.resolve(p));
  }

  /**
   * Refuses a search whose result names a file (relative to {@code searched}) that resolves
   * outside the roots: a directory walk follows symlinks, so a link inside a root can lead out
   * of it, and nothing read there may reach the client.
   */
  void checkReached(Path searched, Collection<String> relativeFiles) {
    if (roots.isEmpty()) {
      return;
    }
    for (String file : relativeFiles) {
      Path p = searched.resolve(file);
      try {
        guard.check(p);
      } catch (SlicegrepException e) {
        throw new SlicegrepException(
            "the search reached " + p + " through a symlink that leads outside the allowed"
                + " roots; search a path that does not contain it");
      }
    }
  }
}
