package io.github.slicegrep.outline;

import com.google.common.collect.ImmutableSet;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.treesitter.TSLanguage;
import org.treesitter.TSNode;
import org.treesitter.TSQuery;
import org.treesitter.TSSymbolType;

/**
 * A loaded tree-sitter grammar and its {@link SyntaxRules}, compiled into one query that
 * captures every candidate definition, every attachable comment or attribute and every {@code
 * ERROR} node. The query runs natively, so only those nodes cross into Java: walking every node
 * through JNI with a cursor measured about half as fast. Immutable and shared by all threads (a
 * grammar and a query are read-only; parsers and query cursors are made per call).
 */
final class Grammar {
  private final TSLanguage language;
  private final SyntaxRules rules;
  private final TSQuery query;
  /** What each query pattern captures: a definition rule, or null for an attachable node. */
  private final List<@Nullable NodeRule> patternRules;
  /** For the patterns that capture attachable nodes, which of those nodes attach. */
  private final List<@Nullable AttachRule> attachRules;
  /** The last query pattern captures {@code ERROR} nodes, where the parser gave up. */
  private final int errorPattern;
  private final boolean[] wrapper;
  private final ImmutableSet<String> namedTypes;

  Grammar(TSLanguage language, SyntaxRules rules) {
    this.language = language;
    this.rules = rules;
    int n = language.symbolCount();
    wrapper = new boolean[n];
    Set<String> named = new HashSet<>();
    for (int symbol = 0; symbol < n; symbol++) {
      if (language.symbolType(symbol) != TSSymbolType.TSSymbolTypeRegular) {
        continue;
      }
      String type = language.symbolName(symbol);
      named.add(type);
      wrapper[symbol] = rules.wrappers().contains(type);
    }
    namedTypes = ImmutableSet.copyOf(named);
    StringBuilder source = new StringBuilder();
    List<@Nullable NodeRule> byPattern = new ArrayList<>();
    rules.rules().forEach((type, rule) -> {
      if (named.contains(type)) {
        source.append('(').append(type).append(") @definition\n");
        byPattern.add(rule);
      }
    });
    List<@Nullable AttachRule> attachByPattern = new ArrayList<>(byPattern.size());
    byPattern.forEach(rule -> attachByPattern.add(null));
    for (String type : rules.attachable()) {
      if (named.contains(type)) {
        source.append('(').append(type).append(") @attached\n");
        byPattern.add(null);
        attachByPattern.add(rules.attachableIf().getOrDefault(type, AttachRule.ALWAYS));
      }
    }
    source.append("(ERROR) @error\n");
    this.errorPattern = byPattern.size();
    this.query = new TSQuery(language, source.toString());
    this.patternRules = Collections.unmodifiableList(byPattern);
    this.attachRules = Collections.unmodifiableList(attachByPattern);
  }

  TSLanguage language() {
    return language;
  }

  TSQuery query() {
    return query;
  }

  boolean isErrorPattern(int pattern) {
    return pattern == errorPattern;
  }

  /** The definition rule of a query pattern; null when the pattern captures an attachable node. */
  @Nullable NodeRule ruleOfPattern(int pattern) {
    return pattern >= 0 && pattern < patternRules.size() ? patternRules.get(pattern) : null;
  }

  /**
   * Whether a node captured by an attachable pattern belongs to the definition below it (an
   * Elixir {@code @doc} does, a {@code @moduledoc} does not); false for other patterns.
   */
  boolean attaches(int pattern, TSNode node, SourceText text) {
    AttachRule rule =
        pattern >= 0 && pattern < attachRules.size() ? attachRules.get(pattern) : null;
    return rule != null && rule.attaches(node, text);
  }

  boolean isWrapper(int symbol) {
    return symbol >= 0 && symbol < wrapper.length && wrapper[symbol];
  }

  /** Node types the rules name that this grammar does not have (a typo or a grammar change). */
  Set<String> unknownNodeTypes() {
    Set<String> unknown = new HashSet<>(rules.nodeTypes());
    unknown.removeAll(namedTypes);
    return unknown;
  }
}
