package io.github.slicegrep.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * {@code --solr} and {@code --collection} without slicegrep-solr on the class path (this
 * module's tests never have it): the server refuses to start and says what to run instead.
 * The tool itself is tested against a real cluster in slicegrep-solr (SolrClusterTest).
 */
class ClusterOptionTest {
  @Test
  void withoutTheSolrJarTheServerSaysHowToRunIt() {
    Outcome o = serve("--solr", "zk1:2181", "--collection", "code");
    assertEquals(SlicegrepMcp.EXIT_USAGE, o.status());
    assertTrue(o.err().contains("--solr needs slicegrep-solr's jar on the class path"), o.err());
    assertEquals("", o.out(), "nothing but protocol on stdout");
  }

  @Test
  void solrAndCollectionGoTogether() {
    Outcome o = serve("--solr", "zk1:2181");
    assertEquals(SlicegrepMcp.EXIT_USAGE, o.status());
    assertTrue(o.err().contains("--solr and --collection go together"), o.err());
  }

  private record Outcome(int status, String out, String err) {}

  private static Outcome serve(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = SlicegrepMcp.serve(args, new ByteArrayInputStream(new byte[0]), out,
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Outcome(status, out.toString(StandardCharsets.UTF_8),
        err.toString(StandardCharsets.UTF_8));
  }
}
