package io.github.slicegrep.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.nio.file.attribute.UserPrincipalNotFoundException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The socket's directory: only its user may enter it, and anything else is refused. */
class ServerDirectoryTest {
  @TempDir Path tmp;

  @Test
  void aMissingDirectoryIsCreatedOwnerOnly() throws IOException {
    Path dir = tmp.resolve("a/b/server");
    ServerDirectory.open(dir);
    assertEquals("rwx------",
        PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)));
    ServerDirectory.open(dir); // and accepted as it is the next time
  }

  @Test
  void aDirectoryOthersMayEnterIsRefusedNotRepaired() throws IOException {
    for (String mode : List.of("rwxr-xr-x", "rwx--x---", "rwx-----x", "rwxrwxrwx")) {
      Path dir = Files.createDirectory(tmp.resolve("open-" + mode.replace('-', '_')));
      Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString(mode));
      IOException e = assertThrows(IOException.class, () -> ServerDirectory.open(dir));
      assertTrue(e.getMessage().contains("its mode is " + mode), e.getMessage());
      assertEquals(mode, PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)),
          "left as found");
    }
  }

  @Test
  void aSymlinkIsRefused() throws IOException {
    Path real = tmp.resolve("real");
    ServerDirectory.open(real);
    Path link = Files.createSymbolicLink(tmp.resolve("link"), real);
    IOException e = assertThrows(IOException.class, () -> ServerDirectory.open(link));
    assertTrue(e.getMessage().contains("symlink"), e.getMessage());
  }

  @Test
  void someoneElsesDirectoryIsRefused() throws IOException {
    UserPrincipal other;
    try {
      other = tmp.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody");
    } catch (UserPrincipalNotFoundException e) {
      other = null;
    }
    assumeTrue(other != null && "root".equals(System.getProperty("user.name")),
        "only root can give a directory away");
    Path dir = tmp.resolve("theirs");
    ServerDirectory.open(dir);
    Files.setOwner(dir, other);
    IOException e = assertThrows(IOException.class, () -> ServerDirectory.open(dir));
    assertTrue(e.getMessage().contains("belongs to nobody"), e.getMessage());
  }

  @Test
  void noServerStartsAndNoClientConnectsInARefusedDirectory() throws IOException {
    Path dir = Files.createDirectory(tmp.resolve("open"));
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
    assertThrows(IOException.class,
        () -> ResidentServer.start(dir, "0123456789abcdef", Map.of(), Duration.ofMinutes(1)));
    ClientConfig config = new ClientConfig(dir, "0123456789abcdef", List.of("false"), true);
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = ServerClient.call(config, Calls.request("echo", "x"), new ByteArrayOutputStream(),
        err);
    assertEquals(ServerClient.FALLBACK, status);
    assertTrue(err.toString().contains("refusing server directory"), err.toString());
    assertFalse(Files.exists(config.socket(), LinkOption.NOFOLLOW_LINKS));
    assertFalse(Files.exists(config.lock()), "nothing is written into it");
  }

  @Test
  void theDirectoryIsLocatedFromTheEnvironment() {
    assertEquals(Path.of("/x/run/slicegrep"),
        ServerDirectory.locate(Map.of("XDG_RUNTIME_DIR", "/x/run"), "/home/u"));
    assertEquals(Path.of("/x/cache/slicegrep/server"),
        ServerDirectory.locate(Map.of("XDG_CACHE_HOME", "/x/cache"), "/home/u"));
    assertEquals(Path.of("/home/u/.cache/slicegrep/server"),
        ServerDirectory.locate(Map.of("XDG_RUNTIME_DIR", "relative"), "/home/u"));
    assertEquals(Path.of("/given"), ServerDirectory.locate(
        Map.of("SLICEGREP_SERVER_DIR", "/given", "XDG_RUNTIME_DIR", "/x/run"), "/home/u"));
  }
}
