package io.github.slicegrep.outline;

import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.treesitter.TSNode;
import org.treesitter.TSPoint;

/**
 * Rust items written inside a macro call at item level. Crates group items under conditional
 * macros ({@code cfg_net! { pub struct TcpListener { .. } }}: 259 such bodies in tokio alone),
 * and tree-sitter keeps a macro's body as flat tokens, so the struct a user asks for by name had
 * no definition and an {@code impl} block 300 lines below stood in for it. The bodies are parsed
 * again on their own, in a copy of the file where every other character is a space, so the
 * parser's rows are the file's rows.
 */
final class RustMacroItems {
  /** Macro calls inside macro bodies are followed this deep. */
  static final int MAX_DEPTH = 3;

  private RustMacroItems() {}

  /**
   * The file's lines with everything outside the brace bodies of item-level macro calls blanked,
   * or null when there is no such body.
   */
  static @Nullable List<String> bodiesOnly(TSNode root, List<String> lines) {
    List<TSNode> bodies = new ArrayList<>();
    collect(root, lines, bodies);
    if (bodies.isEmpty()) {
      return null;
    }
    List<StringBuilder> out = new ArrayList<>(lines.size());
    for (String line : lines) {
      out.add(new StringBuilder(" ".repeat(line.length())));
    }
    for (TSNode body : bodies) {
      copy(lines, out, body.getStartPoint(), body.getEndPoint());
    }
    List<String> blanked = new ArrayList<>(out.size());
    for (StringBuilder b : out) {
      blanked.add(b.toString());
    }
    return blanked;
  }

  /** Item-level macro calls with a brace body, here and inside modules, impls and traits. */
  private static void collect(TSNode items, List<String> lines, List<TSNode> bodies) {
    int n = items.getNamedChildCount();
    for (int i = 0; i < n; i++) {
      TSNode child = items.getNamedChild(i);
      String type = child.getType();
      if (type.equals("expression_statement") && child.getNamedChildCount() == 1) {
        child = child.getNamedChild(0);
        type = child.getType();
      }
      if (type.equals("macro_invocation")) {
        TSNode body = Nodes.firstChildOfType(child, "token_tree");
        if (body != null && body.getEndPoint().getRow() > body.getStartPoint().getRow()
            && opensWithBrace(body, lines)) {
          bodies.add(body);
        }
      } else if (type.equals("mod_item") || type.equals("impl_item")
          || type.equals("trait_item")) {
        TSNode list = Nodes.field(child, "body");
        if (list != null) {
          collect(list, lines, bodies);
        }
      }
    }
  }

  /** Whether a token tree is delimited by braces ({@code m! { .. }}, not {@code m!( .. )}). */
  private static boolean opensWithBrace(TSNode body, List<String> lines) {
    TSPoint start = body.getStartPoint();
    if (start.getRow() >= lines.size()) {
      return false;
    }
    String line = lines.get(start.getRow());
    int at = SourceText.charIndex(line, start.getColumn());
    return at < line.length() && line.charAt(at) == '{';
  }

  /** Copies the text between the body's braces (both excluded) into the blank lines. */
  private static void copy(List<String> lines, List<StringBuilder> out, TSPoint start,
      TSPoint end) {
    for (int row = start.getRow(); row <= end.getRow() && row < lines.size(); row++) {
      String line = lines.get(row);
      int from = row == start.getRow() ? SourceText.charIndex(line, start.getColumn()) + 1 : 0;
      int to = row == end.getRow() ? SourceText.charIndex(line, end.getColumn()) - 1
          : line.length();
      for (int i = Math.max(0, from); i < Math.min(to, line.length()); i++) {
        out.get(row).setCharAt(i, line.charAt(i));
      }
    }
  }
}
