package io.github.slicegrep.solr;

import io.github.slicegrep.SlicegrepException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.apache.solr.client.solrj.SolrQuery;
import org.apache.solr.client.solrj.SolrRequest;
import org.apache.solr.client.solrj.SolrServerException;
import org.apache.solr.client.solrj.impl.CloudHttp2SolrClient;
import org.apache.solr.client.solrj.impl.CloudSolrClient;
import org.apache.solr.client.solrj.impl.Http2SolrClient;
import org.apache.solr.client.solrj.request.CollectionAdminRequest;
import org.apache.solr.client.solrj.request.ConfigSetAdminRequest;
import org.apache.solr.client.solrj.request.UpdateRequest;
import org.apache.solr.client.solrj.response.QueryResponse;
import org.apache.solr.common.SolrInputDocument;
import org.apache.solr.common.params.CursorMarkParams;

/**
 * A connection to one SolrCloud cluster, named by its ZooKeeper hosts ({@code zk1:2181,zk2:2181}
 * with an optional {@code /chroot}) or by the URLs of some of its nodes
 * ({@code http://solr1:8983/solr,http://solr2:8983/solr}). Either way the client follows the
 * cluster's state, so a query goes to live replicas only and a node that stops mid-run is routed
 * around. Every call is bounded in time, and every failure comes out as a
 * {@link SlicegrepException} naming the cluster: never an empty answer. Thread-safe.
 */
final class Cluster implements AutoCloseable {
  /** The configset a collection is created from: the files shipped in this jar. */
  static final String CONFIGSET = "slicegrep-v1";
  private static final String CONFIGSET_RESOURCES = "configset/";
  private static final List<String> CONFIGSET_FILES = List.of("solrconfig.xml", "schema.xml");

  /** A node that does not accept a connection this soon is taken for down. */
  static final int CONNECT_SECONDS = 5;
  /** Longest wait for any one answer (a big batch of documents, creating a collection). */
  static final int REQUEST_SECONDS = 120;
  /** ZooKeeper session: long enough for a pause, short enough to notice a lost cluster. */
  static final int ZK_CONNECT_SECONDS = 10;
  static final int ZK_SESSION_SECONDS = 30;

  private final String address;
  private final CloudSolrClient client;

  private Cluster(String address, CloudSolrClient client) {
    this.address = address;
    this.client = client;
  }

  /**
   * Connects to the cluster at {@code address} (nothing is sent until the first call).
   *
   * @param address ZooKeeper hosts with an optional chroot, or node URLs, comma-separated
   * @return the connection
   * @throws SlicegrepException when the address is blank
   */
  static Cluster connect(String address) {
    SlicegrepException.check(address != null && !address.isBlank(),
        "--solr is missing: give ZooKeeper hosts (zk1:2181/solr) or node URLs");
    String a = address.trim();
    Http2SolrClient.Builder http =
        new Http2SolrClient.Builder()
            .withConnectionTimeout(CONNECT_SECONDS, TimeUnit.SECONDS)
            .withIdleTimeout(REQUEST_SECONDS, TimeUnit.SECONDS)
            .withRequestTimeout(REQUEST_SECONDS, TimeUnit.SECONDS);
    CloudHttp2SolrClient.Builder builder;
    if (a.startsWith("http://") || a.startsWith("https://")) {
      builder = new CloudHttp2SolrClient.Builder(split(a));
    } else {
      int slash = a.indexOf('/');
      String hosts = slash < 0 ? a : a.substring(0, slash);
      Optional<String> chroot = slash < 0 ? Optional.empty() : Optional.of(a.substring(slash));
      builder =
          new CloudHttp2SolrClient.Builder(split(hosts), chroot)
              .withZkConnectTimeout(ZK_CONNECT_SECONDS, TimeUnit.SECONDS)
              .withZkClientTimeout(ZK_SESSION_SECONDS, TimeUnit.SECONDS);
    }
    return new Cluster(a, builder.withInternalClientBuilder(http).build());
  }

  private static List<String> split(String list) {
    return Arrays.stream(list.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
  }

  /** The address as given, for messages. */
  String address() {
    return address;
  }

  /**
   * Makes sure {@code collection} exists: uploads the shipped configset if the cluster lacks it,
   * then creates the collection with it. An existing collection is used as it is.
   *
   * @return true when the collection was created now
   */
  boolean ensureCollection(String collection, int shards, int replicas) {
    SlicegrepException.check(shards >= 1, "--shards must be at least 1, not %s", shards);
    SlicegrepException.check(replicas >= 1, "--replicas must be at least 1, not %s", replicas);
    return call("create collection " + collection, () -> {
      if (CollectionAdminRequest.listCollections(client).contains(collection)) {
        return false;
      }
      if (!new ConfigSetAdminRequest.List().process(client).getConfigSets().contains(CONFIGSET)) {
        uploadConfigset();
      }
      CollectionAdminRequest.Create create =
          CollectionAdminRequest.createCollection(collection, CONFIGSET, shards, replicas);
      create.setWaitForFinalState(true);
      create.process(client);
      return true;
    });
  }

  /** Whether {@code collection} exists. */
  boolean hasCollection(String collection) {
    return call("list collections",
        () -> CollectionAdminRequest.listCollections(client).contains(collection));
  }

  private void uploadConfigset() throws IOException, SolrServerException {
    Path zip = Files.createTempFile("slicegrep-configset", ".zip");
    try {
      Files.write(zip, configsetZip());
      new ConfigSetAdminRequest.Upload()
          .setConfigSetName(CONFIGSET)
          .setUploadFile(zip.toFile(), "application/zip")
          .process(client);
    } finally {
      Files.deleteIfExists(zip);
    }
  }

  /** The shipped configset as a zip, the form the ConfigSets API takes. */
  static byte[] configsetZip() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
      for (String name : CONFIGSET_FILES) {
        zip.putNextEntry(new ZipEntry(name));
        zip.write(configsetFile(name));
        zip.closeEntry();
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  /** One file of the shipped configset. */
  static byte[] configsetFile(String name) {
    try (InputStream in = Cluster.class.getResourceAsStream(CONFIGSET_RESOURCES + name)) {
      if (in == null) {
        throw new IllegalStateException("the jar lacks configset file " + name);
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The names of the shipped configset's files. */
  static List<String> configsetFiles() {
    return CONFIGSET_FILES;
  }

  /** Runs {@code query} on {@code collection}. */
  QueryResponse query(String collection, SolrQuery query) {
    return call("query " + collection,
        () -> client.query(collection, query, SolrRequest.METHOD.POST));
  }

  /**
   * Runs {@code query} page after page (by a cursor over ids, so pages neither skip nor repeat
   * a document) and hands each answer to {@code page}.
   */
  void eachPage(String collection, SolrQuery query, Consumer<QueryResponse> page) {
    SolrQuery q = query.getCopy();
    q.setSort(BlockDocuments.ID, SolrQuery.ORDER.asc);
    String cursor = CursorMarkParams.CURSOR_MARK_START;
    while (true) {
      q.set(CursorMarkParams.CURSOR_MARK_PARAM, cursor);
      QueryResponse response = query(collection, q);
      page.accept(response);
      String next = response.getNextCursorMark();
      if (next == null || next.equals(cursor)) {
        return;
      }
      cursor = next;
    }
  }

  /** Adds (or replaces, by id) {@code documents}. */
  void add(String collection, List<SolrInputDocument> documents) {
    if (documents.isEmpty()) {
      return;
    }
    call("send documents to " + collection, () -> {
      UpdateRequest update = new UpdateRequest();
      update.add(documents);
      return update.process(client, collection);
    });
  }

  /** Deletes the documents with these ids. */
  void delete(String collection, List<String> ids) {
    if (ids.isEmpty()) {
      return;
    }
    call("delete documents from " + collection, () -> client.deleteById(collection, ids));
  }

  /** Deletes the documents {@code query} matches. */
  void deleteByQuery(String collection, String query) {
    call("delete documents from " + collection, () -> client.deleteByQuery(collection, query));
  }

  /** Makes what was sent searchable (and durable). */
  void commit(String collection) {
    call("commit " + collection, () -> client.commit(collection, true, true));
  }

  /** A call to the cluster. */
  @FunctionalInterface
  private interface Call<T> {
    T run() throws IOException, SolrServerException;
  }

  /**
   * Runs {@code call}, turning each way it can fail into one message that names the cluster and
   * what was being done: a cluster that cannot be reached is an error, not an empty result.
   */
  private <T> T call(String what, Call<T> call) {
    try {
      return call.run();
    } catch (SlicegrepException e) {
      throw e;
    } catch (IOException | SolrServerException | RuntimeException e) {
      // The client reports a cluster it cannot reach as a bare RuntimeException (no live node
      // answered), a node's refusal as a SolrException: each is this cluster failing.
      throw new SlicegrepException(
          String.format("Solr cluster at %s: could not %s: %s", address, what, reason(e)), e);
    }
  }

  /** The innermost message of a failure, the one that says what went wrong. */
  private static String reason(Throwable e) {
    Throwable t = e;
    String message = String.valueOf(e.getMessage());
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
      if (t.getMessage() != null) {
        message = t.getMessage();
      }
    }
    return message;
  }

  @Override
  public void close() {
    try {
      client.close();
    } catch (IOException e) {
      // Closing releases threads and sockets; a failure to close leaves nothing to recover.
    }
  }
}
