package io.github.slicegrep.outline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.slicegrep.source.SourceFile;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The token scan must give exactly the parser's outline wherever it answers: users get the same
 * slices, only sooner. Checked on hand-picked corners and on seeded random programs.
 */
class JavaOutlinerTest {
  private static final Outliner PARSER = ScanAgreement.PARSER;

  private static void assertSameAsParser(String name, String text) {
    ScanAgreement.assertSameAsParser(JavaOutliner::outline, name, text);
  }

  @Test
  void typesMembersCommentsAndAnnotationsAsTheParserSeesThem() {
    assertSameAsParser("Shapes.java", """
        package shapes;

        import java.util.List;

        /**
         * A shape. { not a brace
         */
        @Deprecated
        @SuppressWarnings(value = {"unchecked", "}"})
        public sealed interface Shape permits Circle, Square {
          double area();

          // a default method keeps its comment
          default String label() { return "shape{"; }

          static <T extends Comparable<? super T>> T max(List<? extends T> all) {
            return all.get(0);
          }
        }

        final class Circle implements Shape {
          private static final char QUOTE = '"', APOSTROPHE = '\\'', BRACE = '{';
          private final int[] sizes = {1, 2, 3};
          private final Runnable task = () -> { class InLambda { void run() {} } };
          private final Object anonymous = new Object() {
            @Override public String toString() { return "}"; }
          };

          static {
            System.out.println("static initializer");
          }

          {
            System.out.println("instance initializer");
          }

          Circle() {
            this(1);
          }

          <T> Circle(T size) {
            record Local(int a) {
              Local {
                if (a < 0) throw new IllegalArgumentException();
              }
            }
            final class LocalClass<V> extends java.util.ArrayList<V> {
              int size2() { return size(); }
            }
            interface LocalInterface { void f(); }
            enum LocalEnum { A, B }
            Comparable<String> c = new Comparable<>() {
              public int compareTo(String o) {
                return switch (o) {
                  case "a" -> { yield 1; }
                  default -> 0;
                };
              }
            };
            Object o = Circle.class;
            int sign = switch (o) {
              case Integer i when (i > 0) -> 1;
              case Integer i -> -1;
              default -> 0;
            };
          }

          @Override
          public double area()
              throws IllegalStateException, java.io.UncheckedIOException {
            String text = \"""
                class NotAClass {
                  void notAMethod() {}
                }\""";
            return text.length();
          }

          abstract static class Nested {
            protected abstract int[] values()[];
            native void nativeMethod();
          }
        }

        non-sealed class Square implements Shape {
          public double area() { return 2; }
        }

        enum Planet implements Runnable {
          MERCURY(1) {
            @Override public void run() {}
          },
          VENUS(2) { public void run() {} },
          @Deprecated EARTH(3);

          private final int order;

          Planet(int order) { this.order = order; }

          public void run() {}
        }

        @interface Marker {
          int value() default 1;
          String[] names() default {"}", "{"};
          class Inside {}
        }

        record Pair<A, B extends Comparable<B>>(@Deprecated A first, B second)
            implements java.io.Serializable {
          public Pair {
            java.util.Objects.requireNonNull(first);
          }
          static Pair<String, String> of() { return new Pair<>("a", "b"); }
        }
        """);
  }

  @Test
  void sameLineDefinitionsNestAsTheParsersDo() {
    assertSameAsParser("OneLine.java",
        "enum E { A { void f() {} }, B(1); E() {} E(int a) {} }\n"
            + "class C { class D { void g() {} } void h() {} }\n"
            + "interface I { void a(); void b(); }\n");
  }

  @Test
  void commentsAttachOnlyWhenTheyOpenTheirLineRightAbove() {
    assertSameAsParser("Comments.java", """
        class Comments {
          int a; // trailing, not attached

          void afterTrailing() {}
          /* block
             over lines */
          // and a line comment
          @Deprecated
          // between annotation and method: inside the node
          void attached() {}

          // separated by a blank line

          void separated() {}
          /* opens its line */ int field;
          void belowCodeWithComment() {}
          /** javadoc */ void sameLine() {}
        }
        """);
  }

  @Test
  void carriageReturnLineEndsChangeNothing() {
    assertSameAsParser("Crlf.java",
        "/** doc */\r\nclass Crlf {\r\n  // c\r\n  void f() {\r\n    String s = \"\"\"\r\n"
            + "      text {\r\n      \"\"\";\r\n  }\r\n\r\n  int g() { return 1; }\r\n}\r\n");
    assertSameAsParser("Cr.java", "class Cr {\r  void f() {\r  }\r}\r");
  }

  @Test
  void unsureFilesAreLeftToTheParser() {
    List<String> unsure =
        List.of(
            "class A { /* never closed\n void f() {} }\n",
            "class A { String s = \"never closed;\n void f() {} }\n",
            "class A { char c = '';\n }\n",
            "class A { String s = \"\"\"\n never closed\n",
            "class A { String s = \"\"\"text on the opening line\n  \"\"\"; }\n",
            "class A { void f() { }\n",
            "class A { void f() ) }\n",
            "class A { int \\u0061 = 1; }\n",
            "class Caf\u00e9 { }\n",
            "class A { void f() { foo(x) { } } }\n",
            "class A { int x = 1 }\n",
            "void topLevel() {}\n",
            "class A { int x = 1; \0 }\n",
            "class A { String s = \"\ud83d\ude00\"; }\n",
            // Typos the parser's error recovery turns into definitions of its own, seen when
            // one character of real files was deleted.
            "class A extens B { void f() {} }\n",
            "class A { public statc int x = 1; void f() {} }\n",
            "class A { void f() { if (a) { } ese if (b) { } } }\n",
            "class A { void f() { fina List<String> input = List.of(); } }\n",
            "class A { void f() { for (int i = 0; i < n) { } } }\n",
            "class A { void f() { g(new int[] {5 6}); } }\n");
    for (String text : unsure) {
      assertFalse(JavaOutliner.outline(Fixtures.text("Unsure.java", text)).isPresent(), text);
    }
    SourceFile escaped = Fixtures.text("Escaped.java", "class A {\n  int \\u0061 = 1;\n"
        + "  void f() {}\n}\n");
    assertEquals(PARSER.outline(escaped).definitions(),
        Outliners.standard().outline(escaped).definitions());
    assertEquals(2, Outliners.standard().outline(escaped).definitions().size());
  }

  @Test
  void hostileInputNeitherThrowsNorHangs() {
    List<String> hostile =
        List.of(
            "class A { int x = " + "1 + ".repeat(200_000) + "1; }",
            "class A { void f() { " + "{".repeat(100_000) + "}".repeat(100_000) + " } }\n",
            "class A { " + "class B { ".repeat(50_000) + "}".repeat(50_000) + " }\n",
            "class A { void f() { " + "new B() { void g() { ".repeat(20_000)
                + "} };".repeat(20_000) + " } }\n",
            "class A<" + "B<".repeat(100_000) + "\n",
            "(".repeat(100_000) + "\n" + ")".repeat(100_000),
            "/*".repeat(100_000),
            "\"".repeat(100_001),
            "'".repeat(100_001),
            "class A { Object o = new " + "X<".repeat(50_000) + "> () {}; }",
            binaryIsh(new Random(7), 200_000));
    assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
      for (String text : hostile) {
        Optional<Outline> outline = JavaOutliner.outline(Fixtures.text("Hostile.java", text));
        outline.ifPresent(o -> assertTrue(o.definitions().size() <= 100_000));
      }
    });
    Optional<Outline> deep = JavaOutliner.outline(Fixtures.text("Deep.java",
        "class A { void f() { " + "{".repeat(100_000) + "}".repeat(100_000) + " } }\n"));
    assertEquals(2, deep.orElseThrow().definitions().size());
  }

  private static String binaryIsh(Random random, int length) {
    StringBuilder out = new StringBuilder(length);
    for (int k = 0; k < length; k++) {
      out.append((char) random.nextInt(random.nextBoolean() ? 128 : 0x10000));
    }
    return out.toString();
  }

  @Test
  void seededRandomProgramsOutlineAsTheParserDoes() {
    for (long seed = 1; seed <= 300; seed++) {
      Random random = new Random(seed);
      StringBuilder program = new StringBuilder();
      Generator generator = new Generator(random, program);
      int types = 1 + random.nextInt(3);
      for (int k = 0; k < types; k++) {
        generator.type("", 0, Place.MEMBER);
      }
      assertSameAsParser("Random" + seed + ".java", program.toString());
    }
  }

  /** Where a generated type is declared. */
  private enum Place {
    MEMBER,
    LOCAL,
    ANNOTATION
  }

  /**
   * Writes valid Java with types, members, local and anonymous classes, comments and literals
   * holding braces at random places, on one line or several.
   */
  private record Generator(Random random, StringBuilder out) {
    /**
     * A type declaration of a random shape; a local one (in a method) is never an annotation
     * type, and one in an annotation type never a record (the grammar has none there).
     */
    void type(String pad, int depth, Place place) {
      leadingTrivia(pad);
      String name = "T" + random.nextInt(1000);
      int shape = random.nextInt(5);
      if (place == Place.LOCAL && shape == 3 || place == Place.ANNOTATION && shape == 2) {
        shape = 4;
      }
      switch (shape) {
        case 0 -> {
          out.append(pad).append("interface ").append(name).append("<T> {\n");
          int members = random.nextInt(4);
          for (int k = 0; k < members; k++) {
            leadingTrivia(pad + "  ");
            if (random.nextBoolean()) {
              out.append(pad).append("  ").append("void m").append(k).append("(T t);\n");
            } else {
              out.append(pad).append("  ").append("default int d").append(k)
                  .append("() { return 1; }\n");
            }
          }
          // An interface holds no initializer blocks or constructors: nested types only.
          if (depth < 2 && random.nextBoolean()) {
            type(pad + "  ", depth + 1, Place.MEMBER);
          }
          out.append(pad).append("}\n");
          return;
        }
        case 1 -> {
          out.append(pad).append("enum ").append(name).append(" {\n").append(pad)
              .append("  A,\n").append(pad).append("  B(\"{\") {\n");
          method(pad + "    ", depth + 1);
          out.append(pad).append("  };\n");
          out.append(pad).append("  ").append(name).append("() {}\n");
          out.append(pad).append("  ").append(name).append("(String s) {}\n");
        }
        case 2 -> {
          out.append(pad).append("record ").append(name).append("(int a, String b) {\n");
          out.append(pad).append("  ").append(name).append(" {\n").append(pad)
              .append("    assert a >= 0;\n").append(pad).append("  }\n");
        }
        case 3 -> {
          // An annotation type holds only elements, constants and types.
          out.append(pad).append("@interface ").append(name).append(" {\n")
              .append(pad).append("  String value() default \"}\";\n");
          leadingTrivia(pad + "  ");
          out.append(pad).append("  int[] sizes() default {1, 2};\n");
          if (depth < 2) {
            type(pad + "  ", depth + 1, Place.ANNOTATION);
          }
          out.append(pad).append("}\n");
          return;
        }
        default -> {
          out.append(pad).append(random.nextBoolean() ? "public " : "")
              .append(random.nextBoolean() ? "abstract " : "").append("class ").append(name)
              .append("<K extends Comparable<? super K>>");
          if (random.nextBoolean()) {
            out.append("\n").append(pad).append("    extends java.util.AbstractList<K>");
          }
          out.append(" {\n");
        }
      }
      int members = random.nextInt(depth < 2 ? 6 : 3);
      for (int k = 0; k < members; k++) {
        member(pad + "  ", depth + 1);
      }
      out.append(pad).append("}\n");
    }

    void member(String pad, int depth) {
      switch (random.nextInt(depth < 3 ? 7 : 5)) {
        case 0 -> {
          leadingTrivia(pad);
          out.append(pad).append("private int field").append(random.nextInt(100)).append(" = ");
          expression(pad, depth);
          out.append(";\n");
        }
        case 1, 2 -> method(pad, depth);
        case 3 -> {
          if (random.nextBoolean()) {
            out.append(pad).append("// an initializer block takes no annotation\n");
          }
          out.append(pad).append(random.nextBoolean() ? "static " : "").append("{\n");
          statements(pad + "  ", depth);
          out.append(pad).append("}\n");
        }
        case 4 -> out.append("\n");
        default -> type(pad, depth, Place.MEMBER);
      }
    }

    void method(String pad, int depth) {
      leadingTrivia(pad);
      if (random.nextBoolean()) {
        out.append(pad).append("@SuppressWarnings({\"a\", \"}\"})\n");
      }
      out.append(pad).append(random.nextBoolean() ? "public " : "")
          .append(random.nextBoolean() ? "<T> " : "").append("java.util.List<String> m")
          .append(random.nextInt(100)).append("(\n").append(pad)
          .append("    final int a, String... rest)");
      if (random.nextInt(4) == 0) {
        out.append(" throws Exception");
      }
      if (random.nextBoolean()) {
        out.append(" {\n");
        statements(pad + "  ", depth);
        out.append(pad).append("  return null;\n").append(pad).append("}\n");
      } else {
        out.append(" { return null; }\n");
      }
    }

    void statements(String pad, int depth) {
      int count = random.nextInt(4);
      for (int k = 0; k < count; k++) {
        switch (random.nextInt(depth < 4 ? 9 : 6)) {
          case 0 -> out.append(pad).append("String s = \"{\" + '}' + '\\'' + \"\\\"{\";\n");
          case 1 -> out.append(pad).append("// a comment { in a body\n");
          case 2 -> {
            out.append(pad).append("Object o = ");
            expression(pad, depth);
            out.append(";\n");
          }
          case 3 -> {
            out.append(pad).append("if (a > 0) {\n");
            statements(pad + "  ", depth + 1);
            out.append(pad).append("} else {\n").append(pad).append("}\n");
          }
          case 4 -> out.append(pad).append("String block = \"\"\"\n").append(pad)
              .append("  void notAMethod() {\n").append(pad).append("  \"\"\";\n");
          case 5 -> {
            out.append(pad).append("for (int i = 0; i < 3; i++) {\n");
            statements(pad + "  ", depth + 1);
            out.append(pad).append("}\n");
          }
          case 6 -> type(pad, depth + 1, Place.LOCAL);
          case 7 -> {
            out.append(pad).append("Runnable r = () -> {\n");
            statements(pad + "  ", depth + 1);
            out.append(pad).append("};\n");
          }
          default -> {
            out.append(pad).append("Object anon = new Object() {\n");
            method(pad + "  ", depth + 1);
            out.append(pad).append("};\n");
          }
        }
      }
    }

    void expression(String pad, int depth) {
      switch (random.nextInt(depth < 4 ? 4 : 3)) {
        case 0 -> out.append("1");
        case 1 -> out.append("\"}\".length()");
        case 2 -> out.append("new int[] {1, 2}.length");
        default -> {
          out.append("new Object() {\n");
          method(pad + "  ", depth + 1);
          out.append(pad).append("}.hashCode()");
        }
      }
    }

    /** Comments and annotations that may or may not attach to what follows. */
    void leadingTrivia(String pad) {
      switch (random.nextInt(6)) {
        case 0 -> out.append(pad).append("// line comment\n");
        case 1 -> out.append(pad).append("/**\n").append(pad).append(" * Javadoc {@code }}.\n")
            .append(pad).append(" */\n");
        case 2 -> out.append(pad).append("/* block */ /* two */\n");
        case 3 -> out.append(pad).append("// separated\n\n");
        case 4 -> out.append(pad).append("@Deprecated\n");
        default -> {
        }
      }
    }
  }
}
