package io.github.slicegrep.bench.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Setup against archives made in the test and a fetcher that copies them: no network. */
class CorpusSetupTest {
  @TempDir Path tmp;
  private Path registry;
  private Path corpora;
  private final List<String> fetched = new ArrayList<>();
  private final List<String> errors = new ArrayList<>();

  private final Fetcher.Log log = new Fetcher.Log() {
    @Override
    public void info(String message) {}

    @Override
    public void error(String message) {
      errors.add(message);
    }
  };

  /** Serves archives from {@link #registry}, as the real clients would from a registry. */
  private final Fetcher copying = (missing, archives, work, l) -> {
    Files.createDirectories(archives);
    for (ArchiveSpec a : missing) {
      fetched.add(a.archive());
      Path src = registry.resolve(a.archive());
      if (Files.exists(src)) {
        Files.copy(src, archives.resolve(a.archive()), StandardCopyOption.REPLACE_EXISTING);
      } else {
        l.error("404 " + a.archive());
      }
    }
  };

  @BeforeEach
  void makeRegistry() throws IOException {
    registry = Files.createDirectories(tmp.resolve("registry"));
    corpora = tmp.resolve("corpora");
    jar(registry.resolve("demo-1.0-sources.jar"), "org/demo/Demo.java",
        "package org.demo;\nclass Demo {}\n");
    jar(registry.resolve("demo-1.0-test-sources.jar"), "org/demo/DemoTest.java",
        "package org.demo;\nclass DemoTest {}\n");
  }

  private Manifest manifest() {
    String table = "# test manifest\n"
        + "demo\tjava\tmaven\torg.demo:demo:1.0:jar:sources\tdemo-1.0-sources.jar\t"
        + "jar:src/main/java\n"
        + "demo\tjava\tmaven\torg.demo:demo:1.0:jar:test-sources\tdemo-1.0-test-sources.jar\t"
        + "jar:src/test/java\n";
    String sums = Checksums.sha256(registry.resolve("demo-1.0-sources.jar"))
        + "  demo-1.0-sources.jar  # made by the test\n"
        + Checksums.sha256(registry.resolve("demo-1.0-test-sources.jar"))
        + "  demo-1.0-test-sources.jar\n";
    return Manifest.parse(table, sums);
  }

  @Test
  void fetchesVerifiesAndUnpacksThenRerunsWithoutWork() throws IOException {
    CorpusSetup setup = new CorpusSetup(manifest(), corpora, copying, log);
    CorpusSetup.Report first = setup.setup();
    assertTrue(first.ok(), first.problems().toString());
    assertEquals(List.of("demo"), first.ready());
    Path root = setup.sourceRoot("demo");
    assertTrue(Files.isRegularFile(root.resolve("src/main/java/org/demo/Demo.java")));
    assertTrue(Files.isRegularFile(root.resolve("src/test/java/org/demo/DemoTest.java")));
    assertFalse(Files.exists(root.resolve("src/main/java/META-INF")));
    assertEquals(2, fetched.size());

    long stamp = Files.getLastModifiedTime(root.resolve(CorpusSetup.MARKER)).toMillis();
    CorpusSetup.Report second = setup.setup();
    assertTrue(second.ok());
    assertEquals(2, fetched.size(), "present archives are not fetched again");
    assertEquals(stamp, Files.getLastModifiedTime(root.resolve(CorpusSetup.MARKER)).toMillis(),
        "a verified, unpacked corpus is not unpacked again");
    assertTrue(setup.verify().ok());
  }

  @Test
  void detectsATamperedArchiveAndDoesNotUnpackIt() throws IOException {
    Manifest m = manifest();
    Path archives = Files.createDirectories(corpora.resolve("archives"));
    Path good = registry.resolve("demo-1.0-sources.jar");
    Path copy = archives.resolve("demo-1.0-sources.jar");
    Files.copy(good, copy);
    byte[] bytes = Files.readAllBytes(copy);
    bytes[bytes.length / 2] ^= 0x01;
    Files.write(copy, bytes);

    CorpusSetup setup = new CorpusSetup(m, corpora, copying, log);
    CorpusSetup.Report r = setup.setup();
    assertFalse(r.ok());
    assertTrue(r.problems().stream().anyMatch(p -> p.startsWith("CHECKSUM MISMATCH")
        && p.contains("demo-1.0-sources.jar")), r.problems().toString());
    assertFalse(r.ready().contains("demo"));
    assertFalse(Files.exists(setup.sourceRoot("demo")), "never unpacks unverified data");
    assertEquals(List.of("demo-1.0-test-sources.jar"), fetched, "only the missing one fetched");
  }

  @Test
  void reportsAMissingArchiveLoudly() throws IOException {
    Files.delete(registry.resolve("demo-1.0-test-sources.jar"));
    Manifest m = Manifest.parse("demo\tjava\tmaven\tg:a:1:jar:test-sources\t"
        + "demo-1.0-test-sources.jar\tjar:src/test/java\n",
        "0".repeat(64) + "  demo-1.0-test-sources.jar\n");
    CorpusSetup.Report r = new CorpusSetup(m, corpora, copying, log).setup();
    assertFalse(r.ok());
    assertTrue(r.problems().get(0).startsWith("MISSING"), r.problems().toString());
    assertEquals(List.of("404 demo-1.0-test-sources.jar"), errors);
  }

  @Test
  void verifyFetchesNothing() throws IOException {
    CorpusSetup.Report r = new CorpusSetup(manifest(), corpora, copying, log).verify();
    assertFalse(r.ok());
    assertEquals(2, r.problems().size());
    assertTrue(fetched.isEmpty());
  }

  @Test
  void unpacksATarballsSingleTopFolder() throws Exception {
    Path tree = Files.createDirectories(tmp.resolve("pkg-1.0/src"));
    Files.writeString(tree.resolve("a.py"), "def a():\n    return 1\n");
    Path tgz = registry.resolve("pkg-1.0.tar.gz");
    Process p = new ProcessBuilder("tar", "-czf", tgz.toString(), "-C", tmp.toString(), "pkg-1.0")
        .redirectErrorStream(true).start();
    assertEquals(0, p.waitFor());
    Manifest m = Manifest.parse("pkg\tpython\tnpm\tpkg@1.0\tpkg-1.0.tar.gz\ttree\n",
        Checksums.sha256(tgz) + "  pkg-1.0.tar.gz\n");
    CorpusSetup setup = new CorpusSetup(m, corpora, copying, log);
    assertTrue(setup.setup().ok());
    assertTrue(Files.isRegularFile(setup.sourceRoot("pkg").resolve("src/a.py")));
  }

  @Test
  void bundledManifestPinsEveryArchiveAndCoversSevenLanguages() {
    Manifest m = Manifest.bundled();
    assertTrue(m.archives().size() >= 12);
    assertEquals(7, m.corpora().values().stream().distinct().count(), m.corpora().toString());
    for (ArchiveSpec a : m.archives()) {
      assertTrue(a.sha256().matches("[0-9a-f]{64}"), a.archive());
    }
  }

  @Test
  void privateAptSourcesCopyTheSystemsMirrorForBinaryAndSourcePackages() throws IOException {
    Path deb822 = tmp.resolve("debian.sources");
    Files.writeString(deb822, "Types: deb\nURIs: http://mirror.invalid/debian\n"
        + "Suites: bookworm bookworm-updates\nComponents: main\n"
        + "Signed-By: /usr/share/keyrings/k.gpg\n\nTypes: deb\nURIs: http://other.invalid/x\n");
    String text = RegistryFetcher.privateSources(deb822, tmp.resolve("absent.list"));
    assertEquals("Types: deb deb-src\nURIs: http://mirror.invalid/debian\n"
        + "Suites: bookworm trixie\nComponents: main\n"
        + "Signed-By: /usr/share/keyrings/k.gpg\n", text);
    Path legacy = tmp.resolve("sources.list");
    Files.writeString(legacy, "# comment\ndeb [arch=amd64] http://legacy.invalid/debian bookworm"
        + " main\n");
    assertTrue(RegistryFetcher.privateSources(tmp.resolve("none"), legacy)
        .contains("URIs: http://legacy.invalid/debian\n"));
  }

  private static void jar(Path file, String entry, String content) throws IOException {
    try (OutputStream out = Files.newOutputStream(file);
        ZipOutputStream zip = new ZipOutputStream(out)) {
      zip.putNextEntry(new ZipEntry("META-INF/MANIFEST.MF"));
      zip.write("Manifest-Version: 1.0\n".getBytes(StandardCharsets.UTF_8));
      zip.putNextEntry(new ZipEntry(entry));
      zip.write(content.getBytes(StandardCharsets.UTF_8));
      zip.closeEntry();
    }
  }
}
