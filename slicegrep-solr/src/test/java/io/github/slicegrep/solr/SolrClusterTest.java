package io.github.slicegrep.solr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.slicegrep.Boundary;
import io.github.slicegrep.Chunk;
import io.github.slicegrep.FocusedReader;
import io.github.slicegrep.Options;
import io.github.slicegrep.Result;
import io.github.slicegrep.SlicegrepException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.solr.cloud.MiniSolrCloudCluster;
import org.apache.solr.common.cloud.DocCollection;
import org.apache.solr.common.cloud.Replica;
import org.apache.solr.embedded.JettySolrRunner;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * Against a real SolrCloud: two Solr nodes and an embedded ZooKeeper started in this JVM by
 * Solr's test framework (MiniSolrCloudCluster), a collection of 2 shards x 2 replicas created by
 * the indexer from the shipped configset. The tests run in order on one cluster (starting one
 * takes most of the time): search against local search of the same files, re-index after an
 * edit and a deletion, a node stopped, a shard with no replica left, a cluster that is not there.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SolrClusterTest {
  private static final String COLLECTION = "code";

  @TempDir static Path dir;
  private static MiniSolrCloudCluster cluster;
  private static Path corpus;
  private static String zk;

  @BeforeAll
  static void startCluster() throws Exception {
    corpus = Files.createDirectories(dir.resolve("corpus"));
    Corpus.write(corpus);
    cluster = new MiniSolrCloudCluster.Builder(2, dir.resolve("solr")).configure();
    zk = cluster.getZkServer().getZkAddress();
  }

  @AfterAll
  static void stopCluster() throws Exception {
    if (cluster != null) {
      cluster.shutdown();
    }
  }

  @Test
  @Order(1)
  void indexesEveryRepositoryAndCreatesTheCollection() {
    Run run = run("index", "--solr", zk, "--collection", COLLECTION, "--shards", "2",
        "--replicas", "2", corpus.resolve("alpha").toString(), corpus.resolve("beta").toString());
    assertEquals(0, run.status(), run.err());
    assertTrue(run.err().contains("created collection code (2 shards x 2 replicas)"), run.err());
    assertTrue(run.err().contains(Corpus.FILES + " files: " + Corpus.FILES + " added"), run.err());
  }

  @Test
  @Order(2)
  void findsWhatLocalSearchFindsNamingEachRepository() {
    try (ClusterSearch search = ClusterSearch.connect(zk, COLLECTION, 300);
        FocusedReader local = new FocusedReader()) {
      for (String query : Corpus.QUERIES) {
        for (Options options : List.of(Options.defaults(),
            Options.defaults().withBudget(300).withBoundary(Boundary.FN))) {
          Result there = search.search(query, options);
          Result here = local.search(corpus, query, options);
          assertTrue(here.matched(), query);
          assertEquals(slices(here), slices(there), query);
          assertEquals(here.negativeEvidence(), there.negativeEvidence().stream()
              .map(e -> e.replace(COLLECTION + "/", "corpus/")).toList(), query);
          assertEquals(here.omitted().size(), there.omitted().size(), query);
          assertEquals(COLLECTION + "/", there.searched());
        }
      }
      // Many agents at once: one searcher, every query from its own thread, twice over (the
      // second round from the files kept by the first), each answering as alone.
      Map<String, List<String>> alone = new java.util.HashMap<>();
      for (String query : Corpus.QUERIES) {
        alone.put(query, slices(search.search(query, Options.defaults())));
      }
      List<String> twice = new java.util.ArrayList<>(Corpus.QUERIES);
      twice.addAll(Corpus.QUERIES);
      twice.parallelStream().forEach(query ->
          assertEquals(alone.get(query), slices(search.search(query, Options.defaults())), query));
      Result elsewhere = search.search("check_password", Options.defaults(), List.of("beta"));
      assertFalse(elsewhere.matched(), "beta has no check_password: " + elsewhere.render());
      Result ignored = search.search("GeneratedOnly", Options.defaults());
      assertFalse(ignored.matched(), "a .gitignored file is not indexed");
      assertTrue(ignored.negativeEvidence().get(0).contains("not found in code/"),
          ignored.negativeEvidence().toString());
    }
  }

  @Test
  @Order(3)
  void reindexingSendsOnlyChangedFilesAndDeletesRemovedOnes() throws IOException {
    Run again = index();
    assertEquals(0, again.status(), again.err());
    assertTrue(again.err().contains("0 added, 0 changed, " + Corpus.FILES + " unchanged, 0 removed"),
        again.err());

    Path tokens = corpus.resolve("alpha/auth/tokens.py");
    Files.writeString(tokens, Files.readString(tokens)
        + "\n\ndef revoke_token(token):\n    return TOKEN_STORE.pop(token.id, None)\n");
    Files.delete(corpus.resolve("beta/src/main/java/beta/Gateway.java"));
    Run edited = index();
    assertEquals(0, edited.status(), edited.err());
    assertTrue(edited.err().contains(
        (Corpus.FILES - 1) + " files: 0 added, 1 changed, " + (Corpus.FILES - 2)
            + " unchanged, 1 removed"), edited.err());

    try (ClusterSearch search = ClusterSearch.connect(zk, COLLECTION, 300);
        FocusedReader local = new FocusedReader()) {
      Result revoke = search.search("revoke_token", Options.defaults());
      assertEquals("alpha/auth/tokens.py", revoke.chunks().get(0).file());
      assertEquals(slices(local.search(corpus, "revoke_token", Options.defaults())),
          slices(revoke));
      Result gone = search.search("class Gateway", Options.defaults());
      assertTrue(gone.chunks().stream().noneMatch(c -> c.file().endsWith("Gateway.java")),
          gone.render());
    }
  }

  @Test
  @Order(4)
  void answersFromReplicasWithOneNodeStopped() throws Exception {
    Map<String, List<String>> before = before();
    // Connected while both nodes are up: the client's view of the cluster still has the node
    // when it stops, as for a node lost between two queries of a long-lived host.
    try (ClusterSearch search = ClusterSearch.connect(zk, COLLECTION, 300)) {
      assertEquals(before.get(Corpus.QUERIES.get(0)),
          slices(search.search(Corpus.QUERIES.get(0), Options.defaults())));
      JettySolrRunner stopped = cluster.stopJettySolrRunner(1);
      try {
        cluster.waitForJettyToStop(stopped);
        for (String query : Corpus.QUERIES) {
          Result r = search.search(query, Options.defaults());
          assertEquals(before.get(query), slices(r), query);
          assertTrue(r.negativeEvidence().stream().noneMatch(e -> e.contains("in part")),
              r.negativeEvidence().toString());
        }
      } finally {
        restart(stopped);
      }
    }
  }

  @Test
  @Order(5)
  void saysSoWhenAShardHasNoLiveReplica() throws Exception {
    Run created = run("index", "--solr", zk, "--collection", "single", "--shards", "2",
        "--replicas", "1", corpus.resolve("alpha").toString(),
        corpus.resolve("beta").toString());
    assertEquals(0, created.status(), created.err());
    DocCollection single = cluster.getZkStateReader().getClusterState().getCollection("single");
    Replica first = single.getSlice("shard1").getReplicas().iterator().next();
    Replica second = single.getSlice("shard2").getReplicas().iterator().next();
    assertNotEquals(first.getNodeName(), second.getNodeName(), "the shards share a node");
    JettySolrRunner stopped = cluster.stopJettySolrRunner(cluster.getReplicaJetty(first));
    cluster.waitForJettyToStop(stopped);
    String live = cluster.getJettySolrRunners().stream().filter(JettySolrRunner::isRunning)
        .findFirst().orElseThrow().getBaseUrl().toString();
    try (ClusterSearch search = ClusterSearch.connect(live, "single", 300)) {
      Result r = search.search("def |class ", Options.defaults());
      assertTrue(r.negativeEvidence().stream().anyMatch(e -> e.contains("answered in part")),
          r.negativeEvidence().toString());
      assertTrue(r.render().contains("answered in part"));
    } finally {
      restart(stopped);
    }
  }

  /** Starts {@code stopped} again and waits until every replica of every collection is up. */
  private static void restart(JettySolrRunner stopped) throws Exception {
    cluster.startJettySolrRunner(stopped, true);
    cluster.waitForNode(stopped, 60);
    cluster.waitForActiveCollection(COLLECTION, 2, 4);
  }

  @Test
  @Order(6)
  void aClusterThatCannotBeReachedIsAnErrorNotAnEmptyResult() throws IOException {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    String nowhere = "http://127.0.0.1:" + port + "/solr";
    SlicegrepException e = assertThrows(SlicegrepException.class,
        () -> ClusterSearch.connect(nowhere, COLLECTION, 300).close());
    assertTrue(e.getMessage().startsWith("Solr cluster at " + nowhere), e.getMessage());
    Run search = run("search", "--solr", nowhere, "--collection", COLLECTION, "check_password");
    assertEquals(2, search.status());
    assertTrue(search.err().startsWith("slicegrep-solr: Solr cluster at " + nowhere),
        search.err());
    assertEquals("", search.out());
    Run missing = run("search", "--solr", zk, "--collection", "absent", "check_password");
    assertEquals(2, missing.status());
    assertTrue(missing.err().contains("has no collection absent"), missing.err());
  }

  @Test
  @Order(7)
  void theCommandPrintsTheReportAndExitsLikeGrep() {
    Run hit = run("search", "--solr", zk, "--collection", COLLECTION, "--budget", "400",
        "check_password");
    assertEquals(0, hit.status(), hit.err());
    assertTrue(hit.out().startsWith("=== slicegrep: "), hit.out());
    assertTrue(hit.out().contains("[alpha/auth/login.py:"), hit.out());
    Run json = run("search", "--solr", zk, "--collection", COLLECTION, "--json",
        "check_password");
    assertTrue(json.out().contains("\"file\" : \"alpha/auth/login.py\""), json.out());
    Run none = run("search", "--solr", zk, "--collection", COLLECTION, "zzqqxxnothing");
    assertEquals(1, none.status(), none.err());
    assertTrue(none.out().contains("NEGATIVE EVIDENCE"), none.out());
    Run capped = run("search", "--solr", zk, "--collection", COLLECTION, "--files", "2",
        "import");
    assertTrue(capped.out().contains("files of the cluster match the query; the 2 best"),
        capped.out());
    Run bad = run("search", "--solr", zk, "--collection", COLLECTION, "--budget", "-1", "x");
    assertEquals(2, bad.status());
  }

  @Test
  @Order(8)
  void theMcpServerAnswersForTheClusterAndReportsItsFailuresAsToolErrors() throws Exception {
    String replies = mcp(zk, "{\"pattern\":\"check_password\",\"repositories\":[\"alpha\"]}");
    assertTrue(replies.contains("\"name\":\"cluster_read\""), replies);
    assertTrue(replies.contains("[alpha/auth/login.py:"), replies);
    assertTrue(replies.contains("\"isError\":false"), replies);
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    String down = mcp("http://127.0.0.1:" + port + "/solr", "{\"pattern\":\"check_password\"}");
    assertTrue(down.contains("\"isError\":true"), down);
    assertTrue(down.contains("Solr cluster at http://127.0.0.1:" + port), down);
  }

  @Test
  @Order(9)
  void droppingARepositoryDeletesAllItsDocuments() {
    cluster.waitForActiveCollection("single", 2, 2);
    Run drop = run("drop", "--solr", zk, "--collection", "single", "alpha");
    assertEquals(0, drop.status(), drop.err());
    try (ClusterSearch search = ClusterSearch.connect(zk, "single", 300)) {
      assertFalse(search.search("check_password", Options.defaults()).matched());
      assertTrue(search.search("tryAcquire", Options.defaults()).matched(), "beta stays");
    }
    Run again = run("index", "--solr", zk, "--collection", "single",
        corpus.resolve("alpha").toString());
    assertTrue(again.err().contains("0 removed") && again.err().contains(" added, 0 changed"),
        "alpha is sent again whole: " + again.err());
  }

  /**
   * The MCP server of slicegrep-mcp, run as its own process with this module on its class path
   * and {@code --solr}: initialise, list the tools, call cluster_read once; its stdout.
   */
  private static String mcp(String solr, String arguments) throws Exception {
    Process p = new ProcessBuilder(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), "io.github.slicegrep.mcp.SlicegrepMcp",
        "--solr", solr, "--collection", COLLECTION)
        .redirectError(ProcessBuilder.Redirect.DISCARD)
        .start();
    String requests = String.join("\n",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{"
            + "\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
            + "\"clientInfo\":{\"name\":\"test\",\"version\":\"1\"}}}",
        "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
        "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}",
        "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{"
            + "\"name\":\"cluster_read\",\"arguments\":" + arguments + "}}") + "\n";
    try (var in = p.getOutputStream()) {
      in.write(requests.getBytes(StandardCharsets.UTF_8));
    }
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS), "the server exits");
    assertEquals(0, p.exitValue(), out);
    assertTrue(out.contains("\"id\":3"), out);
    return out;
  }

  private static Map<String, List<String>> before() {
    try (ClusterSearch search = ClusterSearch.connect(zk, COLLECTION, 300)) {
      Map<String, List<String>> out = new java.util.HashMap<>();
      for (String query : Corpus.QUERIES) {
        List<String> slices = slices(search.search(query, Options.defaults()));
        assertNotEquals(List.of(), slices, query);
        out.put(query, slices);
      }
      return out;
    }
  }

  private static Run index() {
    return run("index", "--solr", zk, "--collection", COLLECTION,
        corpus.resolve("alpha").toString(), corpus.resolve("beta").toString());
  }

  /** Each chunk as file:lines and its code, in order. */
  private static List<String> slices(Result r) {
    return r.chunks().stream()
        .map((Chunk c) -> c.file() + ":" + c.lineStart() + "-" + c.lineEnd() + "\n" + c.code())
        .toList();
  }

  private record Run(int status, String out, String err) {}

  private static Run run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = SolrMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(status, out.toString(StandardCharsets.UTF_8),
        err.toString(StandardCharsets.UTF_8));
  }
}
