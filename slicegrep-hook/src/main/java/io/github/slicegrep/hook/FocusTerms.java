package io.github.slicegrep.hook;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * What the session is working on, as a few search terms mined from the end of its transcript.
 *
 * <p>The transcript is Claude Code's JSONL log: one JSON object a line, the conversation turns
 * being {@code {"type":"user"|"assistant","message":{"role":...,"content":...}}} where content is
 * a string or an array of blocks. Only {@code text} blocks count: tool calls and tool results
 * (file contents, command output) would drown the conversation in the words of whatever was read
 * last, including this hook's own replacements.
 */
final class FocusTerms {
  /** A user asks for what they want; the assistant mostly restates and narrates. */
  static final double USER_WEIGHT = 3.0;
  static final double ASSISTANT_WEIGHT = 1.0;
  /** Each older turn counts this much less than the one after it: focus drifts within a few turns. */
  static final double AGE_DECAY = 0.75;
  /** Identifiers (snake_case, camelCase) name code; plain words mostly do not. */
  static final double IDENTIFIER_BOOST = 2.0;
  /** Repeating a word within one turn adds up to this many times its weight, no more. */
  static final int MAX_REPEATS_PER_TURN = 3;
  /** Only the newest turns are mined: older ones rarely say what the next Read is for. */
  static final int MAX_TURNS = 24;
  /** Terms kept: enough to catch the subject, few enough that the query stays precise. */
  static final int MAX_TERMS = 8;
  static final int MIN_TERM_LENGTH = 3;
  static final int MAX_TERM_LENGTH = 60;

  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final Pattern WORD = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
  private static final Pattern REMINDER =
      Pattern.compile("<system-reminder>.*?</system-reminder>", Pattern.DOTALL);
  private static final Pattern INNER_CAPITAL = Pattern.compile("[a-z0-9][A-Z]|[A-Z]{2}[a-z]");

  /** English function words and words that say nothing about which code is meant. */
  private static final Set<String> STOPWORDS =
      Set.copyOf(List.of(
          "a", "about", "above", "after", "again", "all", "also", "am", "an", "and", "any", "are",
          "as", "at", "be", "because", "been", "before", "being", "below", "between", "both",
          "but", "by", "can", "could", "did", "do", "does", "doing", "done", "down", "during",
          "each", "few", "for", "from", "further", "had", "has", "have", "having", "he", "her",
          "here", "hers", "him", "his", "how", "if", "in", "into", "is", "it", "its", "itself",
          "just", "let", "lets", "like", "make", "me", "might", "more", "most", "must", "my",
          "need", "needs", "no", "nor", "not", "now", "of", "off", "on", "once", "only", "or",
          "other", "our", "ours", "out", "over", "own", "please", "same", "she", "should", "so",
          "some", "such", "than", "that", "the", "their", "theirs", "them", "then", "there",
          "these", "they", "this", "those", "through", "to", "too", "under", "until", "up",
          "use", "uses", "used", "using", "never", "mind", "wrong", "right", "seems", "maybe", "very", "want", "was", "we", "were", "what", "when", "where",
          "which", "while", "who", "whom", "why", "will", "with", "would", "you", "your",
          "yours", "yes", "okay", "ok", "thanks", "thank", "sure", "look", "looks", "see",
          "show", "find", "check", "read", "reading", "open", "file", "files", "code", "line",
          "lines", "work", "works", "working", "way", "thing", "things", "something", "get",
          "gets", "got", "one", "two", "new", "now", "first", "next", "last", "again", "think",
          "know", "understand", "explain", "tell", "going", "try", "ll", "ve", "re", "don",
          "doesn", "isn", "won", "didn", "can't", "i", "im", "it's", "out", "into", "via",
          // keywords and types common to many languages: they match nearly every line
          "def", "class", "return", "import", "self", "this", "function", "const", "var",
          "public", "private", "protected", "static", "void", "int", "string", "str", "true",
          "false", "none", "null", "nil", "new", "else", "elif", "while", "for", "try",
          "except", "catch", "finally", "throw", "throws", "raise", "pass", "lambda", "async",
          "await", "yield", "package", "struct", "impl", "pub", "fn", "mut", "type", "interface",
          "extends", "implements", "final", "bool", "boolean", "object", "value", "values",
          "list", "dict", "map", "set", "get", "args", "kwargs", "method", "methods",
          "functions", "variable", "module", "test", "tests", "todo", "bug", "fix", "error",
          "errors", "issue", "change", "changes", "add", "added", "update", "remove"));

  private FocusTerms() {}

  /** One conversation turn's text. */
  record Turn(boolean user, String text) {}

  /**
   * The focus terms of the session whose transcript is at {@code transcript}, best first; empty
   * when there is no readable transcript. Reads at most {@code tailBytes} from its end.
   */
  static List<String> mine(@Nullable Path transcript, int tailBytes) {
    if (transcript == null || !Files.isRegularFile(transcript)) {
      return List.of();
    }
    try {
      return rank(turns(tail(transcript, tailBytes)));
    } catch (IOException e) {
      return List.of();
    }
  }

  /** The last {@code maxBytes} of a file as lines; a line cut by the start of the window is dropped. */
  static List<String> tail(Path file, int maxBytes) throws IOException {
    try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "r")) {
      long length = raf.length();
      long start = Math.max(0, length - maxBytes);
      byte[] bytes = new byte[(int) (length - start)];
      raf.seek(start);
      raf.readFully(bytes);
      String text = new String(bytes, StandardCharsets.UTF_8);
      List<String> lines = new ArrayList<>(List.of(text.split("\r?\n")));
      if (start > 0 && !lines.isEmpty()) {
        lines.remove(0);
      }
      return lines;
    }
  }

  /** The user and assistant text turns in transcript order; other lines are skipped. */
  static List<Turn> turns(List<String> jsonl) {
    List<Turn> out = new ArrayList<>();
    for (String line : jsonl) {
      if (line.isBlank()) {
        continue;
      }
      JsonNode node;
      try {
        node = MAPPER.readTree(line);
      } catch (IOException e) {
        continue;
      }
      if (node == null || !node.isObject()) {
        continue;
      }
      String type = node.path("type").asText("");
      JsonNode message = node.path("message");
      String role = message.path("role").asText(type);
      if (!"user".equals(role) && !"assistant".equals(role)) {
        continue;
      }
      if (node.path("isMeta").asBoolean(false)) {
        continue;
      }
      String text = text(message.path("content"));
      text = REMINDER.matcher(text).replaceAll(" ");
      if (!text.isBlank()) {
        out.add(new Turn("user".equals(role), text));
      }
    }
    return out;
  }

  private static String text(JsonNode content) {
    if (content.isTextual()) {
      return content.asText();
    }
    StringBuilder sb = new StringBuilder();
    if (content.isArray()) {
      for (JsonNode block : content) {
        if ("text".equals(block.path("type").asText(""))) {
          sb.append(block.path("text").asText("")).append('\n');
        }
      }
    }
    return sb.toString();
  }

  /**
   * Terms of {@code turns} (oldest first) by weight, best first, at most {@link #MAX_TERMS}. When
   * the conversation names code (an identifier), plain words are left out: in a large file they
   * match prose and comments everywhere, and the slices that answer the question drown in them.
   */
  static List<String> rank(List<Turn> turns) {
    Map<String, Double> weight = new HashMap<>();
    Map<String, String> spelling = new HashMap<>();
    Map<String, Integer> newestTurn = new HashMap<>();
    int first = Math.max(0, turns.size() - MAX_TURNS);
    for (int i = turns.size() - 1; i >= first; i--) {
      Turn turn = turns.get(i);
      int age = turns.size() - 1 - i;
      double base = (turn.user() ? USER_WEIGHT : ASSISTANT_WEIGHT) * Math.pow(AGE_DECAY, age);
      Map<String, Integer> repeats = new HashMap<>();
      Matcher m = WORD.matcher(turn.text());
      while (m.find()) {
        String word = stripUnderscores(m.group());
        String key = word.toLowerCase(Locale.ROOT);
        if (word.length() < MIN_TERM_LENGTH || word.length() > MAX_TERM_LENGTH
            || STOPWORDS.contains(key)) {
          continue;
        }
        int n = repeats.merge(key, 1, Integer::sum);
        if (n > MAX_REPEATS_PER_TURN) {
          continue;
        }
        double w = base * (isIdentifier(word) ? IDENTIFIER_BOOST : 1.0);
        weight.merge(key, w, Double::sum);
        spelling.putIfAbsent(key, word);
        newestTurn.putIfAbsent(key, i);
      }
    }
    boolean namesCode = spelling.values().stream().anyMatch(FocusTerms::isIdentifier);
    return weight.keySet().stream()
        .filter(k -> !namesCode || isIdentifier(spelling.get(k)))
        .sorted(
            Comparator.comparingDouble((String k) -> -weight.get(k))
                .thenComparingInt(k -> -newestTurn.get(k))
                .thenComparing(k -> k))
        .limit(MAX_TERMS)
        .map(spelling::get)
        .toList();
  }

  /** {@code __init__} is searched as {@code init}: underscores at the ends add nothing. */
  private static String stripUnderscores(String word) {
    int a = 0;
    int b = word.length();
    while (a < b && word.charAt(a) == '_') {
      a++;
    }
    while (b > a && word.charAt(b - 1) == '_') {
      b--;
    }
    return word.substring(a, b);
  }

  /** snake_case, camelCase or PascalCase with an inner capital: a name from code. */
  static boolean isIdentifier(String word) {
    return word.indexOf('_') > 0 || INNER_CAPITAL.matcher(word).find();
  }
}
