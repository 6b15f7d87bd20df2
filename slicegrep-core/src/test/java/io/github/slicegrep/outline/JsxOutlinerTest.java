package io.github.slicegrep.outline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The token scan on JSX (.jsx, .js) and TSX must give exactly the parser's outline wherever it
 * answers: an element passed over as one value, the code of its expression containers read as
 * code. Checked on hand-picked corners, on code it must leave to the parser, on broken code and
 * on seeded random components.
 */
class JsxOutlinerTest {
  private static void assertSameAsParser(String name, String text) {
    ScanAgreement.assertSameAsParser(EcmascriptOutliner::outline, name, text);
  }

  private static final String COMPONENTS = """
      // A component.
      const App = () => (
        <div className="x" onClick={() => go()} style={{ f() { return 1 }, g: () => 2 }}>
          {items.map(i => <Item key={i} {...rest} />)}
          Some text's "quoted" // not a comment
          /* not a comment either */ http://example.com (optional)
          <>frag &amp; &#123; &#x1F;</>
        </div>
      );
      function B({ a }) {
        return <a.b x:y="1" data-x='2'
          // a comment in a tag
          aria-label="multi
            line" disabled>{function named() {}}</a.b>
      }
      export default function C() { return <X render={function () { return 1 }} /> }
      export class D extends React.Component {
        handle = (e) => { this.setState({ e }) }
        render() {
          return cond ? <p>{this.props.a}</p> : <svg:rect width={1}/>
        }
      }
      const E = <T>text {`template ${<i>{x}</i>}`}</T>
      const F = () => <div>
        {/* a comment in a container */}
        {
          // a comment opening its line
          { m() {} }
        }
      </div>
      export const G = memo(function G() {
        return <>
          <H onChange={(v) => { set(v) }} />
        </>
      })
      """;

  @Test
  void javascriptWithJsxAsTheParserSeesIt() {
    assertSameAsParser("components.jsx", COMPONENTS);
    assertSameAsParser("components.js", COMPONENTS);
  }

  @Test
  void tsxAsTheParserSeesIt() {
    assertSameAsParser("components.tsx", COMPONENTS.replace("handle = (e) =>",
        "private handle = (e: Event): void =>"));
    assertSameAsParser("generics.tsx", """
        const id = <T,>(x: T): T => x;
        const id2 = <T extends object>(x: T): T => x;
        const id3 = <
          const T extends string = string,
          U = number,
        >(x: T): T => x;
        function f<T>(a: Array<T>): T { return a[0] }
        interface Props { a?: string; run(): void }
        export function A(p: Props) {
          return <div>{p.a as string}</div>
        }
        export const B: React.FC<Props> = ({ a }: Props) => {
          const [s, set] = useState<string>("")
          return (
            <Ctx.Provider value={{ a, run() {} }}>
              <C x={1} y={s!} />
            </Ctx.Provider>
          )
        }
        """);
  }

  @Test
  void unsureFilesAreLeftToTheParser() {
    List<String> unsure =
        List.of(
            "const a = <div>x > y</div>\n",
            "const a = <div>a } b</div>\n",
            "const a = <div>a & b</div>\n",
            "const a = <div>a &b c</div>\n",
            "const a = <div></span>\n",
            "const a = <div>\n",
            "const a = <div a=<b/> />\n",
            "const a = <A<T> />\n",
            "const a = <div a.b=\"1\" />\n",
            "const a = <div {a} />\n",
            "const a = <div>{x</div>\n",
            "const a = <div a=\"\\\"\" />\n",
            "const a = <div>\\u0041</div>\n",
            "if (a) {} <div/>\n",
            "const a = " + "<a>".repeat(500) + "\n");
    for (String text : unsure) {
      assertFalse(EcmascriptOutliner.outline(Fixtures.text("unsure.jsx", text)).isPresent(),
          text);
    }
    List<String> unsureTsx =
        List.of(
            "const Z = <T>(x: T) => x;\n",
            "type F = <T>(x: T) => T;\n",
            "const b = <span>(optional)</span>\n",
            "const c = <\n  T>(x: T) => x\n",
            "const d = </* c */T,>(x: T) => x\n");
    for (String text : unsureTsx) {
      assertFalse(EcmascriptOutliner.outline(Fixtures.text("unsure.tsx", text)).isPresent(),
          text);
    }
  }

  /**
   * Broken code that broken JSX files showed the scan reading otherwise than the parser's error
   * recovery, in any of the three dialects: left to the parser.
   */
  @Test
  void brokenCodeAroundJsxIsLeftToTheParser() {
    List<String> broken =
        List.of(
            "function f() {\n  g(() => {>\n    h(1)\n  })\n}\n",
            "function f() {\n  return 1\n}:\n",
            "function g() {\n  reurn new Promise((r) => {\n    s(r)\n  })\n}\n",
            "const s = {\n  setItem: async\n (k, v) => {\n    m.set(k, v)\n  },\n}\n",
            "f({\n  router,\n  re=sponse,\n  children: () => 1,\n})\n",
            "setup(props, { toDate:: undefined })\n",
            "f({\n  a: () => g(5)\n  // a comment\n  b: 1,\n})\n",
            "f({ a: () => p.resolv:e(5), b: 1 })\n",
            "const a = () =>\n  x\n  : y()\n",
            "f({ a: () =>\n  !id\n  : { id } })\n",
            "import { a } from './a'*\n\ndescribe('x', () => {})\n",
            "const m = () =>\n  r() ? s.get(r())?get() : undefined\n");
    for (String text : broken) {
      for (String name : List.of("broken.js", "broken.ts", "broken.tsx")) {
        assertFalse(EcmascriptOutliner.outline(Fixtures.text(name, text)).isPresent(),
            name + ": " + text);
      }
    }
    assertSameAsParser("patterns.jsx", """
        const f = ({ a = 1, b: { c = 2 } }) => <A a={a} c={c} />
        function g({ a = 1 } = {}) { ({ a = 2 } = x); return <B/> }
        const o = { a: 1, 'b': 2, [c]: 3, d: x ? y : z, e: () => 1 }
        """);
  }

  private static final String PROGRAM = """
      export function List({ items, onPick }) {
        return (
          <ul className="list">
            {items.map((item) => (
              <li key={item.id} onClick={() => onPick(item)}>
                {item.name} &mdash; it's {item.count}
              </li>
            ))}
          </ul>
        )
      }
      const styles = { box() { return <b/> } }
      """;

  /**
   * Broken code is where the parser's error recovery makes definitions of its own: with any one
   * character of a component deleted, or one of JSX's characters inserted, the scan gives the
   * parser's outline or leaves the file to it.
   */
  @Test
  void oneCharacterDeletedOrInsertedIsReadAsTheParserReadsItOrLeftToIt() {
    for (String name : List.of("broken.jsx", "broken.tsx")) {
      for (int at = 0; at < PROGRAM.length(); at++) {
        assertAgreesOrUnsure(name, PROGRAM.substring(0, at) + PROGRAM.substring(at + 1));
        for (char c : "<>{}/\"'&".toCharArray()) {
          assertAgreesOrUnsure(name, PROGRAM.substring(0, at) + c + PROGRAM.substring(at));
        }
      }
    }
  }

  private static void assertAgreesOrUnsure(String name, String text) {
    var file = Fixtures.text(name, text);
    EcmascriptOutliner.outline(file).ifPresent(scanned -> assertEquals(
        ScanAgreement.PARSER.outline(file).definitions(), scanned.definitions(), text));
  }

  @Test
  void hostileInputNeitherThrowsNorHangs() {
    List<String> hostile =
        List.of(
            "x = " + "<a b={".repeat(20_000) + "1" + "}/>".repeat(20_000) + "\n",
            "x = " + "<a>{".repeat(20_000) + "}</a>".repeat(20_000) + "\n",
            "x = <a>" + "text ".repeat(100_000) + "</a>\n",
            "x = <a " + "b ".repeat(100_000) + "/>\n");
    assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
      for (String text : hostile) {
        EcmascriptOutliner.outline(Fixtures.text("hostile.jsx", text));
        EcmascriptOutliner.outline(Fixtures.text("hostile.tsx", text));
      }
    });
  }

  @Test
  void seededRandomComponentsOutlineAsTheParserDoes() {
    for (long seed = 1; seed <= 150; seed++) {
      Random random = new Random(seed);
      StringBuilder program = new StringBuilder();
      Generator generator = new Generator(random, program);
      int components = 1 + random.nextInt(4);
      for (int k = 0; k < components; k++) {
        generator.component();
      }
      assertSameAsParser("random" + seed + (seed % 2 == 0 ? ".jsx" : ".tsx"),
          program.toString());
    }
  }

  /**
   * Writes valid JSX components (valid TSX too: no type in it): function declarations, arrow
   * functions held by a {@code const}, classes with a render method, returning elements with
   * attributes, spreads, text, entities, fragments and containers holding further elements,
   * callbacks and objects with methods, with comments above some of them.
   */
  private record Generator(Random random, StringBuilder out) {
    void component() {
      ScanAgreement.leadingComment(random, out, "");
      String name = ScanAgreement.name(random, "Comp");
      switch (random.nextInt(3)) {
        case 0 -> {
          out.append("export function ").append(name).append("(props) {\n  return ");
          element("  ", 0);
          out.append("\n}\n");
        }
        case 1 -> {
          out.append("const ").append(name).append(" = ({ a, b }) => (\n  ");
          element("  ", 0);
          out.append("\n);\n");
        }
        default -> {
          out.append("class ").append(name).append(" extends Component {\n  render() {\n")
              .append("    return ");
          element("    ", 0);
          out.append("\n  }\n}\n");
        }
      }
    }

    void element(String pad, int depth) {
      if (random.nextInt(5) == 0) {
        out.append("<>");
        children(pad, depth);
        out.append("</>");
        return;
      }
      String tag = List.of("div", "A.b", "svg:g", "my-el", "Item").get(random.nextInt(5));
      out.append('<').append(tag);
      int attributes = random.nextInt(4);
      for (int k = 0; k < attributes; k++) {
        out.append(random.nextBoolean() ? "\n" + pad + "  " : " ");
        switch (random.nextInt(6)) {
          case 0 -> out.append("title=\"it's\"");
          case 1 -> out.append("onClick={() => run(").append(random.nextInt(9)).append(")}");
          case 2 -> out.append("{...props}");
          case 3 -> out.append("style={{ color: 'red', m() { return 1 } }}");
          case 4 -> out.append("data-x='a \"b\"'");
          default -> out.append("disabled");
        }
      }
      if (random.nextInt(3) == 0) {
        out.append(" />");
        return;
      }
      out.append('>');
      children(pad, depth);
      out.append("</").append(tag).append('>');
    }

    void children(String pad, int depth) {
      int children = random.nextInt(4);
      for (int k = 0; k < children; k++) {
        out.append('\n').append(pad).append("  ");
        switch (random.nextInt(depth < 3 ? 6 : 3)) {
          case 0 -> out.append("Text with // and /* */ and (parens) &amp; &#169;");
          case 1 -> out.append("{a ? b : `t ${c}`}");
          case 2 -> out.append("{/* a comment */}");
          case 3 -> element(pad + "  ", depth + 1);
          case 4 -> {
            out.append("{items.map((x) => ");
            element(pad + "  ", depth + 1);
            out.append(")}");
          }
          default -> out.append("{function named() { return 1 }}");
        }
      }
      out.append('\n').append(pad);
    }
  }
}
