package io.github.slicegrep.outline;

import com.google.common.base.Suppliers;
import com.google.common.collect.ImmutableSet;
import io.github.slicegrep.source.Language;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.treesitter.TSLanguage;
import org.treesitter.TreeSitterBash;
import org.treesitter.TreeSitterC;
import org.treesitter.TreeSitterCSharp;
import org.treesitter.TreeSitterCpp;
import org.treesitter.TreeSitterDart;
import org.treesitter.TreeSitterElixir;
import org.treesitter.TreeSitterGo;
import org.treesitter.TreeSitterHaskell;
import org.treesitter.TreeSitterJava;
import org.treesitter.TreeSitterJavascript;
import org.treesitter.TreeSitterKotlin;
import org.treesitter.TreeSitterOcaml;
import org.treesitter.TreeSitterPhp;
import org.treesitter.TreeSitterPython;
import org.treesitter.TreeSitterRuby;
import org.treesitter.TreeSitterRust;
import org.treesitter.TreeSitterScala;
import org.treesitter.TreeSitterSwift;
import org.treesitter.TreeSitterTsx;
import org.treesitter.TreeSitterTypescript;

/**
 * One lazy holder per language: a grammar's native library is extracted and loaded the first
 * time a file of that language is outlined, never before, so a search over Python files does not
 * pay for Rust. A grammar that fails to load (no native build for this platform) is remembered
 * as absent and its files are outlined by the heuristic.
 */
final class Grammars {
  private final Map<Language, Supplier<Optional<Grammar>>> holders = new EnumMap<>(Language.class);
  private final Map<Language, Boolean> loaded = new EnumMap<>(Language.class);

  Grammars() {
    // A language's rules are made with its grammar, on first use: making all twenty here was
    // a few milliseconds of every start-up.
    for (Language language : Language.values()) {
      holders.put(language, Suppliers.memoize(() -> load(language)));
    }
  }

  /** The grammar for a language, loading it on first use; empty when none is available. */
  Optional<Grammar> forLanguage(Language language) {
    Supplier<Optional<Grammar>> holder = holders.get(language);
    return holder == null ? Optional.empty() : holder.get();
  }

  /** The languages whose grammar this instance has tried to load so far, loaded or not. */
  synchronized ImmutableSet<Language> attempted() {
    return ImmutableSet.copyOf(loaded.keySet());
  }

  private Optional<Grammar> load(Language language) {
    Optional<SyntaxRules> rules = SyntaxRules.forLanguage(language);
    if (rules.isEmpty()) {
      return Optional.empty(); // no grammar is used for it: nothing to try
    }
    Optional<Grammar> grammar;
    try {
      TSLanguage parsed = newLanguage(language);
      grammar = parsed == null ? Optional.empty() : Optional.of(new Grammar(parsed, rules.get()));
    } catch (RuntimeException | LinkageError e) {
      grammar = Optional.empty();
    }
    synchronized (this) {
      loaded.put(language, grammar.isPresent());
    }
    return grammar;
  }

  /**
   * Each grammar class loads its native library in its static initialiser, on first use. The
   * constructor references are linked only when their case runs, so the grammar classes of other
   * languages are not even loaded: a {@code switch} of {@code new TreeSitterX()} made the verifier
   * load all of them (not their natives) with this class ({@code LazyGrammarsTest}).
   */
  private static @Nullable TSLanguage newLanguage(Language language) {
    Supplier<? extends TSLanguage> constructor =
        switch (language) {
          case PYTHON -> TreeSitterPython::new;
          case JAVA -> TreeSitterJava::new;
          case JAVASCRIPT -> TreeSitterJavascript::new;
          case TYPESCRIPT -> TreeSitterTypescript::new;
          case TSX -> TreeSitterTsx::new;
          case GO -> TreeSitterGo::new;
          case RUST -> TreeSitterRust::new;
          case C -> TreeSitterC::new;
          case CPP -> TreeSitterCpp::new;
          case CSHARP -> TreeSitterCSharp::new;
          case RUBY -> TreeSitterRuby::new;
          case PHP -> TreeSitterPhp::new;
          case KOTLIN -> TreeSitterKotlin::new;
          case BASH -> TreeSitterBash::new;
          case SCALA -> TreeSitterScala::new;
          case SWIFT -> TreeSitterSwift::new;
          case ELIXIR -> TreeSitterElixir::new;
          case HASKELL -> TreeSitterHaskell::new;
          case DART -> TreeSitterDart::new;
          case OCAML -> TreeSitterOcaml::new;
          default -> null;
        };
    return constructor == null ? null : constructor.get();
  }
}
