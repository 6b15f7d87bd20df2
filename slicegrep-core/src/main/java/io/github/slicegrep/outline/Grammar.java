package io.github.slicegrep.outline;

import com.google.common.collect.ImmutableSet;
import java.util.HashSet;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.treesitter.TSLanguage;
import org.treesitter.TSSymbolType;

/**
 * A loaded tree-sitter grammar and its {@link SyntaxRules}, resolved to tables indexed by the
 * grammar's symbol ids so the walk compares integers, not type names. Immutable and shared by
 * all threads (a grammar is read-only; parsers are made per call).
 */
final class Grammar {
  private final TSLanguage language;
  private final SyntaxRules rules;
  private final @Nullable NodeRule[] ruleBySymbol;
  private final boolean[] wrapper;
  private final boolean[] attachable;
  private final boolean[] opaque;
  private final ImmutableSet<String> namedTypes;

  Grammar(TSLanguage language, SyntaxRules rules) {
    this.language = language;
    this.rules = rules;
    int n = language.symbolCount();
    ruleBySymbol = new NodeRule[n];
    wrapper = new boolean[n];
    attachable = new boolean[n];
    opaque = new boolean[n];
    Set<String> named = new HashSet<>();
    for (int symbol = 0; symbol < n; symbol++) {
      if (language.symbolType(symbol) != TSSymbolType.TSSymbolTypeRegular) {
        continue;
      }
      String type = language.symbolName(symbol);
      named.add(type);
      ruleBySymbol[symbol] = rules.rules().get(type);
      wrapper[symbol] = rules.wrappers().contains(type);
      attachable[symbol] = rules.attachable().contains(type);
      opaque[symbol] = rules.opaque().contains(type);
    }
    namedTypes = ImmutableSet.copyOf(named);
  }

  TSLanguage language() {
    return language;
  }

  @Nullable NodeRule rule(int symbol) {
    return symbol >= 0 && symbol < ruleBySymbol.length ? ruleBySymbol[symbol] : null;
  }

  boolean isWrapper(int symbol) {
    return symbol >= 0 && symbol < wrapper.length && wrapper[symbol];
  }

  boolean isAttachable(int symbol) {
    return symbol >= 0 && symbol < attachable.length && attachable[symbol];
  }

  boolean isOpaque(int symbol) {
    return symbol >= 0 && symbol < opaque.length && opaque[symbol];
  }

  /** Node types the rules name that this grammar does not have (a typo or a grammar change). */
  Set<String> unknownNodeTypes() {
    Set<String> unknown = new HashSet<>(rules.nodeTypes());
    unknown.removeAll(namedTypes);
    return unknown;
  }
}
