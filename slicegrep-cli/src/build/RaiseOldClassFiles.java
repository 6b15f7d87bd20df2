import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;

/**
 * Build step of the runnable jar (run by the slicegrep-cli pom after shading, as a single-file
 * program with ASM on its class path): class files older than Java 6 (major version 49,
 * picocli's whole jar) are written again as Java 6 class files with stack map frames, computed
 * by ASM.
 *
 * <p>Why: class-data sharing and the AOT cache (JDK 24+) skip "pre JDK 6" classes, and a
 * version-50 class without stack maps fails over to the old type-inferencing verifier, which no
 * Java 17 archive holds either: 68 of the 172 picocli classes a run loads were parsed and
 * verified from the jar on every run. With frames every one of them is archived: `--no-server`
 * on rich 440 -> 366 ms, `--version` 209 -> 155 ms (docs/RESULTS.md). The instructions are
 * copied as they are; only the version and the frames are new, and the verifier checks the
 * frames against the code when the archive is written.
 *
 * <p>Usage: {@code java -cp ASM_JAR RaiseOldClassFiles.java JAR}; the jar is rewritten in place
 * (through a temporary file beside it, renamed over it when complete).
 */
public final class RaiseOldClassFiles {
  private static final int JAVA_6 = 50;

  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      System.err.println("usage: java -cp ASM_JAR RaiseOldClassFiles.java JAR");
      System.exit(2);
    }
    Path jar = Path.of(args[0]);
    Path tmp = jar.resolveSibling(jar.getFileName() + ".tmp");
    int raised = 0;
    // Frames need the common superclass of two types: looked up in the jar itself (and the JDK).
    try (URLClassLoader types = new URLClassLoader(new URL[] {jar.toUri().toURL()}, null);
        ZipInputStream in = new ZipInputStream(Files.newInputStream(jar));
        ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(tmp))) {
      for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
        byte[] bytes = in.readAllBytes();
        if (e.getName().endsWith(".class") && isOldClassFile(bytes)) {
          bytes = withFrames(bytes, types);
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
    System.out.println("RaiseOldClassFiles: " + raised
        + " class files written as version 50 with stack map frames in " + jar);
  }

  /** The class as a Java 6 class file with frames computed for every method. */
  private static byte[] withFrames(byte[] classFile, ClassLoader types) {
    ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_FRAMES) {
      @Override
      protected ClassLoader getClassLoader() {
        return types;
      }
    };
    new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9, writer) {
      @Override
      public void visit(int version, int access, String name, String signature, String superName,
          String[] interfaces) {
        super.visit(JAVA_6, access, name, signature, superName, interfaces);
      }
    }, ClassReader.SKIP_FRAMES);
    return writer.toByteArray();
  }

  /** A class file (magic CAFEBABE) whose major version is below 50. */
  private static boolean isOldClassFile(byte[] b) {
    return b.length > 8 && (b[0] & 0xff) == 0xca && (b[1] & 0xff) == 0xfe
        && (b[2] & 0xff) == 0xba && (b[3] & 0xff) == 0xbe
        && (((b[6] & 0xff) << 8) | (b[7] & 0xff)) < JAVA_6;
  }
}
