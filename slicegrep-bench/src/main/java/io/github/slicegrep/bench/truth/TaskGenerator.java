package io.github.slicegrep.bench.truth;

import io.github.slicegrep.bench.metrics.Tokens;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.CRC32;

/**
 * Draws the controlled tasks from a corpus with a seed. Every candidate is first put in one of
 * two fixed pools by a hash of its identity (tuning = pool 0, confirmation = pool 1), so tuning
 * and confirmation runs never share a task whatever seeds they use; the seed then decides which
 * candidates of the pool are drawn.
 */
public final class TaskGenerator {
  /** Largest truth definition, in lines: longer ones cannot be judged under the 2k budget. */
  static final int MAX_DEF_LINES = 80;
  /** Largest truth definition in cl100k tokens. */
  static final int MAX_DEF_TOKENS = 1200;
  /** Largest sum of the parts of a two-part truth (definition plus test). */
  static final int MAX_TRUTH_TOKENS = 1900;
  /** A name with more call sites than this is too generic to be a call-chain question. */
  static final int MAX_CALL_SITES = 30;
  /** A config key read in more places than this has no single answer. */
  static final int MAX_READ_SITES = 4;

  private static final Set<String> STOPWORDS = Set.of((
      "a about above after again against all also am an and any are as at be because been before"
          + " being below between both but by can could did do does doing down during each few"
          + " for from further had has have having he her here hers him his how i if in into is"
          + " it its itself just let may me might more most must my no nor not now of off on once"
          + " only or other our ours out over own same shall she should so some such than that"
          + " the their theirs them then there these they this those through to too under until"
          + " up upon very was we were what when where which while who whom why will with would"
          + " you your yours true false none null nil self cls return returns returned"
          + " param params arg args argument arguments value values type types use used uses"
          + " using see note example default given new object instance function method class"
          + " whether otherwise via etc get set like one two").split(" "));
  private static final Pattern WORD = Pattern.compile("[A-Za-z][A-Za-z]{2,}");

  private final Map<Lang, Pattern> raisePatterns = new EnumMap<>(Lang.class);
  private final Map<Lang, List<Pattern>> configPatterns = new EnumMap<>(Lang.class);

  public TaskGenerator() {
    raisePatterns.put(Lang.PYTHON, Pattern.compile("\\braise\\s+[\\w.]+\\("));
    raisePatterns.put(Lang.JAVA, Pattern.compile("\\bthrow\\s+new\\s+[\\w.]+\\("));
    raisePatterns.put(Lang.TYPESCRIPT, Pattern.compile("\\bthrow\\s+new\\s+\\w+\\(|"
        + "new\\s+\\w*Error\\("));
    raisePatterns.put(Lang.JAVASCRIPT, Pattern.compile("\\bthrow\\s+new\\s+\\w+\\(|"
        + "new\\s+\\w*Error\\(|createError\\("));
    raisePatterns.put(Lang.GO, Pattern.compile("errors\\.New\\(|fmt\\.Errorf\\(|\\bpanic\\("));
    raisePatterns.put(Lang.RUST, Pattern.compile("\\bpanic!\\(|\\.expect\\(|unreachable!\\("
        + "|\\bassert!\\(|io::Error::new\\("));
    raisePatterns.put(Lang.C, Pattern.compile("fprintf\\(\\s*stderr|\\bperror\\(|\\bFATAL\\("));
    configPatterns.put(Lang.PYTHON, List.of(
        Pattern.compile("os\\.environ\\.get\\(\\s*['\"](\\w+)['\"]"),
        Pattern.compile("os\\.environ\\[\\s*['\"](\\w+)['\"]"),
        Pattern.compile("os\\.getenv\\(\\s*['\"](\\w+)['\"]"),
        Pattern.compile("getattr\\(\\s*settings\\s*,\\s*['\"](\\w+)['\"]"),
        Pattern.compile("\\bsettings\\.([A-Z][A-Z0-9_]{3,})\\b")));
    configPatterns.put(Lang.JAVA, List.of(
        Pattern.compile("System\\.getProperty\\(\\s*\"([\\w.]+)\""),
        Pattern.compile("System\\.getenv\\(\\s*\"(\\w+)\""),
        Pattern.compile("getSystemProperty\\(\\s*\"([\\w.]+)\"")));
    List<Pattern> js = List.of(
        Pattern.compile("process\\.env\\.(\\w+)"),
        Pattern.compile("process\\.env\\[\\s*['\"](\\w+)['\"]"),
        Pattern.compile("\\b(?:options|opts|initialConfig|globalConfig)\\."
            + "(\\w*[a-z][A-Z]\\w*|[A-Z][A-Z0-9_]{3,})\\b(?!\\s*=[^=])"));
    configPatterns.put(Lang.TYPESCRIPT, js);
    configPatterns.put(Lang.JAVASCRIPT, js);
    configPatterns.put(Lang.GO, List.of(
        Pattern.compile("os\\.(?:Getenv|LookupEnv)\\(\\s*\"(\\w+)\""),
        Pattern.compile("\\bEnvGinMode\\b()")));
    configPatterns.put(Lang.RUST, List.of(
        Pattern.compile("env::var(?:_os)?\\(\\s*\"(\\w+)\""),
        Pattern.compile("option_env!\\(\\s*\"(\\w+)\"")));
    configPatterns.put(Lang.C, List.of(Pattern.compile("\\bgetenv\\(\\s*\"(\\w+)\"")));
  }

  /**
   * A possible task: its id is known cheaply (it decides the pool), the task itself is built only
   * when drawn, since checking call sites, tests and uniqueness costs a scan of the corpus.
   */
  public record Candidate(String id, Supplier<Optional<Task>> build) {}

  /** Every candidate of one corpus, by family, in id order. */
  public Map<Family, List<Candidate>> candidates(CorpusFacts c) {
    Map<Family, List<Candidate>> out = new EnumMap<>(Family.class);
    for (Family f : Family.values()) {
      out.put(f, new ArrayList<>());
    }
    References refs = new References(c);
    for (Definition d : targets(c)) {
      out.get(Family.SYMBOL).add(candidate(c, Family.SYMBOL, d.name(),
          () -> Optional.of(task(c, Family.SYMBOL, d.name(), d.name(),
              List.of(List.of(d.span()))))));
      String words = conceptWords(d);
      if (!words.isEmpty()) {
        out.get(Family.DOCSTRING).add(candidate(c, Family.DOCSTRING, d.name(),
            () -> Optional.of(task(c, Family.DOCSTRING, d.name(), words,
                List.of(List.of(d.span()))))));
      }
      if (!d.kind().equals("function")) {
        continue;
      }
      out.get(Family.CALL_CHAIN).add(candidate(c, Family.CALL_CHAIN, d.name(), () -> {
        List<Span> sites = refs.callSites(d);
        return sites.isEmpty() || sites.size() > MAX_CALL_SITES ? Optional.empty()
            : Optional.of(task(c, Family.CALL_CHAIN, d.name(), d.name(),
                List.of(List.of(d.span()), sites)));
      }));
      out.get(Family.TEST_IMPL).add(candidate(c, Family.TEST_IMPL, d.name(), () -> {
        List<Span> tests = refs.exercisingTests(d);
        return tests.isEmpty() ? Optional.empty()
            : Optional.of(task(c, Family.TEST_IMPL, d.name(), d.name(),
                List.of(List.of(d.span()), tests)));
      }));
    }
    out.get(Family.BUG).addAll(bugCandidates(c));
    out.get(Family.CONFIG).addAll(configCandidates(c));
    for (List<Candidate> l : out.values()) {
      l.sort(Comparator.comparing(Candidate::id));
    }
    return out;
  }

  /**
   * Draws up to {@code perFamily} tasks of each family from the pool ({@code 0} tuning, {@code 1}
   * confirmation), reproducibly for a given seed.
   */
  public List<Task> draw(CorpusFacts c, long seed, int pool, int perFamily) {
    List<Task> out = new ArrayList<>();
    for (Map.Entry<Family, List<Candidate>> e : candidates(c).entrySet()) {
      List<Candidate> inPool = new ArrayList<>();
      for (Candidate t : e.getValue()) {
        if (pool(t.id()) == pool) {
          inPool.add(t);
        }
      }
      Collections.shuffle(inPool, new Random(seed * 1_000_003L + stable(c.name() + "/"
          + e.getKey().label())));
      int taken = 0;
      for (Candidate cand : inPool) {
        if (taken == perFamily) {
          break;
        }
        Optional<Task> t = cand.build().get();
        if (t.isPresent()) {
          out.add(t.get());
          taken++;
        }
      }
    }
    return out;
  }

  /** The fixed pool of a task id: 0 (tuning) or 1 (confirmation). */
  public static int pool(String taskId) {
    return (int) (stable("pool:" + taskId) & 1);
  }

  private static long stable(String s) {
    CRC32 crc = new CRC32();
    crc.update(s.getBytes(StandardCharsets.UTF_8));
    return crc.getValue();
  }

  private static String id(CorpusFacts c, Family f, String target) {
    return c.name() + "/" + f.label() + "/" + target;
  }

  private static Candidate candidate(CorpusFacts c, Family f, String target,
      Supplier<Optional<Task>> build) {
    return new Candidate(id(c, f, target), build);
  }

  private static Task task(CorpusFacts c, Family f, String target, String query,
      List<List<Span>> truth) {
    return new Task(id(c, f, target), c.name(), c.lang().label(), f.label(), query, truth);
  }

  // ------------------------------------------------------------ targets

  /** Definitions that can be asked about: unique name, in code, small enough to judge. */
  List<Definition> targets(CorpusFacts c) {
    List<Definition> out = new ArrayList<>();
    for (SourceFile f : c.codeFiles()) {
      if (f.isTest()) {
        continue;
      }
      for (Definition d : c.defs(f.path())) {
        if (!d.kind().equals("test") && !d.kind().equals("macro") && d.name().length() >= 4
            && !d.name().toLowerCase(Locale.ROOT).startsWith("test")
            && c.defsNamed(d.name()).size() == 1 && fits(c, d, MAX_DEF_TOKENS)
            && d.length() >= 3) {
          out.add(d);
        }
      }
    }
    return out;
  }

  static boolean fits(CorpusFacts c, Definition d, int maxTokens) {
    return d.length() <= MAX_DEF_LINES && tokens(c, d.span()) <= maxTokens;
  }

  static int tokens(CorpusFacts c, Span s) {
    SourceFile f = c.sources().file(s.file());
    return Tokens.count(String.join("\n", f.lines().subList(s.start() - 1, s.end())));
  }

  // ------------------------------------------------------------ docstring concept

  /** Up to six content words of the doc's first paragraph that are not parts of the name. */
  static String conceptWords(Definition d) {
    String para = d.doc().split("\\n\\s*\\n")[0];
    Set<String> nameParts = new LinkedHashSet<>();
    for (String p : d.name().split("_|(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")) {
      nameParts.add(p.toLowerCase(Locale.ROOT));
    }
    nameParts.add(d.name().toLowerCase(Locale.ROOT));
    Set<String> words = new LinkedHashSet<>();
    Matcher m = WORD.matcher(para.replaceAll("https?://\\S+", " ")
        .replaceAll("[`@{][^`\\s]*", " "));
    while (m.find() && words.size() < 6) {
      String w = m.group().toLowerCase(Locale.ROOT);
      if (!STOPWORDS.contains(w) && !nameParts.contains(w)) {
        words.add(w);
      }
    }
    return words.size() >= 3 ? String.join(" ", words) : "";
  }

  static boolean isComment(String line) {
    String s = line.strip();
    return s.startsWith("#") || s.startsWith("//") || s.startsWith("*") || s.startsWith("/*");
  }

  // ------------------------------------------------------------ bug localisation

  private static final Pattern STRING = Pattern.compile(
      "\"((?:[^\"\\\\]|\\\\.)*)\"|'((?:[^'\\\\]|\\\\.)*)'");

  List<Candidate> bugCandidates(CorpusFacts c) {
    Pattern raise = raisePatterns.get(c.lang());
    Map<String, List<Span>> seen = new TreeMap<>();
    Map<String, Definition> enclosing = new LinkedHashMap<>();
    for (SourceFile f : c.codeFiles()) {
      if (f.isTest()) {
        continue;
      }
      for (int i = 1; i <= f.lineCount(); i++) {
        Matcher r = raise.matcher(f.line(i));
        if (!r.find()) {
          continue;
        }
        StringBuilder tail = new StringBuilder(f.line(i).substring(r.start()));
        for (int j = i + 1; j <= Math.min(f.lineCount(), i + 2); j++) {
          tail.append(' ').append(f.line(j).strip());
        }
        String segment = messageSegment(tail.toString());
        if (segment == null) {
          continue;
        }
        Definition d = Definitions.innermost(c.defs(f.path()), i);
        if (d != null && !d.kind().equals("class") && fits(c, d, MAX_DEF_TOKENS)) {
          seen.computeIfAbsent(segment, k -> new ArrayList<>()).add(new Span(f.path(), i, i));
          enclosing.put(segment, d);
        }
      }
    }
    List<Candidate> out = new ArrayList<>();
    for (Map.Entry<String, List<Span>> e : seen.entrySet()) {
      String seg = e.getKey();
      if (e.getValue().size() != 1) {
        continue;
      }
      Definition d = enclosing.get(seg);
      String target = d.file() + ":" + e.getValue().get(0).start();
      out.add(candidate(c, Family.BUG, target, () -> occurrences(c, seg) == 1
          ? Optional.of(task(c, Family.BUG, target, seg, List.of(List.of(d.span()))))
          : Optional.empty()));
    }
    return out;
  }

  /** Non-test lines of any file containing {@code text}, case-insensitively. */
  private static int occurrences(CorpusFacts c, String text) {
    String lower = text.toLowerCase(Locale.ROOT);
    int n = 0;
    for (SourceFile f : c.sources().files()) {
      if (f.isTest()) {
        continue;
      }
      for (int i = 1; i <= f.lineCount(); i++) {
        if (f.lowerLine(i).contains(lower)) {
          n++;
        }
      }
    }
    return n;
  }

  /** Format placeholders, escapes and regex metacharacters: a message is cut at these. */
  private static final String PLACEHOLDER_OR_META =
      "%[-#0-9.]*[a-zA-Z]|\\{[^}]*\\}|\\$\\{[^}]*\\}|\\\\.|[()\\[\\]{}*+?|^$\\\\]";

  /**
   * The longest literal run of the first string in {@code code} that has no format placeholder
   * or regex metacharacter, at least 12 characters and two words; null when there is none.
   */
  static String messageSegment(String code) {
    Matcher m = STRING.matcher(code);
    if (!m.find()) {
      return null;
    }
    String s = m.group(1) != null ? m.group(1) : m.group(2);
    String best = null;
    for (String part : s.split(PLACEHOLDER_OR_META)) {
      String p = part.strip().replaceAll("^[^A-Za-z0-9]+|[^A-Za-z0-9.]+$", "").strip();
      if (p.length() >= 12 && p.contains(" ") && (best == null || p.length() > best.length())) {
        best = p;
      }
    }
    return best;
  }

  // ------------------------------------------------------------ config data flow

  List<Candidate> configCandidates(CorpusFacts c) {
    Map<String, Set<Span>> reads = new TreeMap<>();
    Map<String, Boolean> unusable = new LinkedHashMap<>();
    for (SourceFile f : c.codeFiles()) {
      if (f.isTest()) {
        continue;
      }
      for (int i = 1; i <= f.lineCount(); i++) {
        for (Pattern p : configPatterns.getOrDefault(c.lang(), List.of())) {
          Matcher m = p.matcher(f.line(i));
          while (m.find()) {
            String key = m.group(1).isEmpty() ? m.group() : m.group(1);
            if (isComment(f.line(i))) {
              continue;
            }
            Definition d = Definitions.innermost(c.defs(f.path()), i);
            if (d == null || d.kind().equals("class") || !fits(c, d, MAX_DEF_TOKENS)) {
              unusable.put(key, true);
              continue;
            }
            reads.computeIfAbsent(key, k -> new LinkedHashSet<>()).add(d.span());
          }
        }
      }
    }
    List<Candidate> out = new ArrayList<>();
    for (Map.Entry<String, Set<Span>> e : reads.entrySet()) {
      if (!unusable.containsKey(e.getKey()) && e.getValue().size() <= MAX_READ_SITES) {
        Task t = task(c, Family.CONFIG, e.getKey(), e.getKey(),
            List.of(new ArrayList<>(e.getValue())));
        out.add(new Candidate(t.id(), () -> Optional.of(t)));
      }
    }
    return out;
  }
}
