package io.github.slicegrep.solr;

import io.github.slicegrep.match.Hit;
import io.github.slicegrep.match.LineScanner;
import io.github.slicegrep.query.Fragment;
import io.github.slicegrep.query.Query;
import io.github.slicegrep.query.QueryReading;
import io.github.slicegrep.search.CandidateSource;
import io.github.slicegrep.search.FileAnalyses;
import io.github.slicegrep.source.SourceFile;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.solr.client.solrj.SolrQuery;
import org.apache.solr.client.solrj.response.QueryResponse;
import org.apache.solr.client.solrj.util.ClientUtils;
import org.apache.solr.common.SolrDocument;
import org.apache.solr.common.params.ShardParams;

/**
 * A search's candidate files, fetched from a collection for one reading of a query: Solr picks
 * the files whose blocks best match any of the reading's clauses ({@link CandidateQuery}), then
 * every document of those files is fetched and each file rebuilt, line for line, from its
 * pieces. The pipeline scans, ranks and packs these files just as it would local ones, so no hit
 * in a fetched file is ever lost; what lies outside them, and any shard that did not answer, is
 * said in {@link #warnings()}. Immutable once fetched.
 */
final class SolrSource implements CandidateSource {
  /** Files per request when fetching their documents. */
  static final int FILES_PER_FETCH = 100;
  /** Documents per page of a fetch. */
  static final int DOCUMENTS_PER_PAGE = 2_000;

  private final List<SourceFile> files;
  private final List<String> warnings;
  private final FileAnalyses analyses;

  private SolrSource(
      List<SourceFile> files, List<String> warnings, RememberedAnalyses analyses) {
    this.files = files;
    this.warnings = warnings;
    this.analyses = analyses;
  }

  /** Where a search keeps what it fetched and worked out, for the next search. */
  record Kept(FileCache files, RememberedAnalyses analyses) {
    static Kept fresh() {
      RememberedAnalyses analyses = new RememberedAnalyses();
      return new Kept(new FileCache(FileCache.DEFAULT_MAX_CHARS, analyses::forget), analyses);
    }
  }

  /**
   * Fetches the candidate files of {@code reading} from {@code collection}: those {@code kept}
   * holds at the hash the cluster has are taken from there, the others fetched and kept.
   *
   * @param maxFiles the most files fetched
   * @param repositories the repositories searched, all when empty
   */
  static SolrSource fetch(
      Cluster cluster, String collection, QueryReading reading, int maxFiles,
      List<String> repositories, Kept kept) {
    CandidateQuery query = CandidateQuery.of(reading);
    List<String> warnings = new ArrayList<>();
    for (String f : query.unsearchable()) {
      warnings.add(String.format(
          "Pattern '%s' has no word or literal the cluster can look it up by: only files"
              + " fetched for the rest of the query were scanned for it", f));
    }
    if (query.text().isEmpty()) {
      return new SolrSource(List.of(), List.copyOf(warnings), kept.analyses());
    }
    SolrQuery best = new SolrQuery(query.text());
    best.addFilterQuery("{!collapse field=" + BlockDocuments.FILE + "}");
    if (!repositories.isEmpty()) {
      best.addFilterQuery(anyOf(BlockDocuments.REPOSITORY, repositories));
    }
    best.setFields(BlockDocuments.FILE, BlockDocuments.HASH);
    best.setRows(maxFiles);
    best.set(ShardParams.SHARDS_TOLERANT, true);
    QueryResponse response = cluster.query(collection, best);
    boolean partial = partial(response);
    Map<String, String> hashes = new LinkedHashMap<>();
    for (SolrDocument d : response.getResults()) {
      hashes.put((String) d.getFirstValue(BlockDocuments.FILE),
          (String) d.getFirstValue(BlockDocuments.HASH));
    }
    long matching = response.getResults().getNumFound();
    // A question's words match most files, and it is ranked by BM25 anyway: only a precise
    // query's reader needs to know that files holding its text were left out.
    if (matching > hashes.size() && reading.first().route() == Query.Route.PRECISE) {
      warnings.add(String.format(
          "%d files of the cluster match the query; the %d best by the cluster's ranking were"
              + " fetched and searched (raise --files to search more)", matching, hashes.size()));
    }
    List<SourceFile> files = new ArrayList<>();
    List<String> missing = new ArrayList<>();
    hashes.forEach((name, hash) -> kept.files().get(name, hash)
        .ifPresentOrElse(files::add, () -> missing.add(name)));
    Map<String, List<SolrDocument>> pieces = new ConcurrentHashMap<>();
    List<List<String>> batches = new ArrayList<>();
    for (int from = 0; from < missing.size(); from += FILES_PER_FETCH) {
      batches.add(missing.subList(from, Math.min(missing.size(), from + FILES_PER_FETCH)));
    }
    partial |= batches.parallelStream()
        .map(batch -> fetchPieces(cluster, collection, batch, pieces))
        .reduce(false, Boolean::logicalOr);
    int incomplete = 0;
    for (String name : missing) {
      var file = BlockDocuments.rebuild(name, pieces.getOrDefault(name, List.of()));
      if (file.isPresent() && BlockDocuments.hash(file.get()).equals(hashes.get(name))) {
        files.add(file.get());
        kept.files().put(name, hashes.get(name), file.get());
      } else {
        incomplete++;
      }
    }
    if (partial) {
      warnings.add("The cluster answered in part (a shard had no live replica): files held"
          + " there are missing from this result");
    }
    if (incomplete > 0) {
      warnings.add(String.format("%d fetched file(s) came back incomplete from the cluster"
          + " (a shard down or the file being re-indexed) and were left out", incomplete));
    }
    // Local search meets files in path order; ties between candidates are broken the same way.
    files.sort(Comparator.comparing(SourceFile::relativePath));
    return new SolrSource(List.copyOf(files), List.copyOf(warnings), kept.analyses());
  }

  /** Adds every document of {@code names} to {@code into}; true when the answer was partial. */
  private static boolean fetchPieces(
      Cluster cluster, String collection, List<String> names,
      Map<String, List<SolrDocument>> into) {
    SolrQuery q = new SolrQuery("*:*");
    q.addFilterQuery(anyOf(BlockDocuments.FILE, names));
    q.setFields(BlockDocuments.PIECE_FIELDS);
    q.setRows(DOCUMENTS_PER_PAGE);
    q.set(ShardParams.SHARDS_TOLERANT, true);
    boolean[] partial = {false};
    cluster.eachPage(collection, q, page -> {
      partial[0] |= partial(page);
      for (SolrDocument d : page.getResults()) {
        into.computeIfAbsent((String) d.getFirstValue(BlockDocuments.FILE),
            k -> new ArrayList<>()).add(d);
      }
    });
    return partial[0];
  }

  /** A filter for documents whose {@code field} is one of {@code values}. */
  private static String anyOf(String field, List<String> values) {
    StringBuilder filter = new StringBuilder(field).append(":(");
    for (String v : values) {
      filter.append('"').append(ClientUtils.escapeQueryChars(v)).append("\" ");
    }
    return filter.append(')').toString();
  }

  /** Whether Solr says some shard did not answer (shards.tolerant). */
  private static boolean partial(QueryResponse response) {
    Object flag = response.getResponseHeader().get("partialResults");
    return Boolean.TRUE.equals(flag) || "true".equals(String.valueOf(flag));
  }

  /** What this search could not cover, for the result's negative evidence. */
  List<String> warnings() {
    return warnings;
  }

  @Override
  public List<SourceFile> files() {
    return files;
  }

  @Override
  public List<List<Hit>> scan(LineScanner scanner) {
    return scanner.scanAll(files, null);
  }

  @Override
  public boolean contains(Fragment fragment) {
    return LineScanner.occursIn(files, fragment, null);
  }

  @Override
  public FileAnalyses analyses() {
    return analyses;
  }
}
