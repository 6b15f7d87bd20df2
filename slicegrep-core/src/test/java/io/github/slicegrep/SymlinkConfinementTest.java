package io.github.slicegrep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link Options#confined()}: a confined directory search never reads what a symlink in the
 * tree reaches outside it, yet still follows links that stay inside.
 */
class SymlinkConfinementTest {
  private static final String SECRET = "def find_needle(): return 'outside'\n";
  private static final String SECRET2 = "def find_needle(x): return 'outside', x\n";
  private static final String INSIDE = "def find_needle(): return 'inside'\n";
  private static final Options CONFINED = Options.defaults().withConfined(true);

  @TempDir Path dir;

  private final FocusedReader reader = new FocusedReader();
  private Fixture outside;
  private Fixture tree;

  @BeforeEach
  void plantLinks() throws IOException {
    outside = Fixture.in(dir.resolve("outside")).file("far.py", SECRET).file("deep/far2.py", SECRET2);
    tree = Fixture.in(dir.resolve("tree")).file("src/near.py", INSIDE);
    Path t = tree.root();
    // Out of the tree: a directory link, a file link, a chain of two in-tree links ending
    // outside, a link to the tree's parent and a relative link climbing out with `..`.
    Files.createSymbolicLink(t.resolve("linked_dir"), outside.root());
    Files.createSymbolicLink(t.resolve("linked_file.py"), outside.path("far.py"));
    Files.createSymbolicLink(t.resolve("hop2.py"), outside.path("deep/far2.py"));
    Files.createSymbolicLink(t.resolve("hop1.py"), t.resolve("hop2.py"));
    Files.createSymbolicLink(t.resolve("parent"), dir);
    Files.createSymbolicLink(t.resolve("src/climb"), Path.of("../../outside/deep"));
    // Inside the tree: a directory link and a file link that must still be followed.
    Files.createSymbolicLink(t.resolve("alias_src"), t.resolve("src"));
    Files.createSymbolicLink(t.resolve("alias.py"), Path.of("src/near.py"));
    Files.createSymbolicLink(t.resolve("dangling.py"), t.resolve("gone.py"));
  }

  /** Every file the search matched, shown or omitted. */
  private static List<String> filesNamed(Result r) {
    return r.files().stream().map(RankedFile::file).sorted().toList();
  }

  @Test
  void aConfinedSearchSkipsEveryLinkLeadingOutAndKeepsLinksInside() {
    Result r = reader.search(tree.root(), "find_needle", CONFINED.withBudget(0));
    assertFalse(r.render().contains("outside"), r.render());
    // src/near.py and alias.py (a link to it); alias_src/ is the same directory as src/ and is
    // visited once, under whichever name the sorted walk meets first.
    assertEquals(List.of("alias.py", "alias_src/near.py"), filesNamed(r));
    assertEquals(2, r.filesSearched());
  }

  @Test
  void withoutConfinementTheSameLinksAreFollowed() {
    Result r = reader.search(tree.root(), "find_needle", Options.defaults().withBudget(0));
    assertTrue(r.render().contains("outside"), r.render());
    for (String f : List.of("linked_dir/far.py", "linked_file.py", "hop1.py", "hop2.py",
        "alias_src/climb/far2.py")) {
      assertTrue(filesNamed(r).contains(f), f + " not in " + filesNamed(r));
    }
  }

  @Test
  void aRootThatIsItselfASymlinkIsSearchedConfinedToItsTarget() throws IOException {
    Path rootLink = dir.resolve("root_link");
    Files.createSymbolicLink(rootLink, tree.root());
    Result r = reader.search(rootLink, "find_needle", CONFINED.withBudget(0));
    assertEquals(List.of("alias.py", "alias_src/near.py"), filesNamed(r));
    assertFalse(r.render().contains("outside"), r.render());
  }

  @Test
  void aFileSearchReadsTheNamedFileEvenConfined() {
    Result r = reader.search(tree.path("linked_file.py"), "find_needle", CONFINED);
    assertEquals(1, r.chunks().size());
    assertTrue(r.chunks().get(0).code().contains("outside"), r.render());
  }

  @Test
  void theSettingIsCopiedByEveryWither() {
    Options o = CONFINED.withBudget(5).withBoundary(Boundary.FN).withBefore(1).withAfter(2)
        .withContext(3).withRecursive(false).withDedupe(false).withObjective(Objective.SINGLE)
        .withMaxFileBytes(10);
    assertTrue(o.confined());
    assertFalse(Options.defaults().confined());
    assertTrue(o.toString().contains("confined=true"), o.toString());
  }
}
