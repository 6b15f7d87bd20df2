package io.github.slicegrep.solr;

import io.github.slicegrep.FocusedReader;
import io.github.slicegrep.Options;
import io.github.slicegrep.Result;
import io.github.slicegrep.SlicegrepException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Searches a collection of a SolrCloud cluster the way {@link FocusedReader} searches a tree:
 * same query reading, ranking, guarantees, packing, omitted list and negative evidence, over the
 * candidate files the cluster returns ({@link SolrSource}). Chunks are named
 * {@code repository/path}; what the cluster could not cover (a shard without a live replica,
 * files beyond {@code maxFiles}) is added to the result's negative evidence. Files fetched are
 * kept (about 128 MB of text at most) with their outlines, and fetched again only when the
 * cluster holds them at another hash. Thread-safe; one per host, closed when done.
 */
public final class ClusterSearch implements AutoCloseable {
  /** Candidate files fetched per search unless told otherwise. */
  public static final int DEFAULT_FILES = 300;

  private final Cluster cluster;
  private final String collection;
  private final int maxFiles;
  private final FocusedReader reader = new FocusedReader();
  /** Files fetched and their analyses, reused by later searches while their hash holds. */
  private final SolrSource.Kept kept = SolrSource.Kept.fresh();

  private ClusterSearch(Cluster cluster, String collection, int maxFiles) {
    this.cluster = cluster;
    this.collection = collection;
    this.maxFiles = maxFiles;
  }

  /**
   * Connects to {@code collection} of the cluster at {@code solr}, and checks that it exists.
   *
   * @param solr ZooKeeper hosts with an optional chroot, or node URLs, comma-separated
   * @param collection the collection's name
   * @param maxFiles the most candidate files fetched per search
   * @return the searcher
   * @throws SlicegrepException when the cluster cannot be reached or has no such collection
   */
  public static ClusterSearch connect(String solr, String collection, int maxFiles) {
    SlicegrepException.check(collection != null && !collection.isBlank(),
        "--collection is missing");
    SlicegrepException.check(maxFiles >= 1, "--files must be at least 1, not %s", maxFiles);
    Cluster cluster = Cluster.connect(solr);
    try {
      SlicegrepException.check(cluster.hasCollection(collection),
          "the Solr cluster at %s has no collection %s: index it first (slicegrep-solr index)",
          cluster.address(), collection);
      return new ClusterSearch(cluster, collection, maxFiles);
    } catch (RuntimeException e) {
      cluster.close();
      throw e;
    }
  }

  /**
   * Searches the collection.
   *
   * @param query regex alternatives joined by {@code |}, or a plain-English question
   * @param options the search's settings (budget, boundary, objective, context, dedupe)
   * @return the result, naming the collection as what was searched
   * @throws SlicegrepException on a bad query or when the cluster fails to answer
   */
  public Result search(String query, Options options) {
    return search(query, options, List.of());
  }

  /**
   * Searches some repositories of the collection.
   *
   * @param query regex alternatives joined by {@code |}, or a plain-English question
   * @param options the search's settings (budget, boundary, objective, context, dedupe)
   * @param repositories the repositories searched, by name; all when empty
   * @return the result, naming the collection as what was searched
   * @throws SlicegrepException on a bad query or when the cluster fails to answer
   */
  public Result search(String query, Options options, List<String> repositories) {
    SlicegrepException.check(repositories != null, "repositories are missing");
    List<String> only = List.copyOf(repositories);
    AtomicReference<SolrSource> used = new AtomicReference<>();
    Result result =
        reader.search(collection, query, options, reading -> {
          SolrSource source = SolrSource.fetch(cluster, collection, reading, maxFiles, only, kept);
          used.set(source);
          return source;
        });
    SolrSource source = used.get();
    return source == null || source.warnings().isEmpty()
        ? result
        : withEvidence(result, source.warnings());
  }

  /** {@code result} with {@code lines} added to its negative evidence. */
  private static Result withEvidence(Result result, List<String> lines) {
    List<String> evidence = new ArrayList<>(result.negativeEvidence());
    evidence.addAll(lines);
    return new Result(result.searched(), result.directory(), result.query(), result.readAs(),
        result.chunks(), evidence, result.totalTokens(), result.filesSearched(),
        result.filesMatched(), result.budget(), result.deduped(), result.omitted(),
        result.omittedTokens(), result.files(), result.omittedMore());
  }

  @Override
  public void close() {
    reader.close();
    cluster.close();
  }
}
