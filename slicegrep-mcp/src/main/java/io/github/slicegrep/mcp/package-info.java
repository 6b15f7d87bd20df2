/**
 * The slicegrep MCP server: JSON-RPC 2.0 over stdio ({@link io.github.slicegrep.mcp.StdioServer}),
 * the MCP methods ({@link io.github.slicegrep.mcp.McpProtocol}) and the tools. Thin: it parses
 * input, calls the core and prints.
 */
@NullMarked
package io.github.slicegrep.mcp;

import org.jspecify.annotations.NullMarked;
