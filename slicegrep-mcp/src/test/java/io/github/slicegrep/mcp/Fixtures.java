package io.github.slicegrep.mcp;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A small project tree to search, with a file beside it that no root allows. */
final class Fixtures {
  private Fixtures() {}

  /** Creates {@code dir/proj} (returned) and {@code dir/outside.py}. */
  static Path project(Path dir) throws IOException {
    Path proj = Files.createDirectories(dir.resolve("proj"));
    Files.createDirectories(proj.resolve("src"));
    Files.createDirectories(proj.resolve("tests"));
    Files.writeString(
        proj.resolve("src/scorer.py"),
        "import math\n\n\n"
            + "class Scorer:\n"
            + "    \"\"\"Scores regions.\"\"\"\n\n"
            + "    def __init__(self, weight):\n"
            + "        self.weight = weight\n\n"
            + "    def score(self, hits):\n"
            + "        return self.weight * math.log(1 + len(hits))\n\n"
            + "    def normalise(self, value):\n"
            + "        return value / (1 + value)\n");
    Files.writeString(
        proj.resolve("src/app.py"),
        "from scorer import Scorer\n\n\n"
            + "def rank_all(regions):\n"
            + "    s = Scorer(2.0)\n"
            + "    return sorted(regions, key=lambda r: s.score(r.hits))\n");
    Files.writeString(
        proj.resolve("tests/test_scorer.py"),
        "from scorer import Scorer\n\n\n"
            + "def test_score_grows():\n"
            + "    assert Scorer(1).score([1, 2]) > Scorer(1).score([1])\n");
    Files.writeString(dir.resolve("outside.py"), "SECRET_TOKEN = 'do-not-leak'\ndef score(): pass\n");
    return proj;
  }

  /** {@code count} small Python functions that all match {@code def handler}, in one tree. */
  static Path manyMatches(Path dir, int files, int functionsPerFile) throws IOException {
    Path root = Files.createDirectories(dir.resolve("many"));
    for (int f = 0; f < files; f++) {
      StringBuilder sb = new StringBuilder();
      for (int i = 0; i < functionsPerFile; i++) {
        sb.append("def handler_").append(f).append('_').append(i).append("(request):\n");
        for (int line = 0; line < 8; line++) {
          sb.append("    value_").append(line).append(" = request.get('field_").append(i)
              .append('_').append(line).append("') or compute(").append(line).append(")\n");
        }
        sb.append("    return value_0\n\n");
      }
      Files.writeString(root.resolve("module_" + f + ".py"), sb.toString());
    }
    return root;
  }
}
