package io.github.slicegrep.solr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.slicegrep.outline.Outliners;
import io.github.slicegrep.source.SourceFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.apache.solr.common.SolrDocument;
import org.apache.solr.common.SolrInputDocument;
import org.junit.jupiter.api.Test;

/** The document format without a cluster: files cut into block documents and rebuilt. */
class BlockDocumentsTest {
  private static final String[] LINES = {
    "", "   ", "}", "  }", "end", "def f(x):", "    return x", "class A:", "    def m(self):",
    "        pass", "public void run() {", "  int y = 1;", "// a comment", "x = {", "};",
    "function g() {", "  return 2;", "fn main() {", "\t\tindented", "const z = 3;"
  };

  @Test
  void everyFileIsRebuiltLineForLineFromItsDocuments() {
    Random random = new Random(23);
    String[] names = {"a.py", "B.java", "c.js", "d.rs", "e.txt", "f.rb"};
    for (int trial = 0; trial < 300; trial++) {
      int n = random.nextInt(trial < 20 ? 3 : 150);
      StringBuilder text = new StringBuilder();
      for (int i = 0; i < n; i++) {
        text.append(LINES[random.nextInt(LINES.length)]).append(random.nextInt(8) == 0 ? "\r\n" : "\n");
      }
      if (random.nextBoolean() && n > 0) {
        text.setLength(text.length() - 1);
      }
      String name = names[trial % names.length];
      SourceFile file = SourceFile.of(Path.of(name), "src/" + name, text.toString());
      List<SolrDocument> docs = stored(BlockDocuments.of("repo", file,
          Outliners.standard().outline(file)));
      Optional<SourceFile> rebuilt = BlockDocuments.rebuild("repo/src/" + name, docs);
      assertTrue(rebuilt.isPresent(), "trial " + trial + ": " + text);
      assertEquals(file.lines(), rebuilt.get().lines(), "trial " + trial);
      assertEquals("repo/src/" + name, rebuilt.get().relativePath());
      assertEquals(file.language(), rebuilt.get().language());
      if (docs.size() > 1) {
        List<SolrDocument> missing = new ArrayList<>(docs);
        missing.remove(random.nextInt(missing.size()));
        assertEquals(Optional.empty(), BlockDocuments.rebuild("repo/src/" + name, missing),
            "a file with a piece missing is not rebuilt");
      }
    }
  }

  @Test
  void aFilesDocumentsShareOneRouteKeyAndTheHashFollowsTheText() {
    String a = BlockDocuments.id("repo/a/b!c.py", 0);
    String b = BlockDocuments.id("repo/a/b!c.py", 7);
    assertEquals(a.substring(0, a.indexOf('!')), b.substring(0, b.indexOf('!')));
    assertTrue(a.matches("[0-9a-f]{16}!0"), a);
    SourceFile one = SourceFile.of(Path.of("x.py"), "x.py", "a = 1\n");
    SourceFile two = SourceFile.of(Path.of("x.py"), "x.py", "a = 2\n");
    assertNotEquals(BlockDocuments.hash(one), BlockDocuments.hash(two));
    assertTrue(BlockDocuments.hash(one).startsWith(BlockDocuments.FORMAT + ":"));
  }

  /** The documents as a search reads them back: stored fields only. */
  private static List<SolrDocument> stored(List<SolrInputDocument> docs) {
    List<SolrDocument> out = new ArrayList<>();
    for (SolrInputDocument in : docs) {
      SolrDocument d = new SolrDocument();
      for (String field : BlockDocuments.PIECE_FIELDS.split(",")) {
        if (in.getFieldValue(field) != null) {
          d.setField(field, in.getFieldValue(field));
        }
      }
      out.add(d);
    }
    return out;
  }
}
