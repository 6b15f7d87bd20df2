package io.github.slicegrep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sentences as people type them (SPEC 4, issue 20): names spelled as code inside a sentence are
 * looked for as definitions, a phrase found verbatim lifts its regions without hiding the rest,
 * an exact reading that finds only a sliver is searched by its words too, and a quoted name is
 * found.
 */
class SentenceReadingTest {
  @TempDir Path tmp;

  private static String words(String word, int times) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < times; i++) {
      sb.append("// the ").append(word).append(" validation of value ").append(i).append('\n');
    }
    return sb.toString();
  }

  /** The chunk holds the named definition and ranked as one (its symbol may be an outer one). */
  private static boolean defines(Chunk c, String name) {
    return c.rankReasons().contains("definition")
        && c.code().matches("(?s).*\\b(?:function|class|def)\\s+" + name + "\\b.*");
  }

  @Test
  void qualifiedNamesInASentenceAreLookedForAsDefinitions() {
    Path root =
        Fixture.in(tmp)
            .file("src/schemas.ts",
                "export function object(shape) {\n  return new ZodObject(shape);\n}\n\n"
                    + "export function array(item) {\n  return new ZodArray(item);\n}\n")
            .file("src/notes.ts", words("object", 8) + words("array", 8))
            .root();
    Result r =
        FocusedRead.run(root, "z.object and z.array validation", Options.defaults().withBudget(0));
    assertEquals("question", r.readAs(), r.render());
    List<Chunk> chunks = r.chunks();
    assertTrue(defines(chunks.get(0), "object") || defines(chunks.get(0), "array"), r.render());
    assertTrue(chunks.stream().anyMatch(c -> defines(c, "object")), r.render());
    assertTrue(chunks.stream().anyMatch(c -> defines(c, "array")), r.render());
  }

  @Test
  void scopedAndCallShapedNamesToo() {
    Path root =
        Fixture.in(tmp)
            .file("lib/rack/builder.rb",
                "module Rack\n  class Builder\n    def initialize\n      @use = []\n    end\n"
                    + "  end\nend\n")
            .file("lib/app.js",
                "function use(fn) {\n  this.stack.push(fn);\n  return this;\n}\n")
            .file("lib/notes.rb", words("middleware", 12) + words("mounts", 12))
            .root();
    Result rack =
        FocusedRead.run(root, "Rack::Builder middleware", Options.defaults().withBudget(0));
    assertTrue(rack.chunks().stream().anyMatch(c -> defines(c, "Builder")), rack.render());
    Result use =
        FocusedRead.run(root, "how use() mounts sub-apps", Options.defaults().withBudget(0));
    assertEquals("question", use.readAs(), use.render());
    assertTrue(defines(use.chunks().get(0), "use"), use.render());
  }

  @Test
  void aPhraseFoundVerbatimLiftsItsRegionWithoutHidingTheOthers() {
    Path root =
        Fixture.in(tmp)
            .file("app/client.py",
                "def send(request):\n    # retry the request later when the server is busy\n"
                    + "    return transport(request)\n")
            .file("app/retry.py",
                "def schedule_retry(request, later):\n"
                    + "    \"\"\"Retry a failed request later, with backoff.\"\"\"\n"
                    + "    queue.put((request, later))\n")
            .root();
    Result r =
        FocusedRead.run(root, "retry the request later", Options.defaults().withBudget(0));
    assertEquals("quotation", r.readAs(), r.render());
    assertEquals("app/client.py", r.chunks().get(0).file(), r.render());
    assertTrue(r.chunks().get(0).rankReasons().contains("phrase"), r.render());
    assertTrue(r.chunks().stream().anyMatch(c -> c.file().equals("app/retry.py")),
        "the phrase no longer hides the answer by words\n" + r.render());
  }

  @Test
  void weakRegionsThatOnlyShareAFoundMessagesWordsAreNamedNotShown() {
    StringBuilder loaders = new StringBuilder();
    for (int i = 0; i < 12; i++) {
      loaders.append("def load_templates_").append(i).append("(names):\n")
          .append("    return [name for name in names]\n\n\n");
    }
    Path root =
        Fixture.in(tmp)
            .file("jinja/loaders.py",
                "def list_templates(self):\n"
                    + "    raise TypeError(\"this loader cannot iterate over all templates\")\n")
            .file("jinja/other.py", loaders.toString())
            .root();
    Result r =
        FocusedRead.run(root, "this loader cannot iterate over all templates",
            Options.defaults().withBudget(0));
    assertEquals("quotation", r.readAs(), r.render());
    assertEquals(List.of("jinja/loaders.py"), r.chunks().stream().map(Chunk::file).toList(),
        r.render());
    assertTrue(r.omitted().stream().anyMatch(o -> o.file().equals("jinja/other.py")
        && o.why().equals(Omission.BELOW_PHRASE)), r.render());
  }

  @Test
  void anExactReadingThatFindsOnlyASliverIsSearchedByItsWordsToo() {
    Path root =
        Fixture.in(tmp)
            .file("NOTES.md", "Release notes\n\n- expire cache entries #412\n")
            .file("app/cache.py",
                "class ResponseCache:\n    def expire_entries(self, now):\n"
                    + "        \"\"\"Expire cache entries past their deadline.\"\"\"\n"
                    + "        self.entries = {k: v for k, v in self.entries.items() if v > now}\n")
            .root();
    Result r =
        FocusedRead.run(root, "expire cache entries (#412)", Options.defaults().withBudget(0));
    assertEquals("words", r.readAs(), r.render());
    assertTrue(r.chunks().stream().anyMatch(c -> c.file().equals("NOTES.md")
        && c.rankReasons().contains("phrase")), r.render());
    assertTrue(r.chunks().stream().anyMatch(c -> c.file().equals("app/cache.py")), r.render());
  }

  @Test
  void aQuotedNameIsFound() {
    Path root =
        Fixture.in(tmp)
            .file("app/cache.py", "class ResponseCache:\n    pass\n")
            .root();
    for (String q : List.of("\"ResponseCache\"", "`ResponseCache`", "'ResponseCache'.")) {
      Result r = FocusedRead.run(root, q, Options.defaults());
      assertEquals("words", r.readAs(), q + "\n" + r.render());
      assertTrue(defines(r.chunks().get(0), "ResponseCache"), q + "\n" + r.render());
    }
  }
}
