package io.github.slicegrep.outline;

import static io.github.slicegrep.outline.SyntaxRules.found;

import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSet;
import io.github.slicegrep.outline.Definition.Kind;
import io.github.slicegrep.outline.NodeRule.Found;
import org.jspecify.annotations.Nullable;
import org.treesitter.TSNode;

/**
 * Elixir (tree-sitter-elixir): the language has no definition syntax, only macros, so {@code
 * defmodule Rank.Scorer do}, {@code def score(q) when ... do} and {@code defp helper(x), do: x}
 * are {@code call} nodes told apart by the name of the macro called. The documentation
 * attributes above a function ({@code @doc}, {@code @spec}, {@code @impl}) belong to it; {@code
 * @moduledoc} and other module attributes do not.
 */
final class ElixirRules {
  private ElixirRules() {}

  private static final ImmutableMap<String, Kind> DEFINING_MACROS =
      ImmutableMap.<String, Kind>builder()
          .put("defmodule", Kind.MODULE)
          .put("defprotocol", Kind.INTERFACE)
          .put("defimpl", Kind.IMPL)
          .put("def", Kind.FUNCTION)
          .put("defp", Kind.FUNCTION)
          .put("defmacro", Kind.FUNCTION)
          .put("defmacrop", Kind.FUNCTION)
          .put("defguard", Kind.FUNCTION)
          .put("defguardp", Kind.FUNCTION)
          .put("defdelegate", Kind.FUNCTION)
          .buildOrThrow();

  /** Module attributes that document or annotate the function below them. */
  private static final ImmutableSet<String> FUNCTION_ATTRIBUTES =
      ImmutableSet.of("doc", "spec", "impl", "deprecated", "since", "decorate", "dialyzer");

  static SyntaxRules rules() {
    return new SyntaxRules.Builder("comment")
        .rule("call", ElixirRules::definingCall)
        .attachableIf("unary_operator", ElixirRules::isFunctionAttribute)
        .build();
  }

  private static @Nullable Found definingCall(TSNode node, SourceText text) {
    TSNode target = Nodes.field(node, "target");
    if (target == null || !target.getType().equals("identifier")) {
      return null;
    }
    Kind kind = DEFINING_MACROS.get(text.text(target));
    TSNode arguments = Nodes.firstChildOfType(node, "arguments");
    if (kind == null || arguments == null || arguments.getNamedChildCount() == 0) {
      return null;
    }
    TSNode head = arguments.getNamedChild(0);
    if (kind != Kind.FUNCTION) {
      // defmodule Rank.Scorer, defimpl Size, for: Map: named by the alias's last segment
      String alias = text.text(head);
      return head.getType().equals("alias")
          ? found(kind, alias.substring(alias.lastIndexOf('.') + 1), head, node, false)
          : null;
    }
    TSNode name = functionName(head);
    // def weigh(weigher, term) in a protocol or a bodiless clause: no do-block, no do: keyword
    boolean bodiless =
        Nodes.firstChildOfType(node, "do_block") == null
            && Nodes.firstChildOfType(arguments, "keywords") == null;
    return name == null ? null : found(kind, text.text(name), name, node, bodiless);
  }

  /**
   * The name in a function head: {@code score(q)}, {@code score(q) when is_binary(q)} or a bare
   * {@code run} without parentheses.
   */
  private static @Nullable TSNode functionName(TSNode head) {
    TSNode call = head;
    if (head.getType().equals("binary_operator")) {
      call = Nodes.field(head, "left");
      if (call == null) {
        return null;
      }
    }
    if (call.getType().equals("identifier")) {
      return call;
    }
    if (!call.getType().equals("call")) {
      return null;
    }
    TSNode target = Nodes.field(call, "target");
    return target != null && target.getType().equals("identifier") ? target : null;
  }

  /** {@code @doc """..."""}, {@code @spec score(t) :: float}; not {@code @moduledoc}. */
  private static boolean isFunctionAttribute(TSNode node, SourceText text) {
    TSNode operand = Nodes.field(node, "operand");
    if (operand == null || !text.text(node).startsWith("@")) {
      return false;
    }
    TSNode name = operand.getType().equals("call") ? Nodes.field(operand, "target") : operand;
    return name != null && FUNCTION_ATTRIBUTES.contains(text.text(name));
  }
}
