package io.github.slicegrep.solr;

import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.solr.cloud.MiniSolrCloudCluster;

/**
 * A SolrCloud cluster to try slicegrep-solr against and to bench it (docs/cluster.md): Solr's
 * test framework starts the nodes and an embedded ZooKeeper in this JVM, and the ZooKeeper
 * address is printed on standard output (and written to {@code DIR/zk}). Runs until killed.
 * Arguments: a directory for the cluster's data, and the number of nodes (default 2).
 */
public final class LocalCluster {
  private LocalCluster() {}

  /**
   * Starts the cluster and waits.
   *
   * @param args the data directory, then optionally the number of nodes
   * @throws Exception when the cluster does not start
   */
  public static void main(String[] args) throws Exception {
    if (args.length < 1 || args.length > 2) {
      System.err.println("usage: LocalCluster DIR [NODES]");
      System.exit(2);
    }
    Path dir = Files.createDirectories(Path.of(args[0]));
    int nodes = args.length == 2 ? Integer.parseInt(args[1]) : 2;
    MiniSolrCloudCluster cluster = new MiniSolrCloudCluster.Builder(nodes, dir).configure();
    String zk = cluster.getZkServer().getZkAddress();
    Files.writeString(dir.resolve("zk"), zk + "\n");
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      try {
        cluster.shutdown();
      } catch (Exception e) {
        System.err.println("LocalCluster: shutdown failed: " + e);
      }
    }));
    System.out.println(zk);
    System.out.flush();
    Thread.currentThread().join();
  }
}
