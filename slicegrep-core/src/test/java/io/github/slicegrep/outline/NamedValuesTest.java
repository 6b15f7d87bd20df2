package io.github.slicegrep.outline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.slicegrep.source.SourceFile;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class NamedValuesTest {
  /** Every value {@code name} declares, as {@code line:qualifiedName} plus {@code !} if outer. */
  private static List<String> declared(String name, String text) {
    SourceFile file = Fixtures.text(name, text);
    Outline outline = Outliners.standard().outline(file);
    List<String> out = new ArrayList<>();
    for (int line = 1; line <= file.lineCount(); line++) {
      NamedValues.Declared d = NamedValues.at(file, outline, line);
      if (d != null) {
        out.add(line + ":" + d.qualifiedName() + (d.outer() ? "!" : ""));
      }
    }
    return out;
  }

  @Test
  void pythonModuleConstantsAndClassAttributesButNotLocals() {
    assertEquals(
        List.of("1:ROUNDED!", "4:Box.top", "9:settings!"),
        declared("box.py", String.join("\n",
            "ROUNDED: Box = Box(",
            "    ascii=True,", // an argument of the call above, not a declaration
            "class Box:",
            "    top = 1",
            "    def render(self, width):",
            "        height = width * 2",
            "        return height",
            "",
            "settings = LazySettings()",
            "if settings == None:",
            "    pass")));
  }

  @Test
  void javaStaticAndFinalFieldsButNotLocalsOrMethods() {
    assertEquals(
        List.of("2:StringUtils.EMPTY!", "3:StringUtils.PAD_LIMIT!", "4:StringUtils.cache"),
        declared("StringUtils.java", String.join("\n",
            "public class StringUtils {",
            "    public static final String EMPTY = \"\";",
            "    @Deprecated private static final int PAD_LIMIT = 8192;",
            "    private final Map<String, String> cache;",
            "    private int count;", // a plain instance field: no modifier says "constant"
            "    public static String join(String a, String b) {",
            "        final int n = 2;",
            "        return a + b;",
            "    }",
            "}")));
  }

  @Test
  void ecmascriptConstantsExportsAndStaticFields() {
    assertEquals(
        List.of("1:ZodIssueCode!", "2:kMax!", "5:Reply.kind!"),
        declared("compat.ts", String.join("\n",
            "export const ZodIssueCode = { invalid_type: 'invalid_type' } as const;",
            "module.exports.kMax = 10",
            "function run() { const local = 1; return local }",
            "class Reply {",
            "  static readonly kind = 'reply'",
            "  private count = 0",
            "}",
            "const Context = require('./context')", // an import: declared in context.js
            "const parser = await import('./parser.js')")));
  }

  @Test
  void ecmascriptKeysOfATopLevelObjectButNotOfNestedOnes() {
    assertEquals(
        List.of("1:keys!", "2:kRouteContext!", "4:FST_ERR_NOT_FOUND!", "8:nested!"),
        declared("symbols.js", String.join("\n",
            "const keys = {",
            "  kRouteContext: Symbol('fastify.context'),",
            "  // Errors",
            "  FST_ERR_NOT_FOUND: createError(",
            "    'FST_ERR_NOT_FOUND',",
            "    { status: 404 }",
            "  ),",
            "  nested: {", // a key holding an object: itself declared, its keys not
            "    kMax: 1,",
            "  },",
            "}",
            "run({",
            "  onRequest: hook,", // an argument of a call, not a declaration
            "})")));
  }

  @Test
  void goBlocksRustConstantsAndCMacros() {
    assertEquals(
        List.of("1:Version!", "3:ModeDebug!", "4:ModeRelease!", "6:counter!", "11:HandlerFunc!",
            "12:H!"),
        declared("mode.go", String.join("\n",
            "const Version = \"1.0\"",
            "const (",
            "\tModeDebug = \"debug\"",
            "\tModeRelease",
            ")",
            "var counter int",
            "func f() {",
            "\tvar local = 1",
            "\t_ = local",
            "}",
            // a struct or interface type is in the outline: only other types are values here
            "type HandlerFunc func(*Context)",
            "type H map[string]any",
            "type Engine struct {",
            "\tname string",
            "}")));
    assertEquals(
        List.of("1:MAX_BUF!", "2:COUNT!"),
        declared("lib.rs", String.join("\n",
            "pub(crate) const MAX_BUF: usize = 2 * 1024;",
            "static mut COUNT: u32 = 0;",
            "fn f() -> usize { MAX_BUF }")));
    assertEquals(
        List.of("1:UV_VERSION_MAJOR!", "2:default_loop!"),
        declared("uv.c", String.join("\n",
            "#define UV_VERSION_MAJOR 1",
            "static uv_loop_t* default_loop = NULL;",
            "int uv_run(uv_loop_t* loop) {",
            "  int r = 0;",
            "  return r;",
            "}")));
  }

  @Test
  void endlessLinesOfWordsDeclareNothingAndNeverOverflowTheStack() {
    for (String ext : List.of("java", "c", "py", "ts", "go", "rs", "kt", "php", "sh", "rb")) {
      for (String word : List.of("a ", "static a ", "final x<y> ", "@A(b) ", "const ", "a, ")) {
        String endless = word.repeat(5000 / word.length());
        assertEquals(List.of(), declared("t." + ext, endless + "\n" + endless + " = 1;\n"),
            ext + ": " + word);
      }
    }
    String longest = "static final int X = " + "1".repeat(NamedValues.MAX_DECLARATION_CHARS - 22)
        + ";";
    assertEquals(List.of("1:X!"), declared("T.java", longest), "a long declaration still counts");
  }

  @Test
  void aValueIsTheSymbolAsAsked() {
    NamedValues.Declared empty = new NamedValues.Declared("EMPTY", "StringUtils.EMPTY", true);
    assertTrue(empty.isAsAsked("EMPTY", null));
    assertTrue(empty.isAsAsked("empty", null), "names match ignoring case, as definitions do");
    assertTrue(empty.isAsAsked("EMPTY", "StringUtils.EMPTY"));
    assertFalse(empty.isAsAsked("EMPTY", "CharSet.EMPTY"));
    assertNull(NamedValues.at(Fixtures.text("a.txt", "X = 1"), Outline.empty(), 1),
        "text files declare nothing");
  }
}
