package io.github.slicegrep.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** One MCP tool: its listing for {@code tools/list} and its execution for {@code tools/call}. */
interface Tool {
  String name();

  /** The tool's entry in {@code tools/list}: name, title, description, schemas, annotations. */
  ObjectNode definition();

  /**
   * Runs the tool. Bad arguments and failed searches raise
   * {@link io.github.slicegrep.SlicegrepException}; the caller turns every exception into a
   * tool error result.
   */
  ToolResult call(ObjectNode arguments);
}
