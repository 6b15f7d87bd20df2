package io.github.slicegrep.outline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The token scan on TypeScript must give exactly the parser's outline wherever it answers:
 * types passed over, TypeScript's own definitions added. Checked on hand-picked corners, on code
 * it must leave to the parser, and on seeded random programs.
 */
class TypescriptOutlinerTest {
  private static void assertSameAsParser(String name, String text) {
    ScanAgreement.assertSameAsParser(EcmascriptOutliner::outline, name, text);
  }

  @Test
  void declarationsTypesAndSignaturesAsTheParserSeesThem() {
    assertSameAsParser("corners.ts", """
        // Header.
        import type { A, B } from "./a";
        import { type C, D as E } from "./c";
        import type Ajv from "./ajv";
        import * as path from "path";
        import fs = require("fs");
        export type { F } from "./f";
        export * as ns from "./ns";

        /** An interface. */
        export interface Shape<T extends object = {}> extends Base<T>, Other {
          readonly name: string;
          area(): number;
          scale?(by: number): Shape<T>;
          [key: string]: unknown;
          new (x: number): Shape<T>;
          (call: string): void;
          "quoted"(): void
          nested: { inner(a: { deep(): void }): void };
        }

        export type Mapped<T> = { [K in keyof T]?: T[K] extends Function ? never : T[K] };
        type Fn = (a: number, b?: string) => void;
        type Cond<T> = T extends string
          ? "s"
          : T extends number
            ? "n"
            : never;
        type WithMethod = {
          run(x: number): void;
          other: () => void;
        };
        type Template = `${Lowercase<"A">}-${number}`;

        export enum Color { Red = 1, Green, Blue = "b" }
        const enum Flag { A, B }
        declare const VERSION: string;
        declare function hello(name: string): void;
        declare namespace NS {
          function inside(): void;
          interface I { m(): void }
        }
        declare module "mod" {
          export function f(): void;
        }
        declare module "bare";
        declare global {
          interface Window { x: number }
        }
        namespace Outer.Inner {
          export const g = (a: number): number => a * 2;
          export function h<T>(x: T): T { return x }
        }
        export as namespace Lib;
        export default function (): {
          localeError(a: number): void;
        };
        """);
  }

  @Test
  void classesFunctionsAndExpressions() {
    assertSameAsParser("classes.ts", """
        export abstract class Base<T> implements Runnable {
          private readonly items: Map<string, T> = new Map<string, T>();
          protected static count = 0;
          declare field: string;
          public handler = (e: Event): void => {
            console.log(e);
          };
          optional?: number;
          definite!: string;
          [key: string]: unknown;
          constructor(private readonly x: number, public y?: string) {
            super();
          }
          abstract run(): void;
          protected abstract get size(): number;
          overload(a: string): void;
          overload(a: number): void;
          overload(a: any): void {
            const v = a as unknown as string;
            const w = this.items.get(v)!;
            const sat = { a: 1 } satisfies Record<string, number>;
            const c = { k: 1 } as const;
          }
          get value(): number { return 1 }
          async *gen<U>(u: U): AsyncGenerator<U> { yield u }
          static create<T>(): Base<T> | undefined { return undefined }
        }

        export function over(a: string): string;
        export function over(a: number): number;
        export function over(a: any): any {
          return a;
        }

        export const typed: (a: number) => number = (a) => a + 1;
        export const id = <T,>(x: T): T => x;
        export const pair = async <A, B extends A = A>(a: A, b: B): Promise<[A, B]> => [a, b];
        const isOk = <T>(x: Result<T>): x is Ok<T> => (x as any).ok === true;
        type Make = <T>(value: T) => Box<T>;
        interface Ctor { new <T>(...args: string[]): Box<T>; <T>(x: T): T }
        export const generic = useState<string | null>(null);
        export { typed as function };
        const cmp = a < b && c >= d;
        let definite!: number;
        function isString(x: unknown): x is string {
          return typeof x === "string";
        }
        function assertIt(x: unknown): asserts x is string {}
        try { run() } catch (e: unknown) { report(e) }
        let later: number
        later = 1
        const handlers = {
          load<T>(x: T): T { return x },
          run: async (a: { m(): void }): Promise<void> => {},
        };
        class Plain extends Base<number> {
          m(this: Plain, ...rest: number[]): void {}
        }
        export default class {
          m(): void {}
        }
        """);
  }

  @Test
  void declarationFilesAsTheParserSeesThem() {
    assertSameAsParser("types.d.ts", """
        /// <reference types="node" />
        import { EventEmitter } from "events";
        export declare class Doc {
            args: string[];
            constructor(args?: string[]);
            indented(fn: (doc: Doc) => void): void;
            write(fn: (this: Doc, arg: any) => void): void;
        }
        export declare function make<T extends object>(input: T): Readonly<T>;
        export interface Options {
            onError?: (err: Error) => void;
            hooks: { before(): void; after(): void };
        }
        declare const _default: {
            parse(input: string): unknown;
        };
        export default _default;
        export = Doc;
        """);
  }

  @Test
  void carriageReturnLineEndsChangeNothing() {
    assertSameAsParser("crlf.ts",
        "// I does.\r\ninterface I {\r\n  m(): void\r\n  n: string\r\n}\r\n"
            + "type T =\r\n  | A\r\n  | { f(): B }\r\nclass C<T> {\r\n  x?: T\r\n"
            + "  m(a: T): T;\r\n  m(a: T) {\r\n    return a\r\n  }\r\n}\r\n");
  }

  @Test
  void unsureFilesAreLeftToTheParser() {
    List<String> unsure =
        List.of(
            "const n = <number>value\n",
            "f(<any>x)\n",
            "@Component class C {}\n",
            "const f = a < b > (c)\n",
            "const g = new Map<string, number>\n",
            "interface I { a: string\n (x: number): void }\n",
            "function f(): void\n{\n}\n",
            "class C extends mixin(A) {}\n",
            "let x = c ? (a) : b => d\n",
            "test('a' () => {})\n",
            "f(a!b)\n",
            "z.,null()\n",
            "f(=a)\n",
            "export declare +class Doc {}\n",
            "exort default function f() {}\n",
            "f(result.err\nor.issues)\n",
            "expect(.parse(x))\n",
            "f(a.re:adonly())\n",
            "async function f() {\n  await: g()\n}\n",
            "function f() {\n  a,\n}\n",
            "export declare *class C {}\n",
            "type G<T> = T extends infer U extends string ? U : never\n",
            // import types: the grammar reads some as a function named `import`
            "declare const d: import(\"react\").FC<P> & {\n  M: X;\n};\n",
            "export declare function f(p: P): import(\"r\").JSX.Element | null;\n",
            "let t: typeof import(\"./m\");\n");
    for (String text : unsure) {
      assertFalse(EcmascriptOutliner.outline(Fixtures.text("unsure.ts", text)).isPresent(), text);
    }
  }

  /**
   * Broken code is where the parser's error recovery makes definitions of its own: with any one
   * character of a program deleted, the scan gives the parser's outline or leaves the file to it.
   */
  @Test
  void oneCharacterDeletedIsReadAsTheParserReadsItOrLeftToIt() {
    String program = """
        export interface Shape<T> extends Base<T> {
          area(): number;
          scale?(by: number): Shape<T>
        }
        export abstract class Box<T> implements Shape<T> {
          private readonly items = new Map<string, T>();
          constructor(private x: number) { super(); }
          abstract area(): number;
          get(k: string): T { return this.items.get(k)! as T }
        }
        export function f(a: string): string;
        export const g = async (a: number): Promise<void> => { await h<number>(a) }
        test("a", () => { expect(g(1)).toBe(2) })
        """;
    for (int at = 0; at < program.length(); at++) {
      String broken = program.substring(0, at) + program.substring(at + 1);
      var file = Fixtures.text("deleted" + at + ".ts", broken);
      EcmascriptOutliner.outline(file).ifPresent(scanned -> assertEquals(
          ScanAgreement.PARSER.outline(file).definitions(), scanned.definitions(), broken));
    }
  }

  @Test
  void hostileInputNeitherThrowsNorHangs() {
    List<String> hostile =
        List.of(
            "type A = " + "Array<".repeat(20_000) + "T" + ">".repeat(20_000) + "\n",
            "type A = " + "{ a: ".repeat(20_000) + "T" + " }".repeat(20_000) + "\n",
            "let x: " + "A | ".repeat(100_000) + "B\n",
            "f" + "<a".repeat(50_000) + "\n",
            "type C = " + "T extends U ? X : ".repeat(20_000) + "Y\n",
            "x = a" + " as B".repeat(50_000) + "\n");
    assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
      for (String text : hostile) {
        EcmascriptOutliner.outline(Fixtures.text("hostile.ts", text));
      }
    });
  }

  @Test
  void seededRandomProgramsOutlineAsTheParserDoes() {
    for (long seed = 1; seed <= 200; seed++) {
      Random random = new Random(seed);
      StringBuilder program = new StringBuilder();
      Generator generator = new Generator(random, program);
      int declarations = 1 + random.nextInt(6);
      for (int k = 0; k < declarations; k++) {
        generator.declaration("");
      }
      assertSameAsParser("random" + seed + ".ts", program.toString());
    }
  }

  /**
   * Writes valid TypeScript: interfaces, type aliases, enums, namespaces, classes with
   * modifiers, overloads and abstract members, generic functions, typed arrows, generic calls,
   * {@code as} and non-null assertions, with comments above some of them.
   */
  private record Generator(Random random, StringBuilder out) {
    void declaration(String pad) {
      comment(pad);
      String export = random.nextBoolean() ? "export " : "";
      switch (random.nextInt(9)) {
        case 0 -> {
          out.append(pad).append(export).append("interface ").append(name("I"))
              .append(random.nextBoolean() ? "<T>" : "").append(" {\n");
          List<String> members = random.ints(random.nextInt(4)).mapToObj(k -> member()).toList();
          for (int k = 0; k < members.size(); k++) {
            // A line break ends a member unless a bracket starts the next one.
            boolean bracketNext = k + 1 < members.size() && members.get(k + 1).startsWith("[");
            out.append(pad).append("  ").append(members.get(k))
                .append(bracketNext || random.nextBoolean() ? ";\n" : "\n");
          }
          out.append(pad).append("}\n");
        }
        case 1 -> out.append(pad).append(export).append("type ").append(name("T"))
            .append("<K> = ").append(type(0)).append(random.nextBoolean() ? ";\n" : "\n");
        case 2 -> out.append(pad).append(export).append(random.nextBoolean() ? "const " : "")
            .append("enum ").append(name("E")).append(" { A, B = 2, C = \"c\" }\n");
        case 3 -> {
          out.append(pad).append(export).append("namespace ").append(name("N")).append(" {\n");
          if (pad.isEmpty()) {
            declaration(pad + "  ");
          }
          out.append(pad).append("}\n");
        }
        case 4 -> classDeclaration(pad, export);
        case 5 -> {
          String f = name("f");
          if (random.nextBoolean()) {
            out.append(pad).append(export).append("function ").append(f)
                .append("(a: string): string;\n");
          }
          out.append(pad).append(export).append("function ").append(f)
              .append("<T extends object>(a: ").append(type(1)).append(", b?: T): ")
              .append(type(1)).append(" {\n");
          statements(pad + "  ");
          out.append(pad).append("}\n");
        }
        case 6 -> {
          out.append(pad).append(export).append("const ").append(name("v")).append(": ")
              .append(type(1)).append(" = ");
          value(pad);
          out.append(random.nextBoolean() ? ";\n" : "\n");
        }
        case 7 -> out.append(pad).append("declare function ").append(name("d"))
            .append("(x: ").append(type(1)).append("): void;\n");
        default -> {
          out.append(pad).append("const ").append(name("g")).append(" = async (a: ")
              .append(type(1)).append("): Promise<").append(type(1)).append("> => {\n");
          statements(pad + "  ");
          out.append(pad).append("}\n");
        }
      }
      out.append('\n');
    }

    void classDeclaration(String pad, String export) {
      boolean abstractClass = random.nextBoolean();
      out.append(pad).append(export).append(abstractClass ? "abstract " : "").append("class ")
          .append(name("C")).append("<T> extends Base<T> implements I {\n");
      int members = random.nextInt(5);
      for (int k = 0; k < members; k++) {
        comment(pad + "  ");
        String modifier = List.of("", "private ", "protected ", "public static ")
            .get(random.nextInt(4));
        switch (random.nextInt(5)) {
          case 0 -> out.append(pad).append("  ").append(modifier).append("readonly ")
              .append(name("field"))
              .append(random.nextBoolean() ? "?" : "").append(": ").append(type(1))
              .append(random.nextBoolean() ? " = new Map<string, number>();\n" : ";\n");
          case 1 -> {
            String m = name("m");
            out.append(pad).append("  ").append(m).append("(a: string): void;\n");
            out.append(pad).append("  ").append(modifier).append(m)
                .append("<U>(a: U, ...rest: U[]): ").append(type(1)).append(" {\n");
            statements(pad + "    ");
            out.append(pad).append("  }\n");
          }
          case 2 -> out.append(pad).append("  ").append(abstractClass ? "abstract " : "")
              .append(name("sig")).append("(x: number): ").append(type(1)).append(";\n");
          case 3 -> {
            out.append(pad).append("  ").append(modifier).append(name("h"))
                .append(" = (e: Event): void => {\n");
            statements(pad + "    ");
            out.append(pad).append("  };\n");
          }
          default -> out.append(pad).append("  constructor(private readonly x: number) {\n")
              .append(pad).append("    super(x);\n").append(pad).append("  }\n");
        }
      }
      out.append(pad).append("}\n");
    }

    String member() {
      return switch (random.nextInt(4)) {
        case 0 -> name("p") + "?: " + type(1);
        case 1 -> name("m") + "<U>(a: U, b: " + type(1) + "): " + type(1);
        case 2 -> "readonly " + name("r") + ": " + type(1);
        default -> "[key: string]: " + type(2);
      };
    }

    String type(int depth) {
      return switch (random.nextInt(depth < 2 ? 7 : 3)) {
        case 0 -> "string";
        case 1 -> "Array<number>";
        case 2 -> "\"a\" | \"b\" | null";
        case 3 -> "{ " + name("k") + ": " + type(depth + 1) + "; " + name("f") + "(x: number): "
            + type(depth + 1) + " }";
        case 4 -> "(a: " + type(depth + 1) + ") => " + type(depth + 1);
        case 5 -> "K extends string ? " + type(depth + 1) + " : never";
        default -> "Record<string, " + type(depth + 1) + ">[]";
      };
    }

    void value(String pad) {
      switch (random.nextInt(4)) {
        case 0 -> out.append("load<string>(\"x\") as unknown as Thing");
        case 1 -> out.append("(a: number, b?: string): number => a");
        case 2 -> out.append("{\n").append(pad).append("  run(x: number): void {},\n")
            .append(pad).append("  go: (y: string) => y!,\n").append(pad).append('}');
        default -> out.append("a < b ? c : d");
      }
    }

    void statements(String pad) {
      int count = random.nextInt(3);
      for (int k = 0; k < count; k++) {
        switch (random.nextInt(4)) {
          case 0 -> out.append(pad).append("const x = items.get(key)!.value as number;\n");
          case 1 -> out.append(pad).append("// a comment { in a body\n");
          case 2 -> out.append(pad).append("const ").append(name("local"))
              .append(" = [1, 2].length;\n");
          default -> out.append(pad).append("function ").append(name("inner"))
              .append("(a: number): number { return a }\n");
        }
      }
    }

    void comment(String pad) {
      switch (random.nextInt(3)) {
        case 0 -> out.append(pad).append("// A comment.\n");
        case 1 -> out.append(pad).append("/** A doc\n").append(pad).append(" * comment. */\n");
        default -> {
        }
      }
    }

    String name(String prefix) {
      return ScanAgreement.name(random, prefix);
    }
  }
}
