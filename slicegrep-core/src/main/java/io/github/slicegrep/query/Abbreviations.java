package io.github.slicegrep.query;

import com.google.common.collect.ImmutableSetMultimap;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.tartarus.snowball.ext.EnglishStemmer;

/**
 * The short forms code writes an English word in: a question asks "which directory should
 * temporary files go in" and libuv answers with {@code uv_os_tmpdir}; "terminal window size"
 * is {@code uv_tty_get_winsize}, "replica database" is {@code db_for_read}. Only forms that are
 * the usual spelling of the word in identifiers across languages are listed, so that each adds
 * the code's vocabulary without adding another meaning; not {@code req} for "request" nor {@code
 * buf} for "buffer", whose two spellings both fill web and I/O code, so that the short one tells
 * nothing apart (measured, docs/ranking.md). Words are looked up by their Snowball stem, so
 * "directories" finds {@code dir} as "directory" does.
 */
public final class Abbreviations {
  private static final ImmutableSetMultimap<String, String> BY_STEM = byStem(
      Map.ofEntries(
          Map.entry("address", "addr"),
          Map.entry("allocate", "alloc"),
          Map.entry("allocation", "alloc"),
          Map.entry("argument", "arg args"),
          Map.entry("asynchronous", "async"),
          Map.entry("attribute", "attr attrs"),
          Map.entry("authentication", "auth"),
          Map.entry("authorization", "auth"),
          Map.entry("callback", "cb"),
          Map.entry("certificate", "cert"),
          Map.entry("character", "char"),
          Map.entry("command", "cmd"),
          Map.entry("configuration", "config cfg conf"),
          Map.entry("connection", "conn"),
          Map.entry("context", "ctx"),
          Map.entry("current", "cur curr"),
          Map.entry("database", "db"),
          Map.entry("description", "desc"),
          Map.entry("descriptor", "desc fd"),
          Map.entry("destination", "dst dest"),
          Map.entry("directory", "dir dirs"),
          Map.entry("document", "doc"),
          Map.entry("environment", "env"),
          Map.entry("error", "err"),
          Map.entry("expression", "expr"),
          Map.entry("extension", "ext"),
          Map.entry("function", "func fn"),
          Map.entry("implementation", "impl"),
          Map.entry("index", "idx"),
          Map.entry("information", "info"),
          Map.entry("initialize", "init"),
          Map.entry("initialise", "init"),
          Map.entry("initialization", "init"),
          Map.entry("interface", "iface"),
          Map.entry("iterator", "iter"),
          Map.entry("length", "len"),
          Map.entry("library", "lib"),
          Map.entry("manager", "mgr"),
          Map.entry("maximum", "max"),
          Map.entry("message", "msg"),
          Map.entry("millisecond", "msec ms"),
          Map.entry("minimum", "min"),
          Map.entry("number", "num"),
          Map.entry("object", "obj"),
          Map.entry("package", "pkg"),
          Map.entry("parameter", "param params"),
          Map.entry("password", "passwd"),
          Map.entry("pointer", "ptr"),
          Map.entry("position", "pos"),
          Map.entry("previous", "prev"),
          Map.entry("random", "rand"),
          Map.entry("reference", "ref"),
          Map.entry("repository", "repo"),
          Map.entry("response", "resp"),
          Map.entry("sequence", "seq"),
          Map.entry("signal", "sig"),
          Map.entry("source", "src"),
          Map.entry("specification", "spec"),
          Map.entry("statistics", "stats"),
          Map.entry("string", "str"),
          Map.entry("synchronous", "sync"),
          Map.entry("temporary", "tmp temp"),
          Map.entry("terminal", "tty term"),
          Map.entry("utility", "util"),
          Map.entry("value", "val"),
          Map.entry("variable", "var"),
          Map.entry("window", "win")));

  /** The shortest adverb in {@code -ily} read as its adjective ("lazily"; not "daily"). */
  private static final int MIN_ADVERB = 6;

  private Abbreviations() {}

  /** The short forms of {@code word} (any case), lower case; empty when it has none. */
  public static List<String> of(String word) {
    if (!word.equals(word.toLowerCase(Locale.ROOT))) {
      return List.of(); // a name or a proper noun: "on Windows" is no window
    }
    return BY_STEM.get(stem(word)).asList();
  }

  /**
   * The identifiers two adjacent words make when either is shortened ({@code temporary
   * directory}: {@code tmpdir}, {@code tmpdirectory}, {@code temporarydir}, ...), lower case;
   * the two words joined as they are is not one of them (the question's own compound).
   */
  public static List<String> compounds(String first, String second) {
    return compounds(forms(first), forms(second));
  }

  /** {@link #compounds(String, String)} of two words' {@link #forms}, each worked out once. */
  public static List<String> compounds(List<String> firstForms, List<String> secondForms) {
    Set<String> out = new LinkedHashSet<>();
    for (int i = 0; i < firstForms.size(); i++) {
      for (int j = 0; j < secondForms.size(); j++) {
        if (i > 0 || j > 0) {
          out.add(firstForms.get(i) + secondForms.get(j));
        }
      }
    }
    return new ArrayList<>(out);
  }

  /**
   * {@code word} lower case, then the adjective of an adverb in {@code -ily} ("lazily" is {@code
   * lazy}, "easily" {@code easy}: the stemmer leaves them apart, {@code lazili} and {@code lazi},
   * and code names the adjective), then its short forms ({@link #of}). A word the rule misreads
   * ("family", {@code famy}) gains a form no code spells, which finds nothing.
   */
  public static List<String> forms(String word) {
    List<String> forms = new ArrayList<>();
    String lower = word.toLowerCase(Locale.ROOT);
    forms.add(lower);
    if (lower.length() >= MIN_ADVERB && lower.endsWith("ily") && lower.equals(word)) {
      forms.add(lower.substring(0, lower.length() - 3) + "y");
    }
    forms.addAll(of(word));
    return forms;
  }

  private static ImmutableSetMultimap<String, String> byStem(Map<String, String> words) {
    ImmutableSetMultimap.Builder<String, String> b = ImmutableSetMultimap.builder();
    for (Map.Entry<String, String> e : new TreeMap<>(words).entrySet()) {
      for (String form : e.getValue().split(" ")) {
        b.put(stem(e.getKey()), form);
      }
    }
    return b.build();
  }

  private static String stem(String lower) {
    EnglishStemmer stemmer = new EnglishStemmer();
    stemmer.setCurrent(lower);
    stemmer.stem();
    return stemmer.getCurrent();
  }
}
