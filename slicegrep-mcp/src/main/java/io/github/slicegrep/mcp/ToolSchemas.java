package io.github.slicegrep.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.slicegrep.Options;

/**
 * The tools' {@code tools/list} entries. Descriptions are written for a model choosing whether
 * and how to call a tool; input schemas are JSON Schema objects that clients show and check.
 */
final class ToolSchemas {
  private ToolSchemas() {}

  static ObjectNode focusedRead(ObjectMapper mapper, int maxBudget, int maxContext) {
    ObjectNode tool = mapper.createObjectNode();
    tool.put("name", FocusedReadTool.NAME);
    tool.put("title", "Focused read: ranked code slices");
    tool.put(
        "description",
        "Find the code that answers a question in a file or a whole directory, and get back only"
            + " those slices, ranked best first and packed under a token budget, instead of"
            + " grepping and then reading whole files. Use it to locate a definition, its"
            + " callers and its tests, the code behind an error message, or the code for a"
            + " concept. Slices grow to whole functions or classes where that fits"
            + " (boundary=fn forces it), near-duplicates are dropped, and the report ends with"
            + " OMITTED (matching regions left out, with exact line ranges to read next) and"
            + " NEGATIVE EVIDENCE (what does not exist, e.g. no definition of a symbol), so"
            + " absence is stated rather than guessed. File paths in the report are relative"
            + " to the searched path; line numbers are 1-based, as an editor shows them.");
    ObjectNode input = schemaObject(tool, "inputSchema");
    ObjectNode p = (ObjectNode) input.get("properties");
    p.putObject("path")
        .put("type", "string")
        .put("description",
            "File or directory to search (directories are searched recursively, honouring"
                + " .gitignore). Absolute, or relative to the server's first allowed root"
                + " (its working directory when none is set).");
    p.putObject("pattern")
        .put("type", "string")
        .put("description",
            "What to find: one or more alternatives joined by |, e.g. 'class Scorer|def score'"
                + " or 'retry|backoff|timeout'. Each alternative is a case-insensitive regular"
                + " expression; one that is not valid regex (e.g. 'score(') is searched as plain"
                + " text. Slices matching several alternatives rank higher. A plain-English"
                + " question of three or more content words is expanded into identifiers and"
                + " word stems.");
    p.putObject("budget")
        .put("type", "integer")
        .put("minimum", 0)
        .put("default", Options.DEFAULT_BUDGET)
        .put("description",
            "Token budget for the returned code (default " + Options.DEFAULT_BUDGET
                + "). Raise it when the report says much was omitted. At most " + maxBudget
                + " per call; 0 (unlimited) and larger values are lowered to " + maxBudget + ".");
    ObjectNode boundary = p.putObject("boundary").put("type", "string");
    boundary.putArray("enum").add("auto").add("fn").add("none");
    boundary.put("default", "auto")
        .put("description",
            "How a match grows into a slice. auto: the context window, or the whole enclosing"
                + " function when it is no longer than the window. fn: always the smallest"
                + " enclosing function, method or class, whole. none: exactly the window.");
    p.putObject("before")
        .put("type", "integer").put("minimum", 0).put("maximum", maxContext)
        .put("default", Options.DEFAULT_CONTEXT)
        .put("description", "Context lines before each match (default 40).");
    p.putObject("after")
        .put("type", "integer").put("minimum", 0).put("maximum", maxContext)
        .put("default", Options.DEFAULT_CONTEXT)
        .put("description", "Context lines after each match (default 40).");
    ObjectNode objective = p.putObject("objective").put("type", "string");
    objective.putArray("enum").add("auto").add("single").add("def+caller").add("def+test");
    objective.put("default", "auto")
        .put("description",
            "Slices reserved before the rest of the budget is filled by score. auto: the"
                + " definition of the queried symbol, a caller in another file and a test."
                + " single: pure score order. def+caller, def+test: those two.");
    p.putObject("recursive")
        .put("type", "boolean").put("default", true)
        .put("description", "Descend into subdirectories (default true).");
    p.putObject("dedupe")
        .put("type", "boolean").put("default", true)
        .put("description",
            "Collapse near-duplicate slices (default true; exact copies always collapse).");
    p.putObject("dense")
        .put("type", "boolean").put("default", false)
        .put("description",
            "Fuse dense (embedding) recall into plain-English questions when the server has a"
                + " model (SLICEGREP_MODEL_DIR); precise queries never use it (default false:"
                + " it did not win where measured).");
    p.putObject("history")
        .put("type", "boolean").put("default", false)
        .put("description",
            "Re-rank the file list by git history (churn, co-change) inside a git work tree"
                + " (default false: it did not win where measured).");
    p.putObject("fresh")
        .put("type", "boolean").put("default", false)
        .put("description",
            "Send every chunk in full, even those this session was already sent (default false:"
                + " a chunk sent earlier and unchanged since is named under ALREADY SHOWN, and"
                + " its budget goes to the next best chunk).");
    input.putArray("required").add("path").add("pattern");
    input.put("additionalProperties", false);
    tool.set("outputSchema", focusedReadOutput(mapper));
    readOnly(tool);
    return tool;
  }

  /**
   * {@code cluster_read}: {@code focused_read}'s schema for a collection instead of a path,
   * with the repositories to search in place of the path and the local-only switches.
   */
  static ObjectNode clusterRead(
      ObjectMapper mapper, String collection, int maxBudget, int maxContext) {
    ObjectNode tool = focusedRead(mapper, maxBudget, maxContext);
    tool.put("name", ClusterReadTool.NAME);
    tool.put("title", "Cluster read: ranked code slices across an organisation's repositories");
    tool.put(
        "description",
        "focused_read over every repository indexed in the search cluster's collection '"
            + collection + "' (the files need not be on this machine): ranked slices packed"
            + " under a token budget, with OMITTED and NEGATIVE EVIDENCE as focused_read gives"
            + " them. File paths are repository/path. Use it to find code in another team's"
            + " repository, or every place across repositories that does something. When the"
            + " cluster could not cover everything (a shard down, more matching files than"
            + " fetched) the NEGATIVE EVIDENCE says so.");
    ObjectNode input = (ObjectNode) tool.get("inputSchema");
    ObjectNode p = (ObjectNode) input.get("properties");
    for (String local : new String[] {"path", "recursive", "dense", "history", "fresh"}) {
      p.remove(local);
    }
    ObjectNode repositories = p.putObject("repositories").put("type", "array");
    repositories.putObject("items").put("type", "string");
    repositories.put("description",
        "Repositories to search, by name (a repository is named by its root directory's name);"
            + " all of them when absent.");
    input.putArray("required").add("pattern");
    ((ObjectNode) tool.get("annotations")).put("openWorldHint", true);
    return tool;
  }

  static ObjectNode fileMap(ObjectMapper mapper) {
    ObjectNode tool = mapper.createObjectNode();
    tool.put("name", FileMapTool.NAME);
    tool.put("title", "File map: a file's definitions with line numbers");
    tool.put(
        "description",
        "Outline one source file: every class, function and method with the line that defines"
            + " it, indented by nesting, without the bodies. Use it before reading a large file"
            + " to choose the line ranges worth reading, or to see where a definition sits; it"
            + " costs a few hundred tokens instead of the whole file. Line numbers are 1-based,"
            + " exactly as an editor or a file-reading tool counts them.");
    ObjectNode input = schemaObject(tool, "inputSchema");
    ((ObjectNode) input.get("properties")).putObject("path")
        .put("type", "string")
        .put("description",
            "The source file to map. Absolute, or relative to the server's first allowed root"
                + " (its working directory when none is set).");
    input.putArray("required").add("path");
    input.put("additionalProperties", false);
    ObjectNode output = mapper.createObjectNode().put("type", "object");
    ObjectNode op = output.putObject("properties");
    op.putObject("file").put("type", "string");
    op.putObject("lines").put("type", "integer");
    ObjectNode entry = op.putObject("definitions").put("type", "array").putObject("items");
    entry.put("type", "object");
    ObjectNode ep = entry.putObject("properties");
    for (String integer : new String[] {"line", "line_start", "line_end", "depth"}) {
      ep.putObject(integer).put("type", "integer");
    }
    for (String string : new String[] {"kind", "name", "text"}) {
      ep.putObject(string).put("type", "string");
    }
    ArrayNode entryRequired = entry.putArray("required");
    ep.fieldNames().forEachRemaining(entryRequired::add);
    op.putObject("definitions_total").put("type", "integer");
    ArrayNode required = output.putArray("required");
    op.fieldNames().forEachRemaining(required::add);
    tool.set("outputSchema", output);
    readOnly(tool);
    return tool;
  }

  /** The shape of docs/json-schema.md, as far as a client needs to check it. */
  private static ObjectNode focusedReadOutput(ObjectMapper mapper) {
    ObjectNode out = mapper.createObjectNode().put("type", "object");
    ObjectNode p = out.putObject("properties");
    stringArray(p, "query");
    ObjectNode readAs = p.putObject("read_as").put("type", "string");
    readAs.putArray("enum").add("exact").add("question").add("quotation").add("words");
    ObjectNode chunk = p.putObject("chunks").put("type", "array").putObject("items");
    chunk.put("type", "object");
    ObjectNode cp = chunk.putObject("properties");
    cp.putObject("file").put("type", "string");
    cp.putObject("line_start").put("type", "integer");
    cp.putObject("line_end").put("type", "integer");
    cp.putObject("symbol").putArray("type").add("string").add("null");
    stringArray(cp, "patterns");
    cp.putObject("matches").put("type", "integer");
    cp.putObject("score").put("type", "number");
    stringArray(cp, "rank_reason");
    cp.putObject("hash").put("type", "string");
    cp.putObject("tokens").put("type", "integer");
    cp.putObject("code").put("type", "string");
    ArrayNode chunkRequired = chunk.putArray("required");
    cp.fieldNames().forEachRemaining(chunkRequired::add);
    stringArray(p, "negative_evidence");
    for (String count : new String[] {"total_tokens", "files_searched", "files_matched", "budget",
        "deduped"}) {
      p.putObject(count).put("type", "integer");
    }
    ObjectNode omission = p.putObject("omitted").put("type", "array").putObject("items");
    omission.put("type", "object");
    ObjectNode om = omission.putObject("properties");
    om.putObject("file").put("type", "string");
    om.putObject("line_start").put("type", "integer");
    om.putObject("line_end").put("type", "integer");
    om.putObject("tokens").put("type", "integer");
    om.putObject("score").put("type", "number");
    stringArray(om, "reason");
    om.putObject("why").put("type", "string");
    ArrayNode omissionRequired = omission.putArray("required");
    om.fieldNames().forEachRemaining(omissionRequired::add);
    p.putObject("omitted_tokens").put("type", "integer");
    ObjectNode more = p.putObject("omitted_more").put("type", "object");
    ObjectNode mp = more.putObject("properties");
    mp.putObject("regions").put("type", "integer");
    mp.putObject("tokens").put("type", "integer");
    mp.putObject("estimated").put("type", "boolean");
    ArrayNode moreRequired = more.putArray("required");
    mp.fieldNames().forEachRemaining(moreRequired::add);
    p.putObject("coverage").put("type", "number");
    ObjectNode file = p.putObject("files").put("type", "array").putObject("items");
    file.put("type", "object");
    ObjectNode fp = file.putObject("properties");
    fp.putObject("file").put("type", "string");
    fp.putObject("score").put("type", "number");
    fp.putObject("regions").put("type", "integer");
    fp.putObject("hits").put("type", "integer");
    p.putObject("omitted_total").put("type", "integer");
    ObjectNode named = p.putObject("already_shown").put("type", "array").putObject("items");
    named.put("type", "object");
    ObjectNode np = named.putObject("properties");
    np.putObject("file").put("type", "string");
    np.putObject("line_start").put("type", "integer");
    np.putObject("line_end").put("type", "integer");
    np.putObject("symbol").putArray("type").add("string").add("null");
    np.putObject("hash").put("type", "string");
    np.putObject("tokens").put("type", "integer");
    np.putObject("call").put("type", "integer");
    ArrayNode namedRequired = named.putArray("required");
    np.fieldNames().forEachRemaining(namedRequired::add);
    ArrayNode required = out.putArray("required");
    p.fieldNames().forEachRemaining(name -> {
      if (!name.equals("files")) {
        required.add(name);
      }
    });
    return out;
  }

  private static ObjectNode schemaObject(ObjectNode tool, String key) {
    ObjectNode schema = tool.putObject(key);
    schema.put("type", "object");
    schema.putObject("properties");
    return schema;
  }

  private static void stringArray(ObjectNode properties, String name) {
    properties.putObject(name).put("type", "array").putObject("items").put("type", "string");
  }

  private static void readOnly(ObjectNode tool) {
    tool.putObject("annotations")
        .put("readOnlyHint", true)
        .put("destructiveHint", false)
        .put("idempotentHint", true)
        .put("openWorldHint", false);
  }
}
