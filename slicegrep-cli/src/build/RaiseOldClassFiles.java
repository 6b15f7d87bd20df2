import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;

/**
 * Build step of the runnable jar (run by the slicegrep-cli pom after shading, as a single-file
 * program): class files older than Java 6 (major version 49, picocli's whole jar) get major
 * version 50.
 *
 * <p>Why: class-data sharing and the AOT cache (JDK 24+) skip "pre JDK 6" classes, so every run
 * parsed and verified picocli's 172 classes from the jar again, about 30 ms of a 280 ms
 * {@code slicegrep --version} on Java 17. Version 50 is the same format as 49 but for the
 * optional StackMapTable attribute, whose absence sends a version-50 class to the same verifier
 * a version-49 class gets (class files below 51 fall back to it): the bytes run as before.
 *
 * <p>Usage: {@code java RaiseOldClassFiles.java JAR}; the jar is rewritten in place (through a
 * temporary file beside it, renamed over it when complete).
 */
public final class RaiseOldClassFiles {
  private static final int JAVA_6 = 50;

  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      System.err.println("usage: java RaiseOldClassFiles.java JAR");
      System.exit(2);
    }
    Path jar = Path.of(args[0]);
    Path tmp = jar.resolveSibling(jar.getFileName() + ".tmp");
    int raised = 0;
    try (ZipInputStream in = new ZipInputStream(Files.newInputStream(jar));
        ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(tmp))) {
      for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
        byte[] bytes = in.readAllBytes();
        if (e.getName().endsWith(".class") && isOldClassFile(bytes)) {
          bytes[6] = (byte) (JAVA_6 >>> 8);
          bytes[7] = (byte) JAVA_6;
          raised++;
        }
        ZipEntry copy = new ZipEntry(e.getName());
        copy.setTime(e.getTime());
        out.putNextEntry(copy);
        out.write(bytes);
        out.closeEntry();
      }
    }
    Files.move(tmp, jar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    System.out.println("RaiseOldClassFiles: " + raised + " class files raised to version 50 in "
        + jar);
  }

  /** A class file (magic CAFEBABE) whose major version is below 50. */
  private static boolean isOldClassFile(byte[] b) {
    return b.length > 8 && (b[0] & 0xff) == 0xca && (b[1] & 0xff) == 0xfe
        && (b[2] & 0xff) == 0xba && (b[3] & 0xff) == 0xbe
        && (((b[6] & 0xff) << 8) | (b[7] & 0xff)) < JAVA_6;
  }
}
