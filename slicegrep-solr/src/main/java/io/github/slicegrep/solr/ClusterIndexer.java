package io.github.slicegrep.solr;

import io.github.slicegrep.Options;
import io.github.slicegrep.SlicegrepException;
import io.github.slicegrep.outline.Outliner;
import io.github.slicegrep.outline.Outliners;
import io.github.slicegrep.source.SourceFile;
import io.github.slicegrep.source.SourceReader;
import io.github.slicegrep.source.SourceTree;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.solr.client.solrj.SolrQuery;
import org.apache.solr.client.solrj.util.ClientUtils;
import org.apache.solr.common.SolrDocument;
import org.apache.solr.common.SolrInputDocument;

/**
 * Sends repositories to a collection: each root is walked with the local search's walker and
 * ignore rules, each file cut into the local search's blocks, one document per block
 * ({@link BlockDocuments}). A repository is named by its root's directory name. A re-run sends
 * only the files whose content hash changed, and deletes the documents of files that are gone
 * (or now ignored) and the surplus blocks of files that shrank.
 */
public final class ClusterIndexer {
  /** Files read and cut together (in parallel), then sent: bounds memory on huge trees. */
  static final int FILES_PER_BATCH = 256;
  /** Documents per update request: a few megabytes of text. */
  static final int DOCUMENTS_PER_REQUEST = 500;
  /** Ids read per page when listing what a repository holds. */
  static final int LISTING_PAGE = 5_000;
  /** Progress is written at most this often. */
  static final Duration PROGRESS_EVERY = Duration.ofSeconds(2);

  /**
   * What one run did.
   *
   * @param files files read (every searchable file of the roots)
   * @param added files new to the collection
   * @param changed files sent again because their content changed
   * @param unchanged files whose hash matched, not sent
   * @param removed files deleted from the collection
   * @param documents documents sent
   * @param took how long the run took
   */
  public record Summary(
      int files, int added, int changed, int unchanged, int removed, long documents,
      Duration took) {
    /**
     * One line for a person.
     *
     * @return counts, time and documents per second
     */
    public String describe() {
      double seconds = Math.max(0.001, took.toMillis() / 1000.0);
      return String.format(
          "%d files: %d added, %d changed, %d unchanged, %d removed; %d documents in %.1f s"
              + " (%.0f documents/s)",
          files, added, changed, unchanged, removed, documents, seconds, documents / seconds);
    }
  }

  private final Cluster cluster;
  private final String collection;
  private final PrintStream progress;
  private final Outliner outliner = Outliners.standard();

  private ClusterIndexer(Cluster cluster, String collection, PrintStream progress) {
    this.cluster = cluster;
    this.collection = collection;
    this.progress = progress;
  }

  /**
   * Indexes {@code roots} into {@code collection} of the cluster at {@code solr}, creating the
   * collection with the shipped configset ({@code shards} x {@code replicas}) if it is absent.
   *
   * @param solr ZooKeeper hosts with an optional chroot, or node URLs, comma-separated
   * @param collection the collection's name
   * @param shards shards of a collection created now
   * @param replicas replicas of each shard of a collection created now
   * @param roots the repositories' root directories, each named by its directory name
   * @param progress where progress lines go (standard error)
   * @return what the run did
   * @throws SlicegrepException on a bad root, two roots of one name, or a cluster failure
   */
  public static Summary index(
      String solr, String collection, int shards, int replicas, List<Path> roots,
      PrintStream progress) {
    Map<String, Path> repositories = repositories(roots);
    SlicegrepException.check(collection != null && !collection.isBlank(),
        "--collection is missing");
    try (Cluster cluster = Cluster.connect(solr)) {
      if (cluster.ensureCollection(collection, shards, replicas)) {
        progress.printf("slicegrep-solr: created collection %s (%d shards x %d replicas)%n",
            collection, shards, replicas);
      }
      return new ClusterIndexer(cluster, collection, progress).run(repositories);
    }
  }

  /**
   * Deletes every document of {@code repositories} from {@code collection}: for a repository
   * that is gone (an index run only ever sees the roots it is given).
   *
   * @param solr ZooKeeper hosts with an optional chroot, or node URLs, comma-separated
   * @param collection the collection's name
   * @param repositories the repositories' names
   * @param progress where the closing line goes (standard error)
   * @throws SlicegrepException on a missing name, a missing collection or a cluster failure
   */
  public static void drop(
      String solr, String collection, List<String> repositories, PrintStream progress) {
    SlicegrepException.check(repositories != null && !repositories.isEmpty(),
        "no repository named");
    try (Cluster cluster = Cluster.connect(solr)) {
      SlicegrepException.check(cluster.hasCollection(collection),
          "the Solr cluster at %s has no collection %s", cluster.address(), collection);
      for (String repository : repositories) {
        SlicegrepException.check(repository != null && !repository.isBlank(),
            "a repository name is blank");
        cluster.deleteByQuery(collection,
            BlockDocuments.REPOSITORY + ":" + ClientUtils.escapeQueryChars(repository));
      }
      cluster.commit(collection);
      progress.println("slicegrep-solr: " + collection + ": dropped " + repositories);
    }
  }

  /** Each root by its repository name; names must differ, roots must be directories. */
  private static Map<String, Path> repositories(List<Path> roots) {
    SlicegrepException.check(roots != null && !roots.isEmpty(), "no repository root given");
    Map<String, Path> out = new java.util.LinkedHashMap<>();
    for (Path root : roots) {
      Path abs = root.toAbsolutePath().normalize();
      SlicegrepException.check(Files.isDirectory(abs), "not a directory: %s", root);
      Path name = abs.getFileName();
      SlicegrepException.check(name != null, "a repository root needs a name: %s", root);
      Path before = out.put(name.toString(), abs);
      SlicegrepException.check(before == null,
          "two roots are both named %s (%s and %s): a repository is named by its directory",
          name, before, abs);
    }
    return out;
  }

  private Summary run(Map<String, Path> repositories) {
    long started = System.nanoTime();
    Tally tally = new Tally();
    for (Map.Entry<String, Path> r : repositories.entrySet()) {
      indexRepository(r.getKey(), r.getValue(), tally);
    }
    cluster.commit(collection);
    Summary summary =
        new Summary(tally.files, tally.added, tally.changed, tally.unchanged, tally.removed,
            tally.documents, Duration.ofNanos(System.nanoTime() - started));
    progress.println("slicegrep-solr: " + collection + ": " + summary.describe());
    return summary;
  }

  /** Counts of one run, kept by its one thread. */
  private static final class Tally {
    int files;
    int added;
    int changed;
    int unchanged;
    int removed;
    long documents;
    long lastReport = System.nanoTime();
  }

  /** What the collection holds of a file: its hash and how many documents it has. */
  private record Held(String hash, int blocks) {}

  private void indexRepository(String repository, Path root, Tally tally) {
    Map<String, Held> held = held(repository);
    List<SourceTree.Entry> entries;
    try {
      entries = SourceTree.walk(root, true, true).files();
    } catch (IOException e) {
      throw new SlicegrepException("cannot walk " + root + ": " + e.getMessage(), e);
    }
    Set<String> seen = new HashSet<>();
    List<SolrInputDocument> pending = new ArrayList<>();
    List<String> deletions = new ArrayList<>();
    for (int from = 0; from < entries.size(); from += FILES_PER_BATCH) {
      List<SourceTree.Entry> batch =
          entries.subList(from, Math.min(entries.size(), from + FILES_PER_BATCH));
      List<Optional<SourceFile>> read =
          batch.parallelStream().map(ClusterIndexer::read).toList();
      List<List<SolrInputDocument>> cut =
          read.parallelStream()
              .map(f -> f.filter(file -> changed(file, held.get(file.relativePath())))
                  .map(file -> BlockDocuments.of(repository, file, outliner.outline(file)))
                  .orElse(List.of()))
              .toList();
      for (int i = 0; i < read.size(); i++) {
        if (read.get(i).isEmpty()) {
          continue;
        }
        SourceFile file = read.get(i).get();
        seen.add(file.relativePath());
        tally.files++;
        Held before = held.get(file.relativePath());
        List<SolrInputDocument> docs = cut.get(i);
        if (docs.isEmpty()) {
          tally.unchanged++;
          continue;
        }
        if (before == null) {
          tally.added++;
        } else {
          tally.changed++;
          String name = BlockDocuments.fileName(repository, file.relativePath());
          for (int b = docs.size(); b < before.blocks(); b++) {
            deletions.add(BlockDocuments.id(name, b));
          }
        }
        pending.addAll(docs);
        tally.documents += docs.size();
        if (pending.size() >= DOCUMENTS_PER_REQUEST) {
          cluster.add(collection, pending);
          pending = new ArrayList<>();
        }
      }
      report(repository, tally, false);
    }
    cluster.add(collection, pending);
    for (Map.Entry<String, Held> h : held.entrySet()) {
      if (!seen.contains(h.getKey())) {
        tally.removed++;
        String name = BlockDocuments.fileName(repository, h.getKey());
        for (int b = 0; b < h.getValue().blocks(); b++) {
          deletions.add(BlockDocuments.id(name, b));
        }
      }
    }
    for (int from = 0; from < deletions.size(); from += DOCUMENTS_PER_REQUEST) {
      cluster.delete(collection,
          deletions.subList(from, Math.min(deletions.size(), from + DOCUMENTS_PER_REQUEST)));
    }
    report(repository, tally, true);
  }

  private static boolean changed(SourceFile file, Held before) {
    return before == null || !before.hash().equals(BlockDocuments.hash(file));
  }

  /** The file as local search reads it, or empty when local search would skip it. */
  private static Optional<SourceFile> read(SourceTree.Entry entry) {
    SourceReader.Outcome outcome =
        SourceReader.read(entry.path(), entry.relativePath(), Options.DEFAULT_MAX_FILE_BYTES);
    return outcome instanceof SourceReader.Loaded loaded
        ? Optional.of(loaded.file())
        : Optional.empty();
  }

  /** Each file the collection holds of {@code repository}, from its first block's document. */
  private Map<String, Held> held(String repository) {
    Map<String, Held> out = new HashMap<>();
    SolrQuery q = new SolrQuery(BlockDocuments.REPOSITORY + ":"
        + ClientUtils.escapeQueryChars(repository));
    q.addFilterQuery(BlockDocuments.BLOCK + ":0");
    q.setFields(BlockDocuments.PATH, BlockDocuments.HASH, BlockDocuments.BLOCKS);
    q.setRows(LISTING_PAGE);
    cluster.eachPage(collection, q, page -> {
      for (SolrDocument d : page.getResults()) {
        out.put((String) d.getFirstValue(BlockDocuments.PATH),
            new Held((String) d.getFirstValue(BlockDocuments.HASH),
                BlockDocuments.intField(d, BlockDocuments.BLOCKS)));
      }
    });
    return out;
  }

  private void report(String repository, Tally tally, boolean done) {
    long now = System.nanoTime();
    if (!done && now - tally.lastReport < PROGRESS_EVERY.toNanos()) {
      return;
    }
    tally.lastReport = now;
    progress.printf("slicegrep-solr: %s: %d files read, %d documents sent%s%n", repository,
        tally.files, tally.documents, done ? " (repository done)" : "");
  }
}
