package io.github.slicegrep.rank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.slicegrep.Boundary;
import io.github.slicegrep.match.Hit;
import io.github.slicegrep.match.LineScanner;
import io.github.slicegrep.match.Region;
import io.github.slicegrep.match.Regions;
import io.github.slicegrep.outline.Outline;
import io.github.slicegrep.outline.Outliners;
import io.github.slicegrep.query.Query;
import io.github.slicegrep.query.QueryParser;
import io.github.slicegrep.source.SourceFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Each named signal, alone: present when its condition holds, absent otherwise. */
class ScorerTest {
  /** Candidates for {@code query} over {@code files} (path, text, path, text...), in fn mode. */
  private static List<Candidate> score(String query, String... pathsAndTexts) {
    return score(QueryParser.parse(query), (Relevance) null, pathsAndTexts);
  }

  private static List<Candidate> score(Query q, Relevance relevance, String... pathsAndTexts) {
    Map<SourceFile, Outline> outlines = new IdentityHashMap<>();
    List<Region> regions = new ArrayList<>();
    int fragments = q.fragments().size();
    int[] filesWith = new int[fragments];
    for (int i = 0; i < pathsAndTexts.length; i += 2) {
      SourceFile f = SourceFile.of(Path.of(pathsAndTexts[i]), pathsAndTexts[i], pathsAndTexts[i + 1]);
      Outline o = Outliners.standard().outline(f);
      outlines.put(f, o);
      List<Hit> hits = LineScanner.scan(f, q);
      BitSet seen = new BitSet();
      hits.forEach(h -> seen.set(h.fragment()));
      seen.stream().forEach(x -> filesWith[x]++);
      regions.addAll(Regions.build(f, hits, o, Boundary.FN, 40, 40));
    }
    FragmentStats stats =
        FragmentStats.of(fragments, pathsAndTexts.length / 2, filesWith, regions);
    Relevance base = relevance != null ? relevance : new FragmentBm25(fragments, stats, regions);
    return new Scorer(q, stats, outlines::get, base).scoreAll(regions);
  }

  private static Candidate in(List<Candidate> candidates, String file) {
    return candidates.stream().filter(c -> c.file().equals(file)).findFirst().orElseThrow();
  }

  private static final String UTIL =
      "def load_config(path):\n    return read(path)\n\n\n"
          + "def unrelated():\n    return 1\n";

  @Test
  void severalFragmentsTogetherAreMultiMatchCoOccurrenceAndAllPatterns() {
    List<Candidate> c =
        score("load_config|read", "a.py", UTIL, "b.py", "def other():\n    read(x)\n");
    Candidate both = in(c, "a.py");
    assertTrue(both.reasons().containsAll(List.of("multi_match(2)", "co_occurrence", "all_patterns")),
        both.reasons().toString());
    Candidate one = in(c, "b.py");
    assertFalse(one.reasons().contains("co_occurrence"));
    assertTrue(both.score() > one.score());
  }

  @Test
  void fragmentsFarApartInOneRegionDoNotCoOccur() {
    StringBuilder body = new StringBuilder("def big():\n    alpha = 1\n");
    for (int i = 0; i < 20; i++) {
      body.append("    step_").append(i).append(" = ").append(i).append('\n');
    }
    body.append("    omega = 2\n");
    Candidate c = score("alpha|omega", "a.py", body.toString()).get(0);
    assertTrue(c.reasons().contains("multi_match(2)"));
    assertFalse(c.reasons().contains("co_occurrence"));
  }

  @Test
  void aFragmentInFewFilesIsRare() {
    String[] tree = new String[60];
    for (int i = 0; i < 30; i++) {
      tree[2 * i] = "m" + i + ".py";
      tree[2 * i + 1] = "def f" + i + "():\n    return common_value\n";
    }
    tree[1] = "def f0():\n    return common_value + zebra_stripe\n";
    List<Candidate> c = score("common_value|zebra_stripe", tree);
    assertTrue(in(c, "m0.py").reasons().contains("rare_terms"));
    assertFalse(in(c, "m5.py").reasons().contains("rare_terms"));
  }

  @Test
  void theDefinitionOfTheQueriedSymbolOutranksItsUse() {
    List<Candidate> c =
        score("load_config", "a.py", UTIL, "b.py", "def main():\n    load_config('x')\n");
    Candidate def = in(c, "a.py");
    Candidate use = in(c, "b.py");
    assertTrue(def.reasons().contains("definition"));
    assertTrue(def.isDefinition());
    assertFalse(use.isDefinition());
    assertTrue(use.references().contains("load_config"));
    assertTrue(def.score() > use.score());
  }

  @Test
  void aBareNameIsTheDefinitionSpelledAsTypedAndNotAMember() {
    // The same body everywhere, so that only the kind of definition and its spelling differ.
    String body = "    x = 1\n    y = 2\n    return x + y\n";
    List<Candidate> c =
        score("atomic",
            "function.py", "def atomic(using=None):\n" + body,
            "klass.py", "class Atomic:\n    def run(self):\n" + body,
            "member.py", "class Backend:\n    def atomic(self):\n" + body,
            "nested.py", "def outer():\n    def atomic():\n" + body + "    return atomic\n");
    Candidate function = in(c, "function.py");
    for (String other : List.of("klass.py", "member.py", "nested.py")) {
      assertTrue(in(c, other).reasons().contains("definition"), other);
      assertTrue(function.score() > in(c, other).score(), other + ": " + c);
    }
    // Typed with its capital, the class is what is asked for.
    List<Candidate> typed =
        score("Atomic",
            "function.py", "def atomic(using=None):\n" + body,
            "klass.py", "class Atomic:\n    def run(self):\n" + body);
    assertTrue(in(typed, "klass.py").score() > in(typed, "function.py").score(), typed.toString());
  }

  @Test
  void aRustStructIsTheDefinitionBeforeItsImplBlocks() {
    String body = "    x: u32,\n    y: u32,\n    z: u32,\n";
    List<Candidate> c =
        score("RwLock",
            "lock.rs", "pub struct RwLock {\n" + body + "}\n",
            "shim.rs", "impl RwLock {\n" + body.replace(": u32", "()") + "}\n");
    assertTrue(in(c, "shim.rs").reasons().contains("definition"), "an impl names its type");
    assertTrue(in(c, "lock.rs").score() > in(c, "shim.rs").score(), c.toString());
  }

  @Test
  void aConstantIsADefinitionAndAnImportOfItIsNot() {
    List<Candidate> c =
        score("ROUNDED",
            "box.py", "ROUNDED: Box = Box(\n    '+--+'\n)\n",
            "panel.py", "from .box import ROUNDED\n\nx = 1\n",
            "panel.js", "const ROUNDED = require('./box')\n",
            "draw.py", "def draw():\n    ROUNDED = 3\n    return ROUNDED\n");
    assertTrue(in(c, "box.py").isDefinition());
    for (String other : List.of("panel.py", "panel.js", "draw.py")) {
      assertFalse(in(c, other).isDefinition(), other + " only imports it or has a local");
      assertTrue(in(c, "box.py").score() > in(c, other).score(), other + ": " + c);
    }
  }

  @Test
  void aShortcutThatHandsTheCallOnIsNotTheDefinitionItNames() {
    List<Candidate> c =
        score("Run",
            "gins.go", "package ginS\n\n// Run attaches to a http.Server and starts serving.\n"
                + "func Run(addr ...string) (err error) {\n\treturn engine().Run(addr...)\n}\n",
            "gin.go", "package gin\n\n// Run attaches the router to a http.Server and starts serving.\n"
                + "func (engine *Engine) Run(addr ...string) (err error) {\n"
                + "\taddress := resolveAddress(addr)\n\tdebugPrint(address)\n"
                + "\terr = http.ListenAndServe(address, engine.Handler())\n\treturn\n}\n");
    assertTrue(in(c, "gins.go").isDefinition(), "still a definition of the name");
    assertTrue(in(c, "gin.go").score() > in(c, "gins.go").score(), c.toString());
  }

  @Test
  void windowsOnlyCodeIsDemotedUnlessTheQueryNamesWindows() {
    String code = "int uv_udp_recv_start(uv_udp_t* h) {\n  return recvmmsg(h);\n}\n";
    List<Candidate> c = score("uv_udp_recv_start", "src/unix/udp.c", code, "src/win/udp.c", code,
        "src/fs_windows.go", code);
    assertTrue(in(c, "src/win/udp.c").reasons().contains("windows_demoted"));
    assertTrue(in(c, "src/fs_windows.go").reasons().contains("windows_demoted"));
    assertFalse(in(c, "src/unix/udp.c").reasons().contains("windows_demoted"));
    assertTrue(in(c, "src/unix/udp.c").score() > in(c, "src/win/udp.c").score(), c.toString());
    List<Candidate> asked = score("uv_udp_recv_start|Windows", "src/unix/udp.c", code,
        "src/win/udp.c", code);
    assertFalse(in(asked, "src/win/udp.c").reasons().contains("windows_demoted"));
    assertFalse(PathSignals.isWindowsOnly("src/window.py"), "a window is not Windows");
    assertFalse(PathSignals.isWindowsOnly("rich/_windows_renderer.py"));
    assertTrue(PathSignals.isWindowsOnly("rich/_windows.py"));
  }

  /**
   * zod keeps version 3 under {@code v3/} and version 4 under {@code v4/}: "in zod 3, how do
   * refine and transform run" found version 4's code first, denser in the same words.
   */
  @Test
  void codeOfAnotherVersionIsDemotedWhenTheQueryNamesOne() {
    String code = "export function refine(check) {\n  return transform(check);\n}\n";
    List<Candidate> c = score("refine|zod 3", "v3/types.ts", code, "v4/core/api.ts", code,
        "src/util.ts", code);
    assertTrue(in(c, "v4/core/api.ts").reasons().contains("other_version"));
    assertFalse(in(c, "v3/types.ts").reasons().contains("other_version"));
    assertFalse(in(c, "src/util.ts").reasons().contains("other_version"), "in no version");
    assertTrue(in(c, "v3/types.ts").score() > in(c, "v4/core/api.ts").score(), c.toString());
    List<Candidate> none = score("refine", "v3/types.ts", code, "v4/core/api.ts", code);
    assertFalse(in(none, "v4/core/api.ts").reasons().contains("other_version"),
        "no version named, none demoted");
    assertEquals(Set.of(3, 4), PathSignals.askedVersions("from zod 3 to v4, see #1234 and 2.5"));
    assertEquals(3, PathSignals.versionFolder("packages/zod/v3/helpers/util.ts"));
    assertEquals(0, PathSignals.versionFolder("src/v3.ts"), "a file, not a folder");
    assertEquals(0, PathSignals.versionFolder("api/version/x.go"));
  }

  @Test
  void importsAndPrototypesAreDeclarationOnly() {
    List<Candidate> c =
        score("load_config", "a.py", UTIL, "b.py", "from a import load_config\n\n\nx = 1\n",
            "c.h", "int load_config(const char *path);\n",
            "d.h", "#define API extern\nAPI ssize_t load_config(const char*);\n",
            "e.c", "static int x;\nint y = 2;\n\nint main(void) {\n  load_config(\"x\");\n}\n",
            "types/config.d.ts", "export interface Options {\n  load_config: Loader\n}\n");
    assertTrue(in(c, "b.py").reasons().contains("declaration_only"));
    assertTrue(in(c, "c.h").reasons().contains("declaration_only"));
    assertTrue(in(c, "d.h").reasons().contains("declaration_only"), "behind an export macro");
    assertFalse(in(c, "e.c").reasons().contains("declaration_only"), "a call");
    assertTrue(in(c, "types/config.d.ts").reasons().contains("declaration_only"));
    assertFalse(in(c, "a.py").reasons().contains("declaration_only"));
  }

  @Test
  void testsAreDemotedUnlessTheQueryAsksForThem() {
    String test = "def test_load():\n    assert load_config('x')\n";
    String code = "def main():\n    load_config('x')\n";
    List<Candidate> c = score("load_config", "tests/test_a.py", test, "app.py", code);
    assertTrue(in(c, "tests/test_a.py").reasons().contains("test_demoted"));
    assertTrue(in(c, "tests/test_a.py").test());
    assertFalse(in(c, "app.py").reasons().contains("test_demoted"));
    List<Candidate> asked = score("load_config|test", "tests/test_a.py", test, "app.py", code);
    assertFalse(in(asked, "tests/test_a.py").reasons().contains("test_demoted"));
    // A Rust module's `tests.rs` and a Django app's `tests.py` are its tests by convention.
    assertTrue(PathSignals.isTest("src/fs/file/tests.rs"));
    assertTrue(PathSignals.isTest("polls/tests.py"));
    assertFalse(PathSignals.isTest("src/contests.rs"));
  }

  @Test
  void vendoredExampleDocumentationAndCommentOnlySlicesAreDemoted() {
    String use = "def main():\n    load_config('x')\n";
    List<Candidate> c =
        score("load_config", "vendor/lib/a.py", use, "docs/guide.md", "Call load_config first.\n",
            "b.py", "# load_config reads the file\n# and caches it\n# forever\n\n\nx = 1\n",
            "app.py", use, "examples/demo.py", use, "sample.py", use,
            "benchmarks/parse.py", use, "conf/locale/de/formats.py", use,
            "docs/code/demo/main.py", use);
    assertTrue(in(c, "vendor/lib/a.py").reasons().contains("vendor_demoted"));
    assertTrue(in(c, "benchmarks/parse.py").reasons().contains("example_demoted"));
    assertTrue(in(c, "conf/locale/de/formats.py").reasons().contains("locale_demoted"));
    assertTrue(in(c, "examples/demo.py").reasons().contains("example_demoted"));
    assertFalse(in(c, "sample.py").reasons().contains("example_demoted"), "a segment, not a name");
    assertTrue(in(c, "docs/guide.md").reasons().contains("not_code"));
    assertTrue(in(c, "docs/code/demo/main.py").reasons().contains("example_demoted"),
        "code kept with the documentation shows use");
    assertTrue(in(c, "b.py").reasons().contains("mostly_comments"));
    Candidate plain = in(c, "app.py");
    assertEquals(List.of(), plain.reasons().stream()
        .filter(r -> r.endsWith("_demoted") || r.equals("not_code") || r.equals("mostly_comments"))
        .toList());
    assertTrue(plain.score() > in(c, "vendor/lib/a.py").score());
  }

  @Test
  void aQuestionDemotesThinSlicesButNotTheWorkNorAThinDefinitionItNames() {
    String code =
        "class Options:\n"
            + "    def budget(self):\n"
            + "        \"\"\"The token budget the packer enforces.\"\"\"\n"
            + "        return self._budget\n"
            + "\n"
            + "\n"
            + "def pack(chunks, budget):\n"
            + "    \"\"\"Packs chunks until the token budget is spent.\"\"\"\n"
            + "    out = []\n"
            + "    for c in chunks:\n"
            + "        if c.tokens > budget:\n"
            + "            break\n"
            + "        budget -= c.tokens\n"
            + "        out.append(c)\n"
            + "    return out\n";
    List<Candidate> question = score("where is the token budget enforced", "pack.py", code);
    Candidate accessor = at(question, 2);
    Candidate work = at(question, 7);
    assertTrue(accessor.reasons().contains("thin"), accessor.reasons().toString());
    assertFalse(work.reasons().contains("thin"), work.reasons().toString());
    // Named in the question, the accessor is what was asked for.
    Candidate named = at(score("where is Options.budget() read", "pack.py", code), 2);
    assertFalse(named.reasons().contains("thin"), named.reasons().toString());
    // A precise query is not a question: what it matched is what it asked for.
    assertFalse(at(score("budget", "pack.py", code), 2).reasons().contains("thin"));
  }

  /** The candidate whose region starts on {@code line}. */
  private static Candidate at(List<Candidate> candidates, int line) {
    return candidates.stream()
        .filter(c -> c.region().start() <= line && c.region().end() >= line)
        .findFirst()
        .orElseThrow(() -> new AssertionError("no candidate at line " + line + ": " + candidates));
  }

  @Test
  void aNameTypedWithCapitalsIsReferencedOnlyInThatSpelling() {
    List<Candidate> c =
        score("Hooks", "a.js", "function Hooks () {\n  this.x = 1\n}\n",
            "b.js", "function build () {\n  return new Hooks()\n}\n",
            "c.js", "function other () {\n  const hooks = []\n}\n");
    assertTrue(in(c, "b.js").references().contains("Hooks"));
    assertFalse(in(c, "c.js").references().contains("Hooks"));
    List<Candidate> lower =
        score("hooks", "c.js", "function other () {\n  const Hooks = []\n}\n");
    assertTrue(in(lower, "c.js").references().contains("hooks"));
  }

  @Test
  void theBaseRelevanceNamesItsReason() {
    Relevance recall =
        new Relevance() {
          @Override
          public double of(Region region) {
            return 1.0;
          }

          @Override
          public String reason() {
            return "semantic-recall";
          }
        };
    Candidate c =
        score(QueryParser.parse("load_config"), recall, "a.py", UTIL).get(0);
    assertTrue(c.reasons().contains("semantic-recall"));
  }
}
