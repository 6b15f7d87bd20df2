package io.github.slicegrep.outline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.github.slicegrep.source.SourceFile;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The token scan must give exactly the parser's outline wherever it answers: users get the same
 * slices, only sooner. Checked on hand-picked corners and on seeded random programs.
 */
class PythonOutlinerTest {
  private static final Outliner PARSER = ScanAgreement.PARSER;

  private static void assertSameAsParser(String name, String text) {
    ScanAgreement.assertSameAsParser(PythonOutliner::outline, name, text);
  }

  @Test
  void decoratorsCommentsAndNestingAsTheParserSeesThem() {
    assertSameAsParser("shapes.py", """
        import os


        # Shapes of the drawing.
        # Two lines of comment attach.
        @dataclass(
            frozen=True,
        )
        # a comment between decorators
        @total_ordering
        class Shape:
            \"\"\"A shape.

        def not_a_function(): this line is inside a docstring
            \"\"\"

            def area(self) -> float:
                return 0.0
                # trailing comment at the body's indentation belongs to area

            # this one, at the class's body indentation, belongs to the class
        # and this one to nothing

        async def main(args: list[str] = [
            "a",  # a comment inside brackets
        ]) -> None:
            def inner(): return 1
            x = \\
                inner()
            y = f"{x!r} {'nested'}" + rb'\\'' + '''multi
        line''' + "\\
        continued"
            return None
        class Empty: pass
        define = 1
        classify = lambda v: v
        """);
  }

  @Test
  void commentRunsBeforeADedentSplitWhereTheirIndentationDrops() {
    assertSameAsParser("runs.py", """
        class A:
            def f(self):
                if True:
                    pass
                    # deep: inside the if, so inside f
                # f's level: inside f
            # A's level: inside A, not f
          # shallower than A's body: outside A
        # top level
        def g(): return \\

        # after a backslash carried over a blank line
        def k():
            assert check(1) \\
                # a comment the backslash carried into the statement

        def h():
            pass
            # the file ends in a comment at h's body
        """);
  }

  @Test
  void carriageReturnLineEndsChangeNothing() {
    assertSameAsParser("crlf.py",
        "class A:\r\n    def f(self):\r\n        x = 1 + \\\r\n2\r\n        return x\r\n"
            + "    # c\r\ndef g():\r\n    s = \"\"\"a\r\nb\"\"\"\r\n");
  }

  @Test
  void unsureFilesAreLeftToTheParser() {
    List<String> unsure =
        List.of(
            "def f():\n\treturn 1\n",
            "x = 'never closed\ndef f():\n    pass\n",
            "x = (1,\ndef f():\n    pass\n",
            "x = [1])\n",
            "if x:\n        a = 1\n    b = 2\n",
            "def \\\n    f():\n    pass\n",
            "x = " + "(".repeat(2_000_000) + "\n",
            "def f():\n    s = '''" + "never closed\n".repeat(100_000));
    for (String text : unsure) {
      assertFalse(PythonOutliner.outline(Fixtures.text("unsure.py", text)).isPresent(), text);
    }
    SourceFile tabs = Fixtures.text("tabs.py", "class T:\n\tdef f(self):\n\t\treturn 1\n");
    assertEquals(PARSER.outline(tabs).definitions(),
        Outliners.standard().outline(tabs).definitions());
    assertEquals(2, Outliners.standard().outline(tabs).definitions().size());
  }

  @Test
  void seededRandomProgramsOutlineAsTheParserDoes() {
    for (long seed = 1; seed <= 150; seed++) {
      Random random = new Random(seed);
      StringBuilder program = new StringBuilder();
      new Generator(random, program).block(0, 0);
      assertSameAsParser("random-" + seed + ".py", program.toString());
    }
  }

  /** Writes valid Python with definitions, comments and multi-line tokens at random places. */
  private record Generator(Random random, StringBuilder out) {
    void block(int indent, int depth) {
      int statements = 1 + random.nextInt(depth == 0 ? 8 : 4);
      for (int s = 0; s < statements; s++) {
        statement(indent, depth);
      }
    }

    void statement(int indent, int depth) {
      String pad = " ".repeat(indent);
      switch (random.nextInt(depth < 3 ? 11 : 7)) {
        case 0 -> out.append(pad).append("x = call(a, b)  # trailing\n");
        case 1 -> out.append(pad).append("value = compute(\n").append(pad)
            .append("    # a comment inside the brackets\n").append(pad).append("    1,\n")
            .append(pad).append(")\n");
        case 2 -> out.append(pad).append("doc = \"\"\"text\ndef fake():\n# not a comment\n")
            .append(pad).append("\"\"\"\n");
        case 3 -> out.append(pad).append("total = 1 + \\\n").append(pad).append("    2\n");
        case 4 -> comment(indent);
        case 5 -> out.append("\n");
        case 6 -> out.append(pad).append("return f'{x}' + r\"\\\"\"\n");
        case 7 -> definition(indent, depth);
        case 8 -> definition(indent, depth);
        case 9 -> {
          out.append(pad).append(random.nextBoolean() ? "if ready:\n" : "for item in items:\n");
          block(indent + step(), depth + 1);
        }
        default -> {
          out.append(pad).append("try:\n");
          block(indent + step(), depth + 1);
          out.append(pad).append("except Exception:\n");
          block(indent + step(), depth + 1);
        }
      }
    }

    void definition(int indent, int depth) {
      String pad = " ".repeat(indent);
      if (random.nextInt(3) == 0) {
        comment(indent);
      }
      if (random.nextBoolean()) {
        out.append(pad).append("@decorator(\n").append(pad).append("    option=1,\n")
            .append(pad).append(")\n");
      }
      String name = "name" + random.nextInt(1000);
      switch (random.nextInt(4)) {
        case 0 -> out.append(pad).append("def ").append(name).append("(a, b=[\n").append(pad)
            .append("    1]):\n");
        case 1 -> out.append(pad).append("async def ").append(name).append("():\n");
        case 2 -> {
          out.append(pad).append("def ").append(name).append("(): return 1\n");
          return;
        }
        default -> out.append(pad).append("class ").append(name).append("(Base):\n");
      }
      block(indent + step(), depth + 1);
      if (random.nextInt(3) == 0) {
        comment(indent + step());
      }
    }

    /** A comment line at any indentation: Python allows it anywhere. */
    void comment(int near) {
      int indent = Math.max(0, near + 2 * (random.nextInt(5) - 2));
      out.append(" ".repeat(indent)).append("# comment ").append(random.nextInt(100)).append('\n');
    }

    int step() {
      return random.nextBoolean() ? 4 : 2;
    }
  }
}
