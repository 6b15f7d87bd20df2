package io.github.slicegrep.bench.strategy;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Text to index terms, shared by the BM25 and TF-IDF baselines. */
public final class Terms {
  private static final Pattern IDENT = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
  private static final Pattern PARTS =
      Pattern.compile("_+|(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])");
  static final Set<String> STOPWORDS = Set.of(("a an and are as at be by for from has have how"
      + " in is it its of on or that the this to was were what when where which who why will"
      + " with does do").split(" "));

  private Terms() {}

  /** Identifiers lower-cased whole, plus their snake/camel parts when there are two or more. */
  public static List<String> of(String text) {
    List<String> out = new ArrayList<>();
    Matcher m = IDENT.matcher(text);
    while (m.find()) {
      String id = m.group();
      out.add(id.toLowerCase(Locale.ROOT));
      String[] parts = PARTS.split(id);
      int real = 0;
      for (String p : parts) {
        if (!p.isEmpty()) {
          real++;
        }
      }
      if (real >= 2) {
        for (String p : parts) {
          if (!p.isEmpty()) {
            out.add(p.toLowerCase(Locale.ROOT));
          }
        }
      }
    }
    return out;
  }

  /** Query terms: as {@link #of}, without English stopwords. */
  public static List<String> query(String text) {
    List<String> out = new ArrayList<>();
    for (String t : of(text)) {
      if (!STOPWORDS.contains(t)) {
        out.add(t);
      }
    }
    return out;
  }
}
