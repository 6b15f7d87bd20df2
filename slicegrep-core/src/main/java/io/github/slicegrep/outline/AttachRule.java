package io.github.slicegrep.outline;

import org.treesitter.TSNode;

/**
 * Decides whether a node of an attachable type (a comment, an attribute) belongs to the
 * definition right below it. Most grammars attach every such node; Elixir's module attributes
 * share one node type with unary operators, and only some of them document a function.
 */
@FunctionalInterface
interface AttachRule {
  AttachRule ALWAYS = (node, text) -> true;

  boolean attaches(TSNode node, SourceText text);
}
