package io.github.slicegrep.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.slicegrep.Chunk;
import io.github.slicegrep.Fixture;
import io.github.slicegrep.FocusedRead;
import io.github.slicegrep.Options;
import io.github.slicegrep.Result;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A question's file evidence: the file whose name or folder says what is asked about, and the
 * function named for it, come before code that only repeats the question's words.
 */
class FileEvidenceTest {
  @TempDir Path tmp;

  private static Set<String> stems(String... words) {
    Set<String> out = new LinkedHashSet<>();
    for (String w : words) {
      out.addAll(io.github.slicegrep.recall.Terms.stems(w));
    }
    return out;
  }

  @Test
  void pathWordsCountByStemAndByCommonPrefix() {
    Set<String> q = stems("password", "hashing", "login");
    // "hashers" and "hashing" share the stem's first four letters; "auth" is no question word.
    assertEquals(1 + 1.0 / 3, FileEvidence.pathFactor(q, "django/contrib/auth/hashers.py"), 1e-9);
    assertEquals(1, FileEvidence.pathFactor(q, "django/db/models/query.py"), 1e-9);
    // The parent folder counts, folders above it do not.
    assertEquals(1 + 1.0 / 3, FileEvidence.pathFactor(q, "login/views.py"), 1e-9);
    assertEquals(1, FileEvidence.pathFactor(q, "login/forms/widgets.py"), 1e-9);
    // A short word is not a prefix of everything it starts: "log" is not "login".
    assertEquals(1, FileEvidence.pathFactor(q, "app/log.py"), 1e-9);
  }

  @Test
  void theFileAndFunctionNamedForTheQuestionComeFirst() {
    StringBuilder views = new StringBuilder();
    // A view that says the question's words many times, without being what it asks about.
    views.append("def login_view(request):\n");
    for (int i = 0; i < 3; i++) {
      views.append("    # check the password of the user before the hashing of the session ")
          .append(i).append("\n");
      views.append("    password_").append(i).append(" = request.POST.get('password')\n");
    }
    views.append("    return render(request)\n");
    Fixture.in(tmp)
        .file("app/views.py", views.toString())
        .file("app/hashers.py",
            "import hashlib\n\n\ndef check_password(password, encoded):\n"
                + "    algorithm, salt, digest = encoded.split('$')\n"
                + "    return hashlib.sha256((salt + password).encode()).hexdigest() == digest\n"
                + "\n\ndef unrelated(x):\n    return x\n");
    Result r =
        FocusedRead.run(tmp, "how is the password checked against its hashing",
            Options.defaults().withBudget(0));
    List<Chunk> chunks = r.chunks();
    assertEquals("app/hashers.py", chunks.get(0).file(), r.render());
    assertTrue(chunks.get(0).code().contains("def check_password"), r.render());
    assertTrue(chunks.get(0).rankReasons().contains("name_words"), r.render());
    assertTrue(chunks.get(0).rankReasons().contains("path_words"), r.render());
  }
}
