package io.github.slicegrep.outline;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The Go token scan must give exactly the parser's outline wherever it answers. Checked on
 * hand-picked corners and on seeded random programs.
 */
class GoOutlinerTest {
  private static final Outliner PARSER = ScanAgreement.PARSER;

  private static void assertSameAsParser(String name, String text) {
    ScanAgreement.assertSameAsParser(GoOutliner::outline, name, text);
  }

  @Test
  void typesFunctionsMethodsAndCommentsAsTheParserSeesThem() {
    assertSameAsParser("scorer.go", """
        // Package rank scores. {
        package rank

        import (
        \t"fmt"
        )

        // Scorer scores.
        type Scorer struct {
        \ta int
        \tf interface{ Inner() int }
        }

        type (
        \tA struct{}
        \t// B is b.
        \tB interface {
        \t\tM(x int) (int,
        \t\t\terror)
        \t\tfmt.Stringer
        \t\t~int | ~string
        \t}
        \tC = struct{}
        \tD[T any] struct{ v T }
        \tE [5]struct{}
        \tF []struct{}
        )

        type (G struct{ a int }
        \tH interface{ I() })

        type J interface{ K() }

        /* Score does. */
        func (s *Scorer) Score(q string) int {
        \ttype local struct{}
        \tf := func() { type inner interface{ X() } }
        \tswitch v := any(q).(type) {
        \tcase string:
        \t\t_ = v
        \t}
        \tr := '{'
        \traw := `}
        func fake() {`
        \tf()
        \treturn len(raw) + int(r)
        }

        func (Stack[T]) Push() {}

        func Top[T any, U comparable](x T,
        \ty U) (r struct{ a int }) {
        \treturn
        }

        var v = func() {
        \ttype inVar struct{}
        }
        """);
  }

  @Test
  void carriageReturnLineEndsChangeNothing() {
    assertSameAsParser("crlf.go",
        "package p\r\n\r\n// F does.\r\nfunc F() {\r\n\ts := `a\r\nb`\r\n\t_ = s\r\n}\r\n"
            + "type T struct {\r\n\ta int\r\n}\r\n");
  }

  @Test
  void unsureFilesAreLeftToTheParser() {
    List<String> unsure =
        List.of(
            "package p\nfunc F() { /* never closed\n}\n",
            "package p\nfunc F() { s := `never closed\n}\n",
            "package p\nfunc F() { s := \"never closed\n}\n",
            "package p\nfunc F() {\n",
            "package p\nfunc F() int\n",
            "package p\nfunc (a, b T) F() {}\n",
            "package p\nfunc (s *S) F[T any]() {}\n",
            "package p\ntype A [N * 2]struct{}\n",
            "package p\nfunc F() { s := \"\ud83d\ude00\" }\n",
            "package p\nfunc F() { x := a ? b : c }\n",
            "package p\nfunc caf\u00e9() {}\n",
            // Typos the parser's error recovery turns into definitions of its own, seen when
            // one character of real files was deleted or inserted.
            "package p\nfun F() {}\n",
            "package p\nfunc F() { f len(x) {} }\n",
            "package p\n/ F does.\nfunc F() {}\n",
            "package p\ntype A<B struct{}\n",
            "package p\ntype I interface {\n\tA,b()\n}\n");
    for (String text : unsure) {
      assertFalse(GoOutliner.outline(Fixtures.text("unsure.go", text)).isPresent(), text);
    }
  }

  @Test
  void hostileInputNeitherThrowsNorHangs() {
    List<String> hostile =
        List.of(
            "package p\nvar x = " + "1 + ".repeat(200_000) + "1\n",
            "package p\nfunc F() {" + "{".repeat(100_000) + "}".repeat(100_000) + "}\n",
            "package p\ntype A " + "interface { ".repeat(50_000) + "}".repeat(50_000) + "\n",
            "(".repeat(100_000) + "\n" + ")".repeat(100_000),
            "/*".repeat(100_000),
            "`".repeat(100_001),
            "package p\nfunc " + "(".repeat(50_000));
    assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
      for (String text : hostile) {
        GoOutliner.outline(Fixtures.text("hostile.go", text));
      }
    });
  }

  @Test
  void seededRandomProgramsOutlineAsTheParserDoes() {
    for (long seed = 1; seed <= 200; seed++) {
      Random random = new Random(seed);
      StringBuilder program = new StringBuilder("package random\n\n");
      Generator generator = new Generator(random, program);
      int declarations = 1 + random.nextInt(6);
      for (int k = 0; k < declarations; k++) {
        generator.declaration();
      }
      assertSameAsParser("random" + seed + ".go", program.toString());
    }
  }

  /** Writes valid Go with types, functions, methods, closures, comments and tricky literals. */
  private record Generator(Random random, StringBuilder out) {
    void declaration() {
      leadingComment("");
      switch (random.nextInt(5)) {
        case 0 -> function();
        case 1 -> {
          out.append("type ").append(name("T")).append(' ');
          type("", 0);
          out.append('\n');
        }
        case 2 -> {
          out.append(random.nextBoolean() ? "type (" : "type (\n");
          int specs = 1 + random.nextInt(3);
          for (int k = 0; k < specs; k++) {
            leadingComment("\t");
            out.append('\t').append(name("T")).append(random.nextInt(4) == 0 ? " = " : " ");
            type("\t", 0);
            out.append('\n');
          }
          out.append(")\n");
        }
        case 3 -> {
          out.append("var ").append(name("v")).append(" = func() {\n");
          statements("\t", 1);
          out.append("}\n");
        }
        default -> out.append("const ").append(name("c")).append(" = \"}\"\n");
      }
      out.append('\n');
    }

    void function() {
      out.append("func ");
      boolean method = random.nextBoolean();
      if (method) {
        out.append(random.nextBoolean() ? "(s *Scorer) " : "(Box[T]) ");
      }
      out.append(name("F"));
      if (!method && random.nextInt(3) == 0) {
        out.append("[T any, U comparable]"); // methods take none
      }
      out.append(random.nextBoolean() ? "(a int,\n\tb string)" : "()");
      switch (random.nextInt(3)) {
        case 0 -> out.append(" (int, error)");
        case 1 -> out.append(" struct{ a int }");
        default -> {
        }
      }
      out.append(" {\n");
      statements("\t", 1);
      out.append("}\n");
    }

    void type(String pad, int depth) {
      switch (random.nextInt(depth < 2 ? 6 : 4)) {
        case 0 -> out.append("int");
        case 1 -> out.append("[]string");
        case 2 -> out.append("struct{}");
        case 3 -> out.append("map[string]func() int");
        case 4 -> {
          out.append("struct {\n");
          int fields = random.nextInt(3);
          for (int k = 0; k < fields; k++) {
            out.append(pad).append("\t").append(name("f")).append(' ');
            type(pad + "\t", depth + 1);
            out.append(" `json:\"x\"`\n");
          }
          out.append(pad).append("}");
        }
        default -> {
          out.append("interface {\n");
          int elements = random.nextInt(4);
          for (int k = 0; k < elements; k++) {
            leadingComment(pad + "\t");
            switch (random.nextInt(3)) {
              case 0 -> out.append(pad).append("\t").append(name("M")).append("(a int,\n")
                  .append(pad).append("\t\tb string) (int, error)\n");
              case 1 -> out.append(pad).append("\t").append(name("M")).append("() ")
                  .append("interface{ Inner() }\n");
              default -> out.append(pad).append("\tfmt.Stringer\n");
            }
          }
          out.append(pad).append("}");
        }
      }
    }

    void statements(String pad, int depth) {
      int count = random.nextInt(4);
      for (int k = 0; k < count; k++) {
        switch (random.nextInt(depth < 3 ? 7 : 4)) {
          case 0 -> out.append(pad).append("s := \"{\" + string('}') + `\n{`\n")
              .append(pad).append("_ = s\n");
          case 1 -> out.append(pad).append("// a comment { in a body\n");
          case 2 -> out.append(pad).append("x++\n");
          case 3 -> {
            out.append(pad).append("switch v := any(1).(type) {\n").append(pad)
                .append("case int:\n").append(pad).append("\t_ = v\n").append(pad).append("}\n");
          }
          case 4 -> {
            out.append(pad).append("type ").append(name("local")).append(' ');
            type(pad, depth);
            out.append('\n');
          }
          case 5 -> {
            out.append(pad).append("f := func() {\n");
            statements(pad + "\t", depth + 1);
            out.append(pad).append("}\n").append(pad).append("f()\n");
          }
          default -> {
            out.append(pad).append("if x > 0 {\n");
            statements(pad + "\t", depth + 1);
            out.append(pad).append("}\n");
          }
        }
      }
    }

    void leadingComment(String pad) {
      ScanAgreement.leadingComment(random, out, pad);
    }

    String name(String prefix) {
      return ScanAgreement.name(random, prefix);
    }
  }
}
