package io.github.slicegrep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packer's guarantees: the definition, a caller that really uses the symbol from another
 * file, a test that really references it, each labelled, each only if it fits.
 */
class GuaranteesTest {
  @TempDir Path dir;

  private static final String DEFINITION =
      "def load_config(path):\n    \"\"\"Reads settings.\"\"\"\n    return parse(read(path))\n\n\n"
          + "def reload():\n    return load_config(DEFAULT)\n";

  private static Optional<Chunk> labelled(Result r, String guarantee) {
    return r.chunks().stream()
        .filter(c -> c.rankReasons().contains("guaranteed(" + guarantee + ")"))
        .findFirst();
  }

  private Result search(String query, int budget) {
    return FocusedRead.run(dir, query, budget, Boundary.FN);
  }

  @Test
  void theCallerIsCodeInAnotherFileThatCallsTheSymbol() {
    Fixture.in(dir)
        .file("config.py", DEFINITION)
        .file("notes.py", "# load_config is called once at start-up\n# and load_config again\n"
            + "# when load_config sees a change\n\n\nVALUE = 1\n")
        .file("docs/usage.md", "Call load_config before anything else: load_config(path).\n")
        .file("imports.py", "from config import load_config\n\n\nVALUE = 2\n")
        .file("app/main.py", "def start():\n    settings = load_config('app.toml')\n"
            + "    return settings\n");
    Result r = search("load_config", 2000);
    assertEquals("config.py", labelled(r, "definition").orElseThrow().file());
    assertEquals("app/main.py", labelled(r, "caller").orElseThrow().file(),
        "not the same file's reload(), not comments, documentation or an import");
  }

  @Test
  void aCallIsPreferredToAMentionOfTheSameName() {
    Fixture.in(dir)
        .file("command.go", "package cobra\n\nfunc (c *Command) Flag(name string) *Value {\n"
            + "\treturn c.flags.Lookup(name)\n}\n")
        .file("write.go", "package cobra\n\nfunc writeFlags(flag *pflag.Flag, other *pflag.Flag,"
            + " more []pflag.Flag) {\n\tuse(flag, other, more)\n}\n")
        .file("complete.go", "package cobra\n\nfunc register(c *Command) {\n"
            + "\tflag := c.Flag(\"name\")\n\tuse(flag)\n}\n");
    Result r = search("Flag", 2000);
    assertEquals("complete.go", labelled(r, "caller").orElseThrow().file(), r.render());
  }

  @Test
  void withNoRealCallerNoCallerIsClaimed() {
    Fixture.in(dir)
        .file("config.py", DEFINITION)
        .file("notes.py", "# load_config is called once at start-up\n\n\nVALUE = 1\n");
    Result r = search("load_config", 2000);
    assertTrue(labelled(r, "definition").isPresent());
    assertTrue(labelled(r, "caller").isEmpty(), r.render());
  }

  @Test
  void theTestReferencesTheSymbolRatherThanMerelyMatchingText() {
    Fixture.in(dir)
        .file("config.py", DEFINITION)
        .file("app/main.py", "def start():\n    return load_config('app.toml')\n")
        .file("tests/test_other.py",
            "def test_configuration():\n    assert load_configuration_file() is None\n")
        .file("tests/test_config.py",
            "def test_reads_settings():\n    assert load_config('x.toml') == {}\n");
    Result r = search("load_config", 2000);
    assertEquals("tests/test_config.py", labelled(r, "test").orElseThrow().file(), r.render());
  }

  @Test
  void aGuaranteeThatFitsWholeIsPreferredToOneThatMustBeCut() {
    StringBuilder big = new StringBuilder("def test_everything():\n    load_config('a')\n");
    for (int i = 0; i < 300; i++) {
      big.append("    assert check_").append(i).append("(value_").append(i).append(")\n");
    }
    Fixture.in(dir)
        .file("config.py", DEFINITION)
        .file("app/main.py", "def start():\n    return load_config('app.toml')\n")
        .file("tests/test_big.py", big.toString())
        .file("tests/test_small.py",
            "def test_small():\n    x = 1\n    assert load_config('x') == {}\n");
    Result r = search("load_config", 400);
    Chunk test = labelled(r, "test").orElseThrow();
    assertEquals("tests/test_small.py", test.file(), r.render());
    assertEquals(3, test.lineEnd(), "shown whole");
    assertTrue(r.totalTokens() <= 400);
  }

  @Test
  void aTestInTheDefinitionsLanguageComesFirst() {
    Fixture.in(dir)
        .file("lib/hooks.js", "function addHook (name, fn) {\n  this.hooks[name].push(fn)\n}\n")
        .file("lib/server.js", "function start (app) {\n  app.addHook('onReady', ready)\n}\n")
        .file("test/types/hooks.test-d.ts", "expectType<void>(server.addHook('a', f))\n"
            + "expectType<void>(server.addHook('b', f))\nexpectError(server.addHook('c'))\n")
        .file("test/hooks.test.js", "test('runs hooks', t => {\n  app.addHook('onReady', f)\n"
            + "  t.pass()\n})\n");
    Result r = search("addHook", 2000);
    assertEquals("test/hooks.test.js", labelled(r, "test").orElseThrow().file(), r.render());
  }

  @Test
  void aQuestionReservesNoRoomForATest() {
    Fixture.in(dir)
        .file("config.py", DEFINITION)
        .file("tests/test_config.py",
            "def test_reads_settings():\n    assert load_config('x.toml') == {}\n");
    Result r = search("where are settings read from disk", 2000);
    assertTrue(labelled(r, "test").isEmpty(), r.render());
  }

  @Test
  void overlappingMatchesAreOneChunkChargedOnce() {
    Fixture.in(dir).file("config.py", DEFINITION);
    Result r = FocusedRead.run(dir, "parse|read", 2000, Boundary.AUTO);
    List<Chunk> chunks = r.chunks();
    for (int i = 0; i < chunks.size(); i++) {
      for (int j = i + 1; j < chunks.size(); j++) {
        Chunk a = chunks.get(i);
        Chunk b = chunks.get(j);
        assertTrue(!a.file().equals(b.file())
            || a.lineEnd() < b.lineStart() || b.lineEnd() < a.lineStart(), r.render());
      }
    }
    assertEquals(chunks.stream().mapToInt(Chunk::tokens).sum(), r.totalTokens());
    assertEquals(1.0, r.coverage());
  }
}
