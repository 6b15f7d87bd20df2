package io.github.slicegrep.outline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class CppHeaderTest {
  private static final String CPP_HEADER =
      """
      #pragma once
      #include <string>

      namespace rank {

      class Scorer {
       public:
        Scorer() = default;
        double score(const std::string& query) const;

       private:
        template <typename T>
        T clamp(T v) const {
          return v < 0 ? 0 : v;
        }
      };

      }  // namespace rank
      """;

  private static List<List<Object>> shape(Outline outline) {
    return outline.definitions().stream()
        .map(d -> List.<Object>of(d.kind().label(), d.qualifiedName(), d.startLine(), d.endLine(),
            d.declarationOnly()))
        .toList();
  }

  @Test
  void cppInADotHFileIsParsedAsCpp() {
    Outline outline = Outliners.standard().outline(Fixtures.text("scorer.h", CPP_HEADER));
    assertEquals(
        List.of(
            List.of("namespace", "rank", 4, 18, false),
            List.of("class", "rank.Scorer", 6, 16, false),
            List.of("constructor", "rank.Scorer.Scorer", 8, 8, false),
            List.of("method", "rank.Scorer.score", 9, 9, true),
            List.of("method", "rank.Scorer.clamp", 12, 15, false)),
        shape(outline));
  }

  @Test
  void theCGrammarAloneGetsThisHeaderWrong() {
    Grammar c = new Grammars().forLanguage(io.github.slicegrep.source.Language.C).orElseThrow();
    Outline asC =
        TreeSitterOutliner.parse(c, Fixtures.text("scorer.h", CPP_HEADER), new HeuristicOutliner())
            .orElseThrow();
    assertNotEquals(
        shape(Outliners.standard().outline(Fixtures.text("scorer.h", CPP_HEADER))), shape(asC));
  }

  @Test
  void plainCHeaderStaysC() {
    Outline outline =
        Outliners.standard()
            .outline(Fixtures.text(
                "list.h", "struct node {\n  int v;\n};\n\nint length(struct node *head);\n"));
    assertEquals(
        List.of(
            List.of("struct", "node", 1, 3, false),
            List.of("function", "length", 5, 5, true)),
        shape(outline));
  }

  @Test
  void aFunctionDefinedThroughAMacroIsNamedByItsArgument() {
    Outline outline =
        Outliners.standard()
            .outline(Fixtures.text(
                "test-udp.c",
                "static int calls;\n\nTEST_IMPL(udp_connect) {\n  int r;\n  return 0;\n}\n"));
    assertEquals(List.of(List.of("function", "udp_connect", 3, 6, false)), shape(outline));
  }

  @Test
  void aMacroOfParametersOrOfSeveralLinesIsAFunctionAndAConstantIsNot() {
    Outline outline =
        Outliners.standard()
            .outline(Fixtures.text(
                "uv-common.h",
                "#define UV__MAX 64\n"
                    + "\n"
                    + "#define container_of(ptr, type, member) \\\n"
                    + "  ((type *) ((char *) (ptr) - offsetof(type, member)))\n"
                    + "\n"
                    + "#ifdef _WIN32\n"
                    + "# define uv__set(x) (x)\n"
                    + "#endif\n"
                    + "int uv__next(void);\n"
                    + "#define UV_HANDLE_FIELDS \\\n"
                    + "  void* data; \\\n"
                    + "  uv_loop_t* loop;\n"));
    assertEquals(
        List.of(
            List.of("function", "container_of", 3, 4, false),
            List.of("function", "uv__set", 7, 7, false),
            List.of("function", "uv__next", 9, 9, true),
            List.of("function", "UV_HANDLE_FIELDS", 10, 12, false)),
        shape(outline));
  }
}
