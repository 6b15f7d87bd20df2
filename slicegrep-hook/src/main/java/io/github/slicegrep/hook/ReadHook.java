package io.github.slicegrep.hook;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.common.base.Suppliers;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.slicegrep.Boundary;
import io.github.slicegrep.FocusedReader;
import io.github.slicegrep.Options;
import io.github.slicegrep.Result;
import io.github.slicegrep.TextFiles;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Decides what to do with one PreToolUse event: pass the Read through (empty) or deny it and
 * hand the agent a map and slices instead. Every rule that lets a Read through is here, in the
 * order it is checked, cheapest first.
 */
final class ReadHook {
  static final String EVENT = "PreToolUse";
  static final String REASON =
      "slicegrep replaced this whole-file Read with a file map and the slices matching your"
          + " current focus (in the added context). Read the same file again to get it whole.";

  private static final ObjectMapper MAPPER = new ObjectMapper();

  /**
   * A replacement to print, and what to record once it is accepted.
   *
   * @param json the hook output
   * @param session the session id
   * @param pathKey the absolute, normalised path that was replaced
   * @param budget the final slice budget after self-correction
   * @param context the additional context text (for measurement and tests)
   */
  record Decision(String json, String session, String pathKey, int budget, String context) {}

  private final HookSettings settings;
  private final Function<Path, FocusedReader> readers;
  private final SeenReads seen;
  private final @Nullable Path base;

  /**
   * @param reader made on first use: a Read that passes through on a cheap rule (most of them)
   *     never loads the engine and its parsers
   */
  ReadHook(HookSettings settings, Supplier<FocusedReader> reader, SeenReads seen) {
    this(settings, once(reader), seen, null);
  }

  private static Function<Path, FocusedReader> once(Supplier<FocusedReader> reader) {
    Supplier<FocusedReader> memoized = Suppliers.memoize(reader::get);
    return path -> memoized.get();
  }

  /**
   * @param readers the reader for the file about to be read (asked only when the hook gets that
   *     far): a new one, or the resident server's for the file's directory
   * @param base the directory a relative path is taken from when the event names none (the
   *     calling process's working directory), or null for this process's
   */
  ReadHook(HookSettings settings, Function<Path, FocusedReader> readers, SeenReads seen,
      @Nullable Path base) {
    this.settings = settings;
    this.readers = readers;
    this.seen = seen;
    this.base = base;
  }

  Optional<Decision> decide(HookInput in) throws IOException {
    if (settings.disabled()) {
      return pass("disabled by SLICEGREP_HOOK_DISABLE");
    }
    if (!"Read".equals(in.toolName()) || in.filePath().isEmpty()) {
      return pass("not a Read of a file");
    }
    if (in.isRanged()) {
      return pass("ranged Read (offset/limit given)");
    }
    if (in.sessionId().isEmpty()) {
      return pass("no session id to remember the replacement by");
    }
    Path path;
    try {
      path = resolve(in, base);
    } catch (InvalidPathException e) {
      return pass("the file path is not a valid path here (" + e.getReason() + ")");
    }
    String name = String.valueOf(path.getFileName());
    if (!TextFiles.isCode(name)) {
      return pass("not a code file");
    }
    BasicFileAttributes attrs = Files.readAttributes(path, BasicFileAttributes.class);
    // bytes >= chars in UTF-8, so a file this small cannot reach the token floor
    if (!attrs.isRegularFile() || attrs.size() > settings.maxFileBytes()
        || attrs.size() < (long) settings.minTokens() * TextFiles.CHARS_PER_TOKEN) {
      return pass("not a regular file, over the size cap, or under the token floor");
    }
    String key = path.toString();
    if (seen.seen(in.sessionId(), key)) {
      return pass("already replaced once in this session");
    }
    byte[] bytes = readAtMost(path, settings.maxFileBytes());
    if (bytes == null || TextFiles.looksBinary(bytes) || hasLoneCarriageReturn(bytes)) {
      return pass("grew past the cap, binary, or has a lone CR line break");
    }
    String text = TextFiles.decode(bytes);
    int fileTokens = TextFiles.estimateTokens(text);
    if (fileTokens < settings.minTokens()) {
      return pass("under the token floor");
    }
    int lineCount = TextFiles.lines(text).size();
    List<String> terms = FocusTerms.mine(transcript(in), settings.transcriptTailBytes());
    String query = query(terms, name);
    if (query.isEmpty()) {
      return pass("no focus terms");
    }
    int budget = settings.budget();
    FocusedReader reader = readers.apply(path);
    Result result = search(reader, path, query, budget);
    while (result.coverage() < settings.minCoverage() && budget < settings.maxBudget()) {
      budget = (int) Math.min((long) budget * 2, settings.maxBudget());
      result = search(reader, path, query, budget);
    }
    if (result.chunks().isEmpty()) {
      return pass("nothing matched the focus " + query);
    }
    String context =
        Replacement.render(
            in.filePath(), lineCount, fileTokens, reader.fileMap(path), query,
            result);
    if (TextFiles.estimateTokens(context) >= fileTokens) {
      return pass("the replacement would not be smaller than the file");
    }
    return Optional.of(new Decision(json(context), in.sessionId(), key, budget, context));
  }

  /** Lets the Read through, saying why on stderr in debug mode. */
  private Optional<Decision> pass(String why) {
    if (settings.debug()) {
      System.err.println("slicegrep-hook: pass through: " + why);
    }
    return Optional.empty();
  }

  private Result search(FocusedReader reader, Path path, String query, int budget) {
    return reader.search(
        path, query,
        Options.defaults().withBudget(budget).withBoundary(Boundary.FN)
            .withMaxFileBytes(settings.maxFileBytes()).withConfined(true));
  }

  static String json(String context) {
    ObjectNode root = MAPPER.createObjectNode();
    ObjectNode out = root.putObject("hookSpecificOutput");
    out.put("hookEventName", EVENT);
    out.put("permissionDecision", "deny");
    out.put("permissionDecisionReason", REASON);
    out.put("additionalContext", context);
    try {
      return MAPPER.writeValueAsString(root);
    } catch (IOException e) {
      throw new IllegalStateException("cannot serialise the hook output", e);
    }
  }

  /**
   * The Read's path made absolute against the session's directory (else {@code base}, else
   * this process's), and normalised.
   */
  private static Path resolve(HookInput in, @Nullable Path base) {
    Path p = Path.of(in.filePath());
    if (!p.isAbsolute() && !in.cwd().isEmpty()) {
      p = Path.of(in.cwd()).resolve(p);
    }
    if (!p.isAbsolute() && base != null) {
      p = base.resolve(p);
    }
    return p.toAbsolutePath().normalize();
  }

  private static @Nullable Path transcript(HookInput in) {
    if (in.transcriptPath().isEmpty()) {
      return null;
    }
    try {
      return Path.of(in.transcriptPath());
    } catch (InvalidPathException e) {
      return null; // a NUL or an unmappable character: no transcript to mine
    }
  }

  /**
   * The query for a file: each focus term as a literal alternative, then the file's own stem
   * (a Read of {@code scorer.py} is about {@code scorer} even with no transcript at all).
   */
  static String query(List<String> terms, String fileName) {
    Set<String> seenLower = new LinkedHashSet<>();
    List<String> parts = new ArrayList<>();
    List<String> all = new ArrayList<>(terms);
    String stem = stem(fileName);
    if (stem.length() >= FocusTerms.MIN_TERM_LENGTH) {
      all.add(stem);
    }
    for (String t : all) {
      if (seenLower.add(t.toLowerCase(Locale.ROOT))) {
        parts.add(escape(t));
      }
    }
    return String.join("|", parts);
  }

  private static String stem(String fileName) {
    int dot = fileName.lastIndexOf('.');
    String stem = dot > 0 ? fileName.substring(0, dot) : fileName;
    while (stem.startsWith("_")) {
      stem = stem.substring(1);
    }
    return stem;
  }

  /** Backslash before every character that is not a letter, digit or underscore. */
  static String escape(String term) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < term.length(); i++) {
      char c = term.charAt(i);
      if (!Character.isLetterOrDigit(c) && c != '_') {
        sb.append('\\');
      }
      sb.append(c);
    }
    return sb.toString();
  }

  /**
   * The Read tool breaks lines on {@code \n} only (dropping the {@code \r} of {@code \r\n});
   * slicegrep also breaks on a lone {@code \r}. A file with one would number differently, so it
   * passes through rather than get offsets that point at the wrong lines.
   */
  static boolean hasLoneCarriageReturn(byte[] bytes) {
    for (int i = 0; i < bytes.length; i++) {
      if (bytes[i] == '\r' && (i + 1 == bytes.length || bytes[i + 1] != '\n')) {
        return true;
      }
    }
    return false;
  }

  /** The file's bytes, or null when it grew past the cap since it was checked. */
  private static byte @Nullable [] readAtMost(Path path, long maxBytes) throws IOException {
    try (InputStream in = Files.newInputStream(path)) {
      byte[] bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8L, maxBytes + 1));
      return bytes.length > maxBytes ? null : bytes;
    }
  }
}
