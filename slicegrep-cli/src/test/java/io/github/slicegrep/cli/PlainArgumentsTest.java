package io.github.slicegrep.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The plain reader of the command line against picocli: every line the plain reader takes must
 * give the very fields picocli gives, and picocli must take it without complaint; the common
 * lines must be taken (else the start-up it saves is lost).
 */
class PlainArgumentsTest {
  /** Tokens an agent or a person types, odd ones included. */
  private static final String[] WORDS = {
    "src", "src/app.py", "def render_lines|class Console", "how are routes registered?", "",
    "404", "0", "12", "+4", "-3", "007", "99999999999", "a b", "\"quoted\"", "'x'", "@args.txt",
    "-", "--", "-b", "--budget", "--budget=300", "--budget=", "-b500", "-b=5", "--boundary",
    "--boundary=fn", "fn", "none", "auto", "--objective", "def+test", "--max-file-bytes",
    "--max-file-bytes=1048576", "-r", "--recursive", "--no-recursive", "--no-dedupe", "--json",
    "--json=true", "--confine", "--no-confine", "--dense", "--no-dense", "--history",
    "--no-history", "--no-index", "--no-server", "--map", "--index", "status", "--server",
    "-h", "--help", "-V", "--version", "--bogus", "-rb", "--Budget", "x\u0000y"
  };

  @Test
  void everyLineTakenGivesPicocliFields() throws Exception {
    Random random = new Random(1313);
    int taken = 0;
    for (int n = 0; n < 20_000; n++) {
      String[] args = new String[random.nextInt(7)];
      for (int i = 0; i < args.length; i++) {
        args[i] = WORDS[random.nextInt(WORDS.length)];
      }
      taken += agrees(args) ? 1 : 0;
    }
    assertTrue(taken > 200, "only " + taken + " generated lines were plain");
  }

  @Test
  void theLinesAgentsTypeAreTaken() throws Exception {
    String[][] lines = {
      {"src", "def render_lines"},
      {"src", "how are routes registered", "--budget", "2000"},
      {"--no-server", "src", "Console|render", "3", "4"},
      {"src", "Scorer", "-b", "800", "--boundary", "fn", "--json"},
      {"src", "q", "--budget=0", "--no-index", "--no-recursive", "--objective", "single"},
      {"src", "q", "--max-file-bytes", "2000000", "--confine", "--no-dedupe", "--history"},
    };
    for (String[] line : lines) {
      assertTrue(agrees(line), Arrays.toString(line));
    }
  }

  @Test
  void everythingElseIsLeftToPicocli() throws Exception {
    String[][] lines = {
      {"--help"}, {"--version"}, {"--index", "status"}, {"--server", "stop"}, {"src"},
      {"src", "q", "-b", "5", "--budget", "6"}, {"src", "q", "-b5"}, {"src", "q", "@more"},
      {"src", "q", "--", "x"}, {"src", "q", "--boundary", "-x"}, {"src", "q", "x"},
      {"--map", "src/app.py"}, {"src", "q", "--json=true"}, {"src", "q", "1", "2", "3"},
    };
    for (String[] line : lines) {
      assertFalse(PlainArguments.read(line, command()), Arrays.toString(line));
    }
  }

  @Test
  void recursionIsOnUnlessNoRecursiveIsGiven() throws Exception {
    for (String[] line : new String[][] {{"src", "q"}, {"src", "q", "-r"}, {"src", "q", "--recursive"}}) {
      SlicegrepCommand c = command();
      new CommandLine(c).parseArgs(line);
      assertFalse(c.noRecursive, Arrays.toString(line));
    }
    SlicegrepCommand c = command();
    new CommandLine(c).parseArgs("src", "q", "--no-recursive");
    assertTrue(c.noRecursive);
  }

  /**
   * Whether the plain reader takes {@code args}; when it does, picocli must take them too and set
   * the same fields.
   */
  private static boolean agrees(String[] args) throws Exception {
    SlicegrepCommand plain = command();
    if (!PlainArguments.read(args, plain)) {
      return false;
    }
    SlicegrepCommand picocli = command();
    try {
      new CommandLine(picocli).parseArgs(args);
    } catch (CommandLine.ParameterException e) {
      throw new AssertionError("picocli refused " + Arrays.toString(args) + ": " + e.getMessage());
    }
    assertEquals(fields(picocli), fields(plain), Arrays.toString(args));
    return true;
  }

  private static SlicegrepCommand command() {
    return new SlicegrepCommand(null, null, Invocation.inProcess());
  }

  /** Every option and parameter field of the command, by name. */
  private static Map<String, String> fields(SlicegrepCommand command) throws Exception {
    Map<String, String> values = new LinkedHashMap<>();
    List<Field> read = new ArrayList<>();
    for (Field f : SlicegrepCommand.class.getDeclaredFields()) {
      if (f.isAnnotationPresent(Option.class) || f.isAnnotationPresent(Parameters.class)) {
        read.add(f);
      }
    }
    assertTrue(read.size() > 15, "fields found: " + read.size());
    for (Field f : read) {
      f.setAccessible(true);
      values.put(f.getName(), Objects.toString(f.get(command)));
    }
    return values;
  }
}
