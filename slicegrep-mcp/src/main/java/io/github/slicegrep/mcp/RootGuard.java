package io.github.slicegrep.mcp;

import io.github.slicegrep.SlicegrepException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Confines the paths a client may search to the server's {@code --root} directories. Paths are
 * compared after resolving symlinks, so a link inside a root that points outside it is refused.
 * With no roots configured every existing path is allowed.
 */
public final class RootGuard {
  private final List<Path> roots;

  private RootGuard(List<Path> roots) {
    this.roots = List.copyOf(roots);
  }

  /**
   * A guard over {@code roots}; each must be an existing directory.
   *
   * @param roots the allowed folders; none allows every path
   * @return the guard, holding the roots' real paths
   * @throws SlicegrepException when a root is not a directory
   */
  public static RootGuard of(List<Path> roots) {
    List<Path> real = new ArrayList<>();
    for (Path root : roots) {
      if (!Files.isDirectory(root)) {
        throw new SlicegrepException("root is not a directory: " + root);
      }
      real.add(realPath(root));
    }
    return new RootGuard(real);
  }

  /**
   * The real path of {@code requested}, or a {@link SlicegrepException} naming the roots.
   *
   * @param requested a path from a tool call
   * @return its real path, every symlink resolved, inside one of the roots
   * @throws SlicegrepException when it does not exist or lies outside every root
   */
  public Path check(Path requested) {
    if (!Files.exists(requested)) {
      throw new SlicegrepException("path not found: " + requested);
    }
    Path real = realPath(requested);
    if (roots.isEmpty() || roots.stream().anyMatch(real::startsWith)) {
      return real;
    }
    throw new SlicegrepException(
        "path " + requested + " is outside the allowed roots: "
            + roots.stream().map(Path::toString).collect(Collectors.joining(", ")));
  }

  private static Path realPath(Path p) {
    try {
      return p.toRealPath();
    } catch (IOException e) {
      throw new SlicegrepException("cannot resolve " + p + ": " + e.getMessage(), e);
    }
  }
}
