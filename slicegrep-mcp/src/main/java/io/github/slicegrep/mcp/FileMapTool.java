package io.github.slicegrep.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.slicegrep.FileMap;
import io.github.slicegrep.FocusedReader;
import io.github.slicegrep.SlicegrepException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code file_map}: a file's definitions with their line numbers, as the text map and as JSON in
 * the shape of the CLI's {@code --map --json}.
 */
final class FileMapTool implements Tool {
  static final String NAME = "file_map";

  /**
   * Definitions in the structured copy, in line order (the text keeps the
   * {@link FileMap#DEFAULT_MAX_ENTRIES} most important): about 8,000 tokens at most, more
   * definitions than all but generated files have. {@code definitions_total} keeps the count.
   */
  static final int MAX_STRUCTURED_DEFINITIONS = 200;

  private final FocusedReader reader;
  private final Workspace workspace;
  private final ObjectNode definition;

  FileMapTool(FocusedReader reader, Workspace workspace, ObjectMapper mapper) {
    this.reader = reader;
    this.workspace = workspace;
    this.definition = ToolSchemas.fileMap(mapper);
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public ObjectNode definition() {
    return definition;
  }

  @Override
  public ToolResult call(ObjectNode json) {
    Arguments args = Arguments.of(json, Set.of("path"));
    String requested = args.requiredString("path");
    Path path = workspace.resolve(requested);
    if (Files.isDirectory(path)) {
      throw new SlicegrepException(
          requested + " is a directory; file_map maps one file (focused_read searches a"
              + " directory)");
    }
    FileMap map = reader.fileMap(path);
    int count = map.entries().size();
    String header =
        String.format("FILE MAP: %s (%d lines, %d definition%s)%n", requested, map.lineCount(),
            count, count == 1 ? "" : "s");
    String body =
        count == 0
            ? "No definitions found; read the file directly or search it with focused_read.\n"
            : map.render();
    Map<String, Object> structured = map.toMap(MAX_STRUCTURED_DEFINITIONS);
    structured.put("file", requested);
    structured.put("definitions_total", count);
    return ToolResult.success(List.of(header + body), structured);
  }
}
