package io.github.slicegrep.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.slicegrep.SlicegrepException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class QueryParserTest {

  @Test
  void splitsOnTopLevelBarsOnly() {
    assertEquals(List.of("class Scorer", "def score"),
        QueryParser.splitTopLevel("class Scorer|def score"));
    assertEquals(List.of("(get|set)Value", "other"),
        QueryParser.splitTopLevel("(get|set)Value|other"));
    assertEquals(List.of("[|]x", "y"), QueryParser.splitTopLevel("[|]x|y"));
    assertEquals(List.of("foo\\|bar"), QueryParser.splitTopLevel("foo\\|bar"));
    assertEquals(List.of("[]|]z", "w"), QueryParser.splitTopLevel("[]|]z|w"));
    assertEquals(List.of("[^]|]z"), QueryParser.splitTopLevel("[^]|]z"));
  }

  @Test
  void trimsAndDropsEmptyAndRepeatedFragments() {
    assertEquals(List.of("a", "b"), QueryParser.splitTopLevel(" a || b |A| "));
  }

  @Test
  void emptyPatternIsAnError() {
    SlicegrepException e = assertThrows(SlicegrepException.class, () -> QueryParser.parse(" | "));
    assertEquals("pattern is empty", e.getMessage());
    assertThrows(SlicegrepException.class, () -> QueryParser.parse(""));
  }

  @Test
  void escapedBarIsOneLiteralFragment() {
    Query q = QueryParser.parse("foo\\|bar");
    assertEquals(1, q.fragments().size());
    assertTrue(q.fragments().get(0).matches("x = foo|bar"));
    assertFalse(q.fragments().get(0).matches("foo"));
  }

  @Test
  void invalidRegexIsSearchedAsLiteral() {
    Fragment f = QueryParser.parse("score(").fragments().get(0);
    assertEquals(Fragment.Kind.LITERAL, f.kind());
    assertTrue(f.degradedToLiteral());
    assertTrue(f.matches("  total = score(a, b)"));
    assertFalse(f.matches("  total = score"));
  }

  @Test
  void dollarInsideAnIdentifierIsPartOfTheName() {
    Fragment f = QueryParser.parse("$ZodAnyInternals").fragments().get(0);
    assertEquals(Fragment.Kind.LITERAL, f.kind());
    assertFalse(f.degradedToLiteral());
    assertTrue(f.matches("export interface $ZodAnyInternals extends $ZodTypeInternals {"));
    assertTrue(QueryParser.parse("jQuery.$el").fragments().get(0).matches("x = jQuery.$el;"));
    assertTrue(QueryParser.parse("end$").fragments().get(0).matches("the end"));
  }

  @Test
  void matchingIsCaseInsensitive() {
    Query q = QueryParser.parse("scorer|DEF \\w+");
    assertTrue(q.fragments().get(0).matches("class SCORER:"));
    assertTrue(q.fragments().get(1).matches("def run():"));
    assertEquals(Fragment.Kind.REGEX, q.fragments().get(1).kind());
  }

  @Test
  void lookaroundRunsOnTheBoundedEngine() {
    Fragment f = QueryParser.parse("foo(?=bar)").fragments().get(0);
    assertEquals(Fragment.Kind.BACKTRACKING_REGEX, f.kind());
    assertTrue(f.matches("foobar"));
    assertFalse(f.matches("foobaz"));
  }

  @Test
  void backtrackingFragmentGivesUpInsteadOfHanging() {
    // The backreference forces the backtracking engine; five stars make it polynomial of
    // degree five there, which is forever on a long line.
    Fragment f = QueryParser.parse("(.*)(.*)(.*)(.*)(.*)\\5!").fragments().get(0);
    assertEquals(Fragment.Kind.BACKTRACKING_REGEX, f.kind());
    String line = "a".repeat(4000);
    assertTimeoutPreemptively(Duration.ofSeconds(10), () -> assertFalse(f.matches(line)));
  }

  @Test
  void catastrophicOnlyQueryIsRejectedWithRewriteAdvice() {
    SlicegrepException e =
        assertThrows(SlicegrepException.class, () -> QueryParser.parse("(a+)+$"));
    assertTrue(e.getMessage().contains("(a+)+"), e.getMessage());
    assertTrue(e.getMessage().contains("Rewrite"), e.getMessage());
  }

  @Test
  void catastrophicFragmentInsideBiggerQueryDegradesToLiteral() {
    Query q = QueryParser.parse("(x*)*y|handler");
    assertTrue(q.fragments().get(0).degradedToLiteral());
    assertTrue(q.fragments().get(0).matches("text (x*)*y here"));
    assertFalse(q.fragments().get(0).matches("xxxxy"));
    assertTrue(q.fragments().get(1).matches("def handler():"));
  }

  @Test
  void findsTheSymbolsAQueryNames() {
    Query q = QueryParser.parse("class Scorer|def score|pub(crate) fn parse|FocusedRead|a.*b");
    assertEquals(Set.of("Scorer", "score", "FocusedRead"), q.symbols());
    assertEquals(Set.of("Scorer", "score", "FocusedRead"), q.definitionTargets());
    assertEquals(Set.of("run"), QueryParser.parse("Runner.run").symbols());
  }

  @Test
  void issueAndAdvisoryReferencesAreNotWordsOfTheRequest() {
    assertEquals(List.of("Fix", "private", "non", "global", "IP", "address", "ranges"),
        QueryParser.contentWords("gh-113171: gh-65056: Fix \"private\" (non-global) IP address"
            + " ranges (GH-113179) (#118227)"));
    assertEquals(List.of("Fixed", "header", "injection", "LANG", "tracker"),
        QueryParser.contentWords("Fixed CVE-2024-4032 header injection (bpo-4321, LANG-1234)"
            + " LANG tracker"));
    // A standard's name is a word of the request.
    assertEquals(List.of("SHA", "digest", "ISO", "UTF", "decoding", "HTTP", "errors"),
        QueryParser.contentWords("SHA-256 digest of ISO-8859 and UTF-8 decoding, HTTP-500 errors"));
  }

  @Test
  void aClassSpelledLikeADefinitionKeywordIsStillAName() {
    // Keywords are lower case in every language: gin's `type Data struct` is a name, Kotlin's
    // `data class` a keyword.
    for (String name : List.of("Data", "Type", "Object", "Record", "Module")) {
      assertEquals(Set.of(name), QueryParser.parse(name).definitionTargets(), name);
    }
    assertEquals(Set.of("Data"), QueryParser.parse("class Data").definitionTargets());
    assertEquals(Set.of(), QueryParser.parse("data").symbols());
  }

  @Test
  void aQualifiedNameSearchesItsMemberAndRemembersWhatEnclosesIt() {
    Query q = QueryParser.parse("QuerySet.reverse");
    assertEquals(List.of("QuerySet.reverse", "reverse"), q.fragmentTexts());
    assertEquals(Map.of("reverse", "QuerySet.reverse"), q.qualified());
    assertEquals(Map.of("bar", "ns.Foo.bar"), QueryParser.parse("ns::Foo::bar").qualified());
    assertEquals(Map.of("run", "Runner.run"), QueryParser.parse("Runner#run").qualified());
    assertEquals(Map.of("join", "os.path.join"), QueryParser.parse("os\\.path\\.join").qualified());
    // Typed as a call, it is the same name.
    assertEquals(Map.of("run", "Runner.run"), QueryParser.parse("Runner.run()").qualified());
    assertEquals(Map.of("run", "Runner.run"), QueryParser.parse("Runner\\.run\\(\\)").qualified());
    assertEquals(Set.of("render"), QueryParser.parse("render()").symbols());
    // Not a qualified name: a plain one, a pattern, a definition asked for by its keyword.
    for (String plain : List.of("reverse", "a.*b", "a.b(x)", "class Scorer")) {
      assertEquals(Map.of(), QueryParser.parse(plain).qualified(), plain);
    }
    // The member already searched for is not searched twice; asked for plainly as well, or
    // inside two different things, any definition of it is meant.
    Query both = QueryParser.parse("Runner.run|run");
    assertEquals(List.of("Runner.run", "run"), both.fragmentTexts());
    assertEquals(Map.of(), both.qualified());
    assertEquals(Map.of(), QueryParser.parse("QuerySet.reverse|Manager.reverse").qualified());
    assertEquals(Map.of("reverse", "QuerySet.reverse"),
        QueryParser.parse("QuerySet.reverse|QuerySet.reverse()").qualified());
    assertEquals(Map.of(), QueryParser.parse("QuerySet.reverse|reverse()").qualified());
  }

  @Test
  void plainLowerCaseWordsAndConstantsAreNotDefinitionTargets() {
    Query q = QueryParser.parse("timeout|MAX_SIZE|TODO");
    assertEquals(Set.of(), q.definitionTargets());
  }

  @Test
  void expandsPlainEnglishWithThreeContentWords() {
    Query q = QueryParser.parse("how does budget packing guarantee definitions");
    assertTrue(q.isPlainEnglish());
    List<String> terms = q.fragmentTexts();
    assertTrue(terms.contains("budget_?packing"), terms.toString());
    assertTrue(terms.contains("guarante"), terms.toString());
    assertTrue(terms.contains("definit"), terms.toString());
    Fragment compound = q.fragments().get(terms.indexOf("budget_?packing"));
    assertTrue(compound.matches("def budgetPacking(self):"));
    assertTrue(compound.matches("budget_packing = 3"));
  }

  @Test
  void twoWordQueriesStayExact() {
    Query q = QueryParser.parse("budget packing");
    assertFalse(q.isPlainEnglish());
    assertEquals(List.of("budget packing"), q.fragmentTexts());
  }

  @Test
  void noticesQueriesAboutTests() {
    assertTrue(QueryParser.parse("test_parse|parse").asksForTests());
    assertFalse(QueryParser.parse("contest|parse").asksForTests());
  }
}
