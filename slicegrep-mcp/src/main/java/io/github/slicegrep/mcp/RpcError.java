package io.github.slicegrep.mcp;

/**
 * A JSON-RPC error to send back instead of a result. Thrown by the protocol layer for
 * malformed requests, unknown methods and bad parameters; a tool's own failures are never
 * RpcErrors but tool results with {@code isError} set, so the model can read them.
 */
final class RpcError extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** The message is not valid JSON. */
  static final int PARSE_ERROR = -32700;
  /** Valid JSON, but not a JSON-RPC 2.0 request or notification. */
  static final int INVALID_REQUEST = -32600;
  static final int METHOD_NOT_FOUND = -32601;
  static final int INVALID_PARAMS = -32602;
  static final int INTERNAL_ERROR = -32603;

  private final int code;

  RpcError(int code, String message) {
    super(message, null, false, false);
    this.code = code;
  }

  int code() {
    return code;
  }
}
