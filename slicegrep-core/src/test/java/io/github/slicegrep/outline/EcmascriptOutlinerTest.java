package io.github.slicegrep.outline;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The JavaScript token scan must give exactly the parser's outline wherever it answers. Checked on
 * hand-picked corners and on seeded random programs.
 */
class EcmascriptOutlinerTest {
  private static final Outliner PARSER = ScanAgreement.PARSER;

  private static void assertSameAsParser(String name, String text) {
    ScanAgreement.assertSameAsParser(EcmascriptOutliner::outline, name, text);
  }

  @Test
  void declarationsAndFunctionValuesAsTheParserSeesThem() {
    assertSameAsParser("corners.js", """
        #!/usr/bin/env node
        'use strict'
        // Loads.
        function load(a, b = () => 1) {
          return a / b
        }

        /** Many. */
        async function* many() {}

        export default function main() {
          const inner = function () {}, n = 2
          let late = x => x
            ? 1
            : 2
        }

        export const arrow = async (q) => {
          return /[/}]+/g.test(q)
        };
        var notAFunction = function () {}.bind(this)
        module.exports = function exported() {}
        exports.handler = async () => {}
        Scorer.prototype.score = function (q) {
          return `${q} {`
        }
        this.x = () => {}

        class Scorer extends Base {
          #secret = 1
          static count = 0
          handle = (e) => {
            return e
          }
          static #make() {}
          get size() { return 1 }
          set size(v) {}
          async *walk() {}
          ['computed']() {}
          'quoted'() {}
          static {
            init()
          }
          constructor() {
            super()
          }
        }

        const plugins = {
          load: function () {},
          'quoted-key': () => {},
          [Symbol.iterator]: function* () {},
          method(a) { return a },
          get value() { return 1 },
          nested: { deep: async function () {} },
          plain: 1,
          ...rest,
        }

        const Anonymous = class {
          method() {}
        }
        call(function named() {}, { inArgument: () => {} })
        """);
  }

  @Test
  void templatesRegularExpressionsAndDivision() {
    assertSameAsParser("literals.js", """
        const a = b / c / d
        const re = /\\/{/
        const t = `outer ${`inner ${x} }`} ${{ a: 1 }.a} }`
        function f(x) {
          if (x) return /}/.test(x)
          const y = (x + 1) / 2
          return typeof /a/ === 'object' ? y : [1][0] / 3
        }
        const s = '\\'}' + "\\"{"
        const half = `${(bytes / 1000).toFixed(1)} kB ${/}/.test(x) ? '}' : `{${y}}`}`
        const lines = `first ${a}
          second ${ { key: function () {} }.key }
          third` / 2
        function after() {}
        """);
  }

  @Test
  void automaticSemicolons() {
    assertSameAsParser("asi.js", """
        const f = () => 1
        const g = function () {}
        ;[1, 2].forEach(h)
        const k = x => x
          .trim()
        let m = a
          + b
        const n = () => {}
        function later() {}
        const usage = () =>
        `Usage ${n}:

          more
        `

        switch (x) {
          case 1: function inCase() {}
          case A.B: {
            exports.f = () => {}
          }
          default:
            var g = function () {}
        }
        const pick = cond ? { a: function () {} } : { b: () => 1 }
        const chosen = cond
          ? function () {}
          : x => x
        const { engines: { node: engines }, version } = require('../package.json')
        const { a: { b = () => 1 } } = c
        function early(x) {
          if (x) return
          const inner = () => 1
          for await (const line of lines) {}
          for (let i = 0; i < 2; i++) continue
          return (
            x
          )
        }
        function g() {
          return
          function f() {}
        }
        """);
  }

  @Test
  void carriageReturnLineEndsChangeNothing() {
    assertSameAsParser("crlf.js",
        "// F does.\r\nfunction f() {\r\n  const s = `a\r\nb`\r\n}\r\n"
            + "class C {\r\n  m() {}\r\n}\r\nconst g = () =>\r\n  1\r\n");
  }

  @Test
  void unsureFilesAreLeftToTheParser() {
    List<String> unsure =
        List.of(
            "function f() { /* never closed\n}\n",
            "const s = `never closed\n",
            "const s = 'never closed\n",
            "function f() {\n",
            "const el = <div>a > b</div>\n",
            "function f() { return <a></b> }\n",
            "@decorated class C {}\n",
            "const t = `${a}\n",
            "const t = `${ { `}\n",
            "if (x) /re/.test(y)\n",
            "x = {}\n/re/.test(y)\n",
            "switch (x) { case a ? b : c: function f() {} }\n",
            "switch (x) { case a ? b : c: { x = () => 1 } }\n",
            "outer: function f() {}\n",
            "outer: { x = () => 1 }\n",
            "call(a = function () {})\n",
            "a = b = function () {}\n",
            "const caf\u00e9 = () => {}\n",
            "const x = a\n++b\n",
            "function g() {\n  throw\n  function f() {}\n}\n",
            "test('a' t => {})\n",
            "test('a', => {})\n",
            "x = a ? b\nfunction f() {}\n",
            "if (a;b) { x = () => 1 }\n",
            "f(a +)\n",
            "#x = () => 1\n");
    for (String text : unsure) {
      assertFalse(EcmascriptOutliner.outline(Fixtures.text("unsure.js", text)).isPresent(), text);
    }
  }

  @Test
  void hostileInputNeitherThrowsNorHangs() {
    List<String> hostile =
        List.of(
            "var x = " + "1 + ".repeat(200_000) + "1\n",
            "function f() {" + "{".repeat(100_000) + "}".repeat(100_000) + "}\n",
            "x = " + "{ a: ".repeat(50_000) + "1" + "}".repeat(50_000) + "\n",
            "(".repeat(100_000) + "\n" + ")".repeat(100_000),
            "/*".repeat(100_000),
            "`".repeat(100_001),
            "`${".repeat(50_000),
            "x = `" + "${`".repeat(5_000) + "`}".repeat(5_000) + "`\n",
            "class " + "A extends class ".repeat(20_000) + "{}".repeat(20_000),
            "switch (x) {" + "a ? {} : {}\n".repeat(50_000) + "}\n",
            "x = 1\n" + "a ? b : {}\n".repeat(50_000),
            "function " + "(".repeat(50_000));
    assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
      for (String text : hostile) {
        EcmascriptOutliner.outline(Fixtures.text("hostile.js", text));
      }
    });
  }

  @Test
  void seededRandomProgramsOutlineAsTheParserDoes() {
    for (long seed = 1; seed <= 300; seed++) {
      Random random = new Random(seed);
      StringBuilder program = new StringBuilder();
      Generator generator = new Generator(random, program);
      int declarations = 1 + random.nextInt(6);
      for (int k = 0; k < declarations; k++) {
        generator.declaration();
      }
      assertSameAsParser("random" + seed + ".js", program.toString());
    }
  }

  /**
   * Writes valid JavaScript with functions, classes, objects, closures, comments and literals
   * that hold braces, slashes and backquotes.
   */
  private record Generator(Random random, StringBuilder out) {
    void declaration() {
      leadingComment("");
      switch (random.nextInt(7)) {
        case 0 -> {
          out.append(random.nextBoolean() ? "export " : "").append("function ")
              .append(name("f")).append("(a, b = {}) {\n");
          statements("  ", 1);
          out.append("}\n");
        }
        case 1 -> classDeclaration("");
        case 2 -> {
          out.append(random.nextBoolean() ? "const " : "var ").append(name("v")).append(" = ");
          value("", 0);
          out.append(random.nextBoolean() ? ";\n" : "\n");
        }
        case 3 -> {
          out.append(random.nextBoolean() ? "exports." : "Box.prototype.").append(name("m"))
              .append(" = ");
          function("", 0);
          out.append(random.nextBoolean() ? ";\n" : "\n");
        }
        case 4 -> {
          out.append("module.exports = ");
          object("", 0);
          out.append('\n');
        }
        case 5 -> out.append("const ").append(name("re")).append(" = /[{`'\"]\\//g\n");
        default -> out.append("let ").append(name("s")).append(" = `${a} { ${'}'}` / 2\n");
      }
      out.append('\n');
    }

    void classDeclaration(String pad) {
      out.append(pad).append("class ").append(name("C"))
          .append(random.nextBoolean() ? " extends Base" : "").append(" {\n");
      int members = random.nextInt(5);
      for (int k = 0; k < members; k++) {
        leadingComment(pad + "  ");
        switch (random.nextInt(5)) {
          case 0 -> {
            out.append(pad).append("  ").append(random.nextBoolean() ? "static " : "")
                .append(name("m")).append("(x) {\n");
            statements(pad + "    ", 2);
            out.append(pad).append("  }\n");
          }
          case 1 -> {
            out.append(pad).append("  ").append(name("#h")).append(" = ");
            function(pad + "  ", 2);
            out.append('\n');
          }
          case 2 -> out.append(pad).append("  ").append(name("field")).append(" = 1\n");
          case 3 -> out.append(pad).append("  get ").append(name("g")).append("() { return 1 }\n");
          default -> out.append(pad).append("  async *").append(name("gen")).append("() {}\n");
        }
      }
      out.append(pad).append("}\n");
    }

    void value(String pad, int depth) {
      switch (random.nextInt(depth < 2 ? 4 : 2)) {
        case 0 -> out.append("require('x')");
        case 1 -> out.append("a / b");
        case 2 -> function(pad, depth);
        default -> object(pad, depth);
      }
    }

    void function(String pad, int depth) {
      switch (random.nextInt(4)) {
        case 0 -> out.append("x => x + 1");
        case 1 -> out.append("async (a, b) => {\n").append(pad).append("  return a\n")
            .append(pad).append('}');
        case 2 -> {
          out.append("function () {\n");
          statements(pad + "  ", depth + 1);
          out.append(pad).append('}');
        }
        default -> out.append("function* named() {}");
      }
    }

    void object(String pad, int depth) {
      out.append("{\n");
      int entries = random.nextInt(4);
      for (int k = 0; k < entries; k++) {
        out.append(pad).append("  ");
        switch (random.nextInt(4)) {
          case 0 -> {
            out.append(name("k")).append(": ");
            value(pad + "  ", depth + 1);
          }
          case 1 -> out.append('\'').append(name("q")).append("': () => {}");
          case 2 -> out.append(name("m")).append("() {}");
          default -> out.append("...spread");
        }
        out.append(",\n");
      }
      out.append(pad).append('}');
    }

    void statements(String pad, int depth) {
      int count = random.nextInt(4);
      for (int k = 0; k < count; k++) {
        switch (random.nextInt(depth < 3 ? 6 : 3)) {
          case 0 -> out.append(pad).append("const s = \"{\" + '}' + `\n{`\n");
          case 1 -> out.append(pad).append("// a comment { in a body\n");
          case 2 -> out.append(pad).append("x++\n");
          case 3 -> {
            out.append(pad).append("function ").append(name("local")).append("() {\n");
            statements(pad + "  ", depth + 1);
            out.append(pad).append("}\n");
          }
          case 4 -> {
            out.append(pad).append("const ").append(name("g")).append(" = ");
            function(pad, depth + 1);
            out.append('\n');
          }
          default -> {
            out.append(pad).append("if (x > 0) {\n");
            statements(pad + "  ", depth + 1);
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
