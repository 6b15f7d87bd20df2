package io.github.slicegrep.solr;

import io.github.slicegrep.outline.Block;
import io.github.slicegrep.outline.Blocks;
import io.github.slicegrep.outline.Definition;
import io.github.slicegrep.outline.Outline;
import io.github.slicegrep.source.Language;
import io.github.slicegrep.source.SourceFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.solr.common.SolrDocument;
import org.apache.solr.common.SolrInputDocument;
import org.jspecify.annotations.Nullable;

/**
 * The collection's document format (the shipped schema.xml): one document per definition-aligned
 * block of a file, as the core's {@link Blocks} cuts it, and back. Each document indexes its
 * block's lines for BM25 and stores a piece of the file: the lines from its block's first line
 * to the next block's, the first piece from line 1 and the last to the end. Blocks leave out
 * blank edges and lines of closing braces; the pieces do not, so a searching machine rebuilds
 * every file exactly, line for line, from the cluster alone.
 */
final class BlockDocuments {
  /**
   * Part of every file's hash: a change to this format (or to how blocks are cut) changes it,
   * and the next indexing run sends every file again.
   */
  static final String FORMAT = "slicegrep-solr/1";

  static final String ID = "id";
  static final String REPOSITORY = "repository";
  static final String PATH = "path";
  static final String FILE = "file";
  static final String LANGUAGE = "language";
  static final String HASH = "hash";
  static final String BLOCK = "block";
  static final String BLOCKS = "blocks";
  static final String LINE_COUNT = "line_count";
  static final String START_LINE = "start_line";
  static final String END_LINE = "end_line";
  static final String BODY_START = "body_start";
  static final String BODY = "body";
  static final String SYMBOLS = "symbols";
  static final String TEXT = "text";
  static final String PATH_TERMS = "path_terms";
  static final String GRAMS = "grams";

  /** The stored fields a search reads to rebuild a file. */
  static final String PIECE_FIELDS =
      String.join(",", ID, FILE, BLOCK, BLOCKS, LINE_COUNT, BODY_START, BODY);

  /** Hex digits of the file name's hash that route a file's documents to one shard. */
  private static final int ROUTE_KEY_HEX = 16;

  private BlockDocuments() {}

  /** How a file is named in the collection and in results: {@code repository/path}. */
  static String fileName(String repository, String relativePath) {
    return repository + "/" + relativePath;
  }

  /**
   * The id of a file's {@code block}-th document. The part before {@code !} is Solr's
   * compositeId route key, a hash of the file name (a path may hold {@code /} and {@code !},
   * which the router would read as its own syntax): every block of a file lands on one shard, so
   * collapsing by file is exact.
   */
  static String id(String file, int block) {
    return sha256(file).substring(0, ROUTE_KEY_HEX) + "!" + block;
  }

  /** The content hash a re-run compares: the format, then the file's lines. */
  static String hash(SourceFile file) {
    return FORMAT + ":" + sha256(String.join("\n", file.lines()));
  }

  /** The documents of {@code file} of {@code repository}, block by block, given its outline. */
  static List<SolrInputDocument> of(String repository, SourceFile file, Outline outline) {
    String name = fileName(repository, file.relativePath());
    String hash = hash(file);
    List<Block> blocks = Blocks.of(file, outline);
    int n = file.lineCount();
    List<SolrInputDocument> out = new ArrayList<>(Math.max(1, blocks.size()));
    if (blocks.isEmpty()) {
      // Nothing but blank lines and closing braces: one piece keeps the file whole and findable
      // by its literals, with no text to rank by.
      out.add(document(repository, file, name, hash, 0, 1, Math.max(1, n), 1, n, null));
    }
    for (int i = 0; i < blocks.size(); i++) {
      Block b = blocks.get(i);
      int bodyStart = i == 0 ? 1 : b.startLine();
      int bodyEnd = i + 1 < blocks.size() ? blocks.get(i + 1).startLine() - 1 : n;
      out.add(document(repository, file, name, hash, i, b.startLine(), b.endLine(), bodyStart,
          bodyEnd, b));
    }
    out.forEach(d -> d.setField(BLOCKS, out.size()));
    return out;
  }

  private static SolrInputDocument document(
      String repository, SourceFile file, String name, String hash, int index, int start, int end,
      int bodyStart, int bodyEnd, @Nullable Block block) {
    SolrInputDocument d = new SolrInputDocument();
    d.setField(ID, id(name, index));
    d.setField(REPOSITORY, repository);
    d.setField(PATH, file.relativePath());
    d.setField(FILE, name);
    d.setField(LANGUAGE, file.language().name());
    d.setField(HASH, hash);
    d.setField(BLOCK, index);
    d.setField(LINE_COUNT, file.lineCount());
    d.setField(START_LINE, start);
    d.setField(END_LINE, end);
    d.setField(BODY_START, bodyStart);
    String body = bodyEnd >= bodyStart ? file.text(bodyStart, bodyEnd) : "";
    d.setField(BODY, body);
    d.setField(GRAMS, body);
    d.setField(PATH_TERMS, name.replace('/', ' ').replace('.', ' '));
    if (block != null) {
      d.setField(TEXT, file.text(start, end));
      Set<String> symbols = symbols(block);
      if (!symbols.isEmpty()) {
        d.setField(SYMBOLS, new ArrayList<>(symbols));
      }
    }
    return d;
  }

  private static Set<String> symbols(Block block) {
    Set<String> out = new LinkedHashSet<>();
    block.definition().map(Definition::name).ifPresent(out::add);
    return out;
  }

  /**
   * The file {@code name} rebuilt from its documents (in any order), or empty when pieces are
   * missing (a shard that did not answer, a file being re-indexed meanwhile).
   */
  static Optional<SourceFile> rebuild(String name, List<SolrDocument> pieces) {
    if (pieces.isEmpty()) {
      return Optional.empty();
    }
    List<SolrDocument> ordered = new ArrayList<>(pieces);
    ordered.sort(Comparator.comparingInt(d -> intField(d, BLOCK)));
    int expectedPieces = intField(ordered.get(0), BLOCKS);
    int lineCount = intField(ordered.get(0), LINE_COUNT);
    if (ordered.size() != expectedPieces) {
      return Optional.empty();
    }
    List<String> lines = new ArrayList<>(lineCount);
    for (int i = 0; i < ordered.size() && lineCount > 0; i++) {
      SolrDocument d = ordered.get(i);
      Object body = d.getFirstValue(BODY);
      if (intField(d, BLOCK) != i || intField(d, BODY_START) != lines.size() + 1
          || !(body instanceof String text)) {
        return Optional.empty();
      }
      lines.addAll(List.of(text.split("\n", -1)));
    }
    if (lines.size() != lineCount) {
      return Optional.empty();
    }
    Path path = Path.of(name);
    return Optional.of(
        new SourceFile(path, name, Language.of(path.getFileName().toString()), lines));
  }

  static int intField(SolrDocument d, String field) {
    Object v = d.getFirstValue(field);
    if (!(v instanceof Number number)) {
      throw new IllegalStateException("document " + d.getFirstValue(ID) + " has no " + field);
    }
    return number.intValue();
  }

  private static String sha256(String text) {
    try {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      return HexFormat.of().formatHex(digest.digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  }
}
