package io.github.slicegrep.outline;

import org.jspecify.annotations.Nullable;
import org.treesitter.TSNode;

/** Null-safe access to a node's fields; tree-sitter hands back "null nodes", not nulls. */
final class Nodes {
  private Nodes() {}

  static @Nullable TSNode field(TSNode node, String name) {
    TSNode child = node.getChildByFieldName(name);
    return child == null || child.isNull() ? null : child;
  }

  static boolean hasField(TSNode node, String name) {
    return field(node, name) != null;
  }

  static @Nullable TSNode parent(TSNode node) {
    TSNode parent = node.getParent();
    return parent == null || parent.isNull() ? null : parent;
  }

  /** The first direct child whose type is one of {@code types}, named or not. */
  static @Nullable TSNode firstChildOfType(TSNode node, String... types) {
    int n = node.getChildCount();
    for (int i = 0; i < n; i++) {
      TSNode child = node.getChild(i);
      String type = child.getType();
      for (String t : types) {
        if (t.equals(type)) {
          return child;
        }
      }
    }
    return null;
  }
}
