package io.github.slicegrep.bench.truth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class DefinitionsTest {
  private static List<Definition> defs(String path, String text) {
    return Definitions.extract(new SourceFile(path, SourceSet.splitLines(text)));
  }

  private static Definition named(List<Definition> defs, String name) {
    return defs.stream().filter(d -> d.name().equals(name)).findFirst()
        .orElseThrow(() -> new AssertionError(name + " not in " + defs));
  }

  @Test
  void pythonBodyEndsAtDedentAndKeepsDecoratorsAndDocstrings() {
    String py = """
        import os

        class Box:
            @property
            def size(self):
                \"\"\"How big the box is,
        measured in litres.\"\"\"
                return 3

            def empty(self,
                      force=False):
                if force:

                    return None
                return 1
        x = 1
        """;
    List<Definition> d = defs("pkg/box.py", py);
    Definition size = named(d, "size");
    assertEquals(4, size.start(), "starts at the decorator");
    assertEquals(5, size.nameLine());
    assertEquals(8, size.end(), "a docstring line at column 0 does not end the body");
    assertEquals("How big the box is,\nmeasured in litres.", size.doc());
    Definition empty = named(d, "empty");
    assertEquals(10, empty.start());
    assertEquals(15, empty.end());
    Definition box = named(d, "Box");
    assertEquals("class", box.kind());
    assertEquals(3, box.start());
    assertEquals(15, box.end());
  }

  @Test
  void javaMethodsSkipBracesInStringsAndCommentsAndKeepAnnotations() {
    String java = """
        /** Utilities. */
        public final class Util {
            /**
             * Joins with a brace.
             */
            @Deprecated
            public static String join(final String a, final String b) {
                // a } in a comment
                String s = "{" + a + '}';
                return s + b;
            }

            abstract void later();

            Util() {
            }
        }
        """;
    List<Definition> d = defs("src/main/java/Util.java", java);
    Definition join = named(d, "join");
    assertEquals(6, join.start());
    assertEquals(7, join.nameLine());
    assertEquals(11, join.end());
    assertEquals("Joins with a brace.", join.doc());
    assertTrue(d.stream().noneMatch(x -> x.name().equals("later")), "no body, no definition");
    assertEquals(17, named(d, "Util").end());
  }

  @Test
  void goRustAndCFunctions() {
    Definition go = named(defs("cmd/run.go", """
        package cmd

        // Run runs it.
        func (c *Command) Run(args []string) error {
        	s := `a { raw`
        	return nil
        }
        """), "Run");
    assertEquals(4, go.start());
    assertEquals(7, go.end());
    assertEquals("Run runs it.", go.doc());

    List<Definition> rs = defs("src/lib.rs", """
        /// Borrows.
        #[inline]
        pub(crate) fn get<'a, T>(x: &'a T) -> &'a T
        where
            T: Clone,
        {
            let c = '{';
            x
        }
        """);
    Definition get = named(rs, "get");
    assertEquals(2, get.start());
    assertEquals(9, get.end());
    assertEquals("Borrows.", get.doc());

    List<Definition> c = defs("src/core.c", """
        static int
        uv__accept(int fd)
        {
          if (fd < 0) { return -1; }
          return fd;
        }
        int uv_decl(int a);
        TEST_IMPL(fs_open) {
          return 0;
        }
        """);
    Definition accept = named(c, "uv__accept");
    assertEquals(1, accept.start(), "the return type on its own line belongs to it");
    assertEquals(6, accept.end());
    assertTrue(c.stream().noneMatch(x -> x.name().equals("uv_decl")));
    assertEquals(10, named(c, "fs_open").end());
  }

  @Test
  void javascriptFunctionsArrowsAndTestBlocks() {
    List<Definition> js = defs("lib/route.js", """
        const handler = (req, reply) => {
          const t = `}${req.url}`
          return reply
        }
        function route (opts) {
          return opts
        }
        """);
    assertEquals(4, named(js, "handler").end());
    assertEquals(7, named(js, "route").end());

    List<Definition> test = defs("test/route.test.js", """
        test('route returns opts', async t => {
          t.equal(route({}), undefined)
        })
        """);
    Definition block = named(test, "route returns opts");
    assertEquals("test", block.kind());
    assertEquals(3, block.end());
  }

  @Test
  void innermostPicksTheSmallestEnclosingDefinition() {
    List<Definition> d = defs("a.py", "class A:\n    def f(self):\n        return 1\n");
    assertEquals("f", Definitions.innermost(d, 3).name());
    assertEquals("A", Definitions.innermost(d, 1).name());
  }
}
