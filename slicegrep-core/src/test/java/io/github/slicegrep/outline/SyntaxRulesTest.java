package io.github.slicegrep.outline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.slicegrep.source.Language;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class SyntaxRulesTest {
  private static final Set<Language> PARSED =
      EnumSet.of(
          Language.PYTHON, Language.JAVA, Language.JAVASCRIPT, Language.TYPESCRIPT, Language.TSX,
          Language.GO, Language.RUST, Language.C, Language.CPP, Language.CSHARP, Language.RUBY,
          Language.PHP, Language.KOTLIN, Language.BASH, Language.SCALA, Language.SWIFT,
          Language.ELIXIR, Language.HASKELL, Language.DART, Language.OCAML);

  @ParameterizedTest
  @EnumSource(Language.class)
  void exactlyTheTwentyParsedLanguagesHaveRulesAndAGrammar(Language language) {
    assertEquals(PARSED.contains(language), SyntaxRules.forLanguage(language).isPresent());
    assertEquals(PARSED.contains(language), new Grammars().forLanguage(language).isPresent());
  }

  @ParameterizedTest
  @EnumSource(Language.class)
  void everyNodeTypeTheRulesNameExistsInTheGrammar(Language language) {
    new Grammars()
        .forLanguage(language)
        .ifPresent(g -> assertTrue(g.unknownNodeTypes().isEmpty(),
            () -> language + " grammar has no " + g.unknownNodeTypes()));
  }
}
