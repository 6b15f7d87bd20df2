package io.github.slicegrep.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.slicegrep.Options;
import io.github.slicegrep.Result;
import io.github.slicegrep.SlicegrepException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * {@code cluster_read}: {@code focused_read} over a SolrCloud collection of many repositories
 * (docs/cluster.md), offered when the server runs with {@code --solr} and {@code --collection}.
 * The Solr client lives in slicegrep-solr's jar, which this module does not depend on: the
 * search class is loaded from the class path by name when the server starts, so the MCP jar
 * carries no Solr dependency. The cluster is connected on the first call, and again after a
 * failed one: a cluster that cannot be reached is a tool error, never an empty result.
 */
final class ClusterReadTool implements Tool {
  static final String NAME = "cluster_read";
  /** The class in slicegrep-solr's jar that searches a collection. */
  static final String SEARCH_CLASS = "io.github.slicegrep.solr.ClusterSearch";
  /** Candidate files fetched from the cluster per search (slicegrep-solr's default). */
  static final int FILES = 300;

  private static final Set<String> ARGUMENTS =
      Set.of("pattern", "repositories", "budget", "boundary", "before", "after", "objective",
          "dedupe");

  private final String solr;
  private final String collection;
  private final Method connect;
  private final Method search;
  private final ObjectNode definition;
  private AutoCloseable connected;

  private ClusterReadTool(
      String solr, String collection, Method connect, Method search, ObjectNode definition) {
    this.solr = solr;
    this.collection = collection;
    this.connect = connect;
    this.search = search;
    this.definition = definition;
  }

  /**
   * The tool for {@code collection} of the cluster at {@code solr}.
   *
   * @throws SlicegrepException when slicegrep-solr's jar is not on the class path
   */
  static ClusterReadTool of(String solr, String collection, ObjectMapper mapper) {
    try {
      Class<?> type = Class.forName(SEARCH_CLASS);
      return new ClusterReadTool(solr, collection,
          type.getMethod("connect", String.class, String.class, int.class),
          type.getMethod("search", String.class, Options.class, List.class),
          ToolSchemas.clusterRead(mapper, collection, FocusedReadTool.MAX_BUDGET,
              FocusedReadTool.MAX_CONTEXT));
    } catch (ClassNotFoundException | NoSuchMethodException e) {
      throw new SlicegrepException("--solr needs slicegrep-solr's jar on the class path: java -cp"
          + " slicegrep-mcp.jar:slicegrep-solr.jar io.github.slicegrep.mcp.SlicegrepMcp --solr ..."
          + " (" + e + ")", e);
    }
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
    Arguments args = Arguments.of(json, ARGUMENTS);
    String pattern = args.requiredString("pattern");
    List<String> repositories = repositories(json.get("repositories"));
    long asked = args.count("budget", "tokens", Options.DEFAULT_BUDGET, 0);
    int budget = FocusedReadTool.clamped(asked);
    Options options = FocusedReadTool.options(args, budget);
    Result result = (Result) invoke(search, searcher(), pattern, options, repositories);
    return ToolResult.success(FocusedReadTool.texts(result, "", asked, budget),
        FocusedReadTool.structured(result, List.of()));
  }

  private static List<String> repositories(JsonNode v) {
    List<String> out = new ArrayList<>();
    if (v == null || v.isNull()) {
      return out;
    }
    if (!v.isArray()) {
      throw new SlicegrepException("repositories must be an array of repository names");
    }
    for (JsonNode name : v) {
      if (!name.isTextual() || name.asText().isBlank()) {
        throw new SlicegrepException("repositories must be an array of repository names");
      }
      out.add(name.asText());
    }
    return out;
  }

  /** The connected searcher, connecting first when there is none. */
  private synchronized Object searcher() {
    if (connected == null) {
      connected = (AutoCloseable) invoke(connect, null, solr, collection, FILES);
    }
    return connected;
  }

  /** {@code method} called, its failure rethrown as it was raised. */
  private Object invoke(Method method, Object target, Object... args) {
    try {
      return method.invoke(target, args);
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof SlicegrepException s) {
        if (method == search) {
          drop();
        }
        throw s;
      }
      throw new IllegalStateException("cluster search failed: " + e.getCause(), e.getCause());
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(SEARCH_CLASS + " cannot be called", e);
    }
  }

  /** Forgets the connection after a failed search, so the next call connects afresh. */
  private synchronized void drop() {
    close();
  }

  /** Closes the connection, if any. */
  synchronized void close() {
    if (connected != null) {
      try {
        connected.close();
      } catch (Exception e) {
        // Releasing a connection that failed already leaves nothing to recover.
      }
      connected = null;
    }
  }
}
