package io.github.slicegrep.server;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The directory that holds the servers' sockets, locks and logs. Only its owner may enter it:
 * that is what keeps other users from connecting to a server (the server also checks each
 * peer's credentials). It is created with mode 0700; an existing one that is a symlink, not a
 * directory, someone else's, or open to anyone else is refused, never repaired: whoever made it
 * so may be waiting for a socket to appear in it.
 */
public final class ServerDirectory {
  /** Names the directory, before every other rule (tests use it). */
  public static final String DIRECTORY_VARIABLE = "SLICEGREP_SERVER_DIR";
  /**
   * A socket's path must fit in {@code sun_path} (108 bytes on Linux, with its NUL); the longest
   * name kept here is a 16-digit id and {@code .sock}.
   */
  static final int MAX_SOCKET_PATH = 107;

  private static final Set<PosixFilePermission> OWNER_ONLY =
      PosixFilePermissions.fromString("rwx------");

  private ServerDirectory() {}

  /**
   * Where the servers of this user live: {@code SLICEGREP_SERVER_DIR}, else
   * {@code $XDG_RUNTIME_DIR/slicegrep} (a per-user runtime directory, emptied at log-out), else
   * {@code $XDG_CACHE_HOME/slicegrep/server}, else {@code ~/.cache/slicegrep/server}.
   *
   * @param env environment variables by name
   * @param home the user's home directory
   * @return the directory, absolute
   */
  public static Path locate(Map<String, String> env, String home) {
    String explicit = env.get(DIRECTORY_VARIABLE);
    if (usable(explicit)) {
      return Path.of(explicit).toAbsolutePath();
    }
    String runtime = env.get("XDG_RUNTIME_DIR");
    if (usable(runtime) && Path.of(runtime).isAbsolute()) {
      return Path.of(runtime, "slicegrep");
    }
    String cache = env.get("XDG_CACHE_HOME");
    if (usable(cache) && Path.of(cache).isAbsolute()) {
      return Path.of(cache, "slicegrep", "server");
    }
    return Path.of(home, ".cache", "slicegrep", "server").toAbsolutePath();
  }

  private static boolean usable(@Nullable String value) {
    return value != null && !value.isBlank();
  }

  /**
   * Creates {@code dir} owner-only if it is missing, then checks it.
   *
   * @param dir the directory
   * @throws IOException when it cannot be created, or is refused (the message says why)
   */
  public static void open(Path dir) throws IOException {
    Path parent = dir.getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    try {
      Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
    } catch (FileAlreadyExistsException e) {
      // checked below, whoever made it
    }
    check(dir);
  }

  /**
   * Checks that {@code dir} is a real directory (not a symlink), owned by this process's user,
   * with no permission for group or others.
   *
   * @throws IOException when it is not (the message says why), or cannot be examined
   */
  public static void check(Path dir) throws IOException {
    if (Files.isSymbolicLink(dir) || !Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
      throw new IOException(text("refusing server directory ", dir, ": a symlink or not a directory"));
    }
    UserPrincipal owner = Files.getOwner(dir, LinkOption.NOFOLLOW_LINKS);
    UserPrincipal me = currentUser(dir);
    if (!owner.equals(me)) {
      throw new IOException(text("refusing server directory ", dir,
          new StringBuilder(": it belongs to ").append(owner.getName()).append(", not ")
              .append(me.getName()).toString()));
    }
    Set<PosixFilePermission> mode = Files.getPosixFilePermissions(dir, LinkOption.NOFOLLOW_LINKS);
    if (!mode.equals(OWNER_ONLY)) {
      throw new IOException(text("refusing server directory ", dir,
          new StringBuilder(": its mode is ").append(PosixFilePermissions.toString(mode))
              .append(", not rwx------ (only its owner may enter it)").toString()));
    }
    if (dir.toString().length() + 22 > MAX_SOCKET_PATH) {
      throw new IOException(text("server directory ", dir,
          ": its path is too long for a Unix domain socket"));
    }
  }

  /** This process's user, as the file system names owners. */
  static UserPrincipal currentUser(Path onFileSystem) throws IOException {
    return onFileSystem.getFileSystem().getUserPrincipalLookupService()
        .lookupPrincipalByName(System.getProperty("user.name"));
  }

  private static String text(String before, Path dir, String after) {
    return new StringBuilder(before).append(dir).append(after).toString();
  }
}
