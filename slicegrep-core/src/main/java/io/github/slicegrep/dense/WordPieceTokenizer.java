package io.github.slicegrep.dense;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A BERT WordPiece tokenizer read from a Hugging Face {@code tokenizer.json}: the BertNormalizer
 * (clean text, spaces around CJK ideographs, accents stripped, lower case), the BertPreTokenizer
 * (split on whitespace, every punctuation character a word of its own) and greedy longest-match
 * WordPiece with a {@code ##} continuation prefix. Special tokens written in the text
 * ({@code [CLS]}) are kept whole, as the reference implementation does; none are added around the
 * sequence, since a static model pools token vectors and has no use for them.
 *
 * <p>Only that pipeline is supported: a file that declares another model type, normalizer or
 * pre-tokenizer is refused with an {@link IOException} naming it, never tokenized differently.
 */
public final class WordPieceTokenizer {
  private final Map<String, Integer> vocab;
  private final @Nullable String[] tokens;
  private final int unkId;
  private final String prefix;
  private final int maxCharsPerWord;
  private final boolean lowercase;
  private final boolean stripAccents;
  private final boolean cleanText;
  private final boolean chineseChars;
  /** Special tokens matched verbatim in raw text, longest first. */
  private final List<String> specials;

  private WordPieceTokenizer(
      Map<String, Integer> vocab, int unkId, String prefix, int maxCharsPerWord,
      boolean lowercase, boolean stripAccents, boolean cleanText, boolean chineseChars,
      List<String> specials) {
    this.vocab = vocab;
    int size = vocab.values().stream().mapToInt(Integer::intValue).max().orElse(-1) + 1;
    this.tokens = new String[size];
    vocab.forEach((t, id) -> tokens[id] = t);
    this.unkId = unkId;
    this.prefix = prefix;
    this.maxCharsPerWord = maxCharsPerWord;
    this.lowercase = lowercase;
    this.stripAccents = stripAccents;
    this.cleanText = cleanText;
    this.chineseChars = chineseChars;
    this.specials = specials;
  }

  /** Reads {@code tokenizer.json}. */
  public static WordPieceTokenizer load(Path tokenizerJson) throws IOException {
    try (InputStream in = Files.newInputStream(tokenizerJson)) {
      return read(in);
    }
  }

  /** Reads a {@code tokenizer.json} from a stream (for one shipped inside a jar). */
  public static WordPieceTokenizer read(InputStream tokenizerJson) throws IOException {
    JsonNode root = new ObjectMapper().readTree(tokenizerJson);
    if (root == null || !root.isObject()) {
      throw new IOException("tokenizer.json is not a JSON object");
    }
    JsonNode model = root.path("model");
    String type = model.path("type").asText("");
    if (!type.equals("WordPiece")) {
      throw new IOException("unsupported tokenizer model type '" + type + "' (WordPiece only)");
    }
    JsonNode normalizer = root.path("normalizer");
    boolean lowercase = false;
    boolean stripAccents = false;
    boolean cleanText = false;
    boolean chinese = false;
    if (!normalizer.isMissingNode() && !normalizer.isNull()) {
      String nt = normalizer.path("type").asText("");
      if (!nt.equals("BertNormalizer")) {
        throw new IOException("unsupported normalizer '" + nt + "' (BertNormalizer only)");
      }
      lowercase = normalizer.path("lowercase").asBoolean(true);
      JsonNode strip = normalizer.path("strip_accents");
      // As in the reference: an unset strip_accents follows lowercase.
      stripAccents = strip.isNull() || strip.isMissingNode() ? lowercase : strip.asBoolean();
      cleanText = normalizer.path("clean_text").asBoolean(true);
      chinese = normalizer.path("handle_chinese_chars").asBoolean(true);
    }
    JsonNode pre = root.path("pre_tokenizer");
    if (!pre.isMissingNode() && !pre.isNull()) {
      String pt = pre.path("type").asText("");
      if (!pt.equals("BertPreTokenizer")) {
        throw new IOException("unsupported pre-tokenizer '" + pt + "' (BertPreTokenizer only)");
      }
    }
    Map<String, Integer> vocab = new HashMap<>();
    for (Map.Entry<String, JsonNode> e : model.path("vocab").properties()) {
      if (!e.getValue().canConvertToInt() || e.getValue().asInt() < 0) {
        throw new IOException("bad vocabulary id for '" + e.getKey() + "'");
      }
      vocab.put(e.getKey(), e.getValue().asInt());
    }
    if (vocab.isEmpty()) {
      throw new IOException("tokenizer.json has an empty vocabulary");
    }
    String unk = model.path("unk_token").asText("[UNK]");
    Integer unkId = vocab.get(unk);
    if (unkId == null) {
      throw new IOException("unknown-token '" + unk + "' is not in the vocabulary");
    }
    List<String> specials = new ArrayList<>();
    for (JsonNode added : root.path("added_tokens")) {
      String content = added.path("content").asText("");
      if (!content.isEmpty() && vocab.containsKey(content)) {
        specials.add(content);
      }
    }
    specials.sort(Comparator.comparingInt(String::length).reversed());
    return new WordPieceTokenizer(
        vocab, unkId, model.path("continuing_subword_prefix").asText("##"),
        model.path("max_input_chars_per_word").asInt(100), lowercase, stripAccents, cleanText,
        chinese, specials);
  }

  /** Size of the id space: one more than the largest id. */
  public int vocabularySize() {
    return tokens.length;
  }

  public int unknownId() {
    return unkId;
  }

  /** The token with this id, or null for a gap in the id space. */
  public @Nullable String token(int id) {
    return tokens[id];
  }

  /** The id of a vocabulary entry, or -1. */
  public int id(String token) {
    Integer id = vocab.get(token);
    return id == null ? -1 : id;
  }

  /** The ids of {@code text}, without special tokens around them. */
  public int[] encode(String text) {
    IntList out = new IntList();
    int from = 0;
    while (from < text.length()) {
      int at = -1;
      @Nullable String special = null;
      for (String s : specials) {
        int i = text.indexOf(s, from);
        if (i >= 0 && (at < 0 || i < at)) {
          at = i;
          special = s;
        }
      }
      int end = at < 0 ? text.length() : at;
      encodePlain(text.substring(from, end), out);
      if (special == null) {
        break;
      }
      out.add(vocab.get(special));
      from = at + special.length();
    }
    return out.toArray();
  }

  /** The tokens of {@code text} as strings (for tests and debugging). */
  public List<String> tokenize(String text) {
    List<String> out = new ArrayList<>();
    for (int id : encode(text)) {
      String t = tokens[id];
      out.add(t == null ? "" : t);
    }
    return out;
  }

  private void encodePlain(String text, IntList out) {
    for (String word : preTokenize(normalize(text))) {
      wordPiece(word, out);
    }
  }

  String normalize(String text) {
    StringBuilder sb = new StringBuilder(text.length());
    text.codePoints().forEach(c -> {
      if (cleanText) {
        if (c == 0 || c == 0xFFFD || isControl(c)) {
          return;
        }
        if (isWhitespace(c)) {
          sb.append(' ');
          return;
        }
      }
      if (chineseChars && isChinese(c)) {
        sb.append(' ').appendCodePoint(c).append(' ');
        return;
      }
      sb.appendCodePoint(c);
    });
    String s = sb.toString();
    if (stripAccents) {
      s = Normalizer.normalize(s, Normalizer.Form.NFD);
      StringBuilder kept = new StringBuilder(s.length());
      s.codePoints()
          .filter(c -> Character.getType(c) != Character.NON_SPACING_MARK)
          .forEach(kept::appendCodePoint);
      s = kept.toString();
    }
    return lowercase ? s.toLowerCase(Locale.ROOT) : s;
  }

  static List<String> preTokenize(String text) {
    List<String> words = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    text.codePoints().forEach(c -> {
      if (isWhitespace(c)) {
        flush(word, words);
      } else if (isPunctuation(c)) {
        flush(word, words);
        words.add(new String(Character.toChars(c)));
      } else {
        word.appendCodePoint(c);
      }
    });
    flush(word, words);
    return words;
  }

  private static void flush(StringBuilder word, List<String> words) {
    if (word.length() > 0) {
      words.add(word.toString());
      word.setLength(0);
    }
  }

  private void wordPiece(String word, IntList out) {
    int[] cps = word.codePoints().toArray();
    if (cps.length > maxCharsPerWord) {
      out.add(unkId);
      return;
    }
    int mark = out.size();
    int start = 0;
    while (start < cps.length) {
      int end = cps.length;
      int found = -1;
      while (start < end) {
        String piece = new String(cps, start, end - start);
        Integer id = vocab.get(start > 0 ? prefix + piece : piece);
        if (id != null) {
          found = id;
          break;
        }
        end--;
      }
      if (found < 0) {
        out.truncate(mark);
        out.add(unkId);
        return;
      }
      out.add(found);
      start = end;
    }
  }

  private static boolean isWhitespace(int c) {
    if (c == '\t' || c == '\n' || c == '\r' || c == ' ') {
      return true;
    }
    // Rust's char::is_whitespace: the Unicode White_Space property.
    return c == 0x0B || c == 0x0C || c == 0x85 || c == 0xA0 || c == 0x1680
        || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F
        || c == 0x205F || c == 0x3000;
  }

  private static boolean isControl(int c) {
    if (c == '\t' || c == '\n' || c == '\r') {
      return false;
    }
    int type = Character.getType(c);
    return type == Character.CONTROL || type == Character.FORMAT
        || type == Character.UNASSIGNED || type == Character.PRIVATE_USE
        || type == Character.SURROGATE;
  }

  private static boolean isPunctuation(int c) {
    if ((c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96)
        || (c >= 123 && c <= 126)) {
      return true;
    }
    switch (Character.getType(c)) {
      case Character.CONNECTOR_PUNCTUATION:
      case Character.DASH_PUNCTUATION:
      case Character.START_PUNCTUATION:
      case Character.END_PUNCTUATION:
      case Character.INITIAL_QUOTE_PUNCTUATION:
      case Character.FINAL_QUOTE_PUNCTUATION:
      case Character.OTHER_PUNCTUATION:
        return true;
      default:
        return false;
    }
  }

  private static boolean isChinese(int c) {
    return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF)
        || (c >= 0x20000 && c <= 0x2A6DF) || (c >= 0x2A700 && c <= 0x2B73F)
        || (c >= 0x2B740 && c <= 0x2B81F) || (c >= 0x2B920 && c <= 0x2CEAF)
        || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x2F800 && c <= 0x2FA1F);
  }

  /** A growable int array: tokenizing long blocks should not box every id. */
  private static final class IntList {
    private int[] a = new int[16];
    private int n;

    void add(int v) {
      if (n == a.length) {
        a = Arrays.copyOf(a, n * 2);
      }
      a[n++] = v;
    }

    int size() {
      return n;
    }

    void truncate(int size) {
      n = size;
    }

    int[] toArray() {
      return Arrays.copyOf(a, n);
    }
  }
}
