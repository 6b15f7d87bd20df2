package io.github.slicegrep.bench.truth;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A corpus' files with the definitions the benchmark's own extractor finds in them. */
public final class CorpusFacts {
  private final String name;
  private final Lang lang;
  private final SourceSet sources;
  private final Map<String, List<Definition>> defsByFile = new LinkedHashMap<>();
  private final Map<String, List<Definition>> defsByName = new HashMap<>();

  public CorpusFacts(String name, Lang lang, SourceSet sources) {
    this.name = name;
    this.lang = lang;
    this.sources = sources;
    for (SourceFile f : sources.files()) {
      if (f.lang().isEmpty()) {
        continue;
      }
      List<Definition> defs = Definitions.extract(f);
      defsByFile.put(f.path(), defs);
      for (Definition d : defs) {
        defsByName.computeIfAbsent(d.name(), k -> new ArrayList<>()).add(d);
      }
    }
  }

  public String name() {
    return name;
  }

  public Lang lang() {
    return lang;
  }

  public SourceSet sources() {
    return sources;
  }

  /** Definitions of one file (empty for a file of no known language). */
  public List<Definition> defs(String file) {
    return defsByFile.getOrDefault(file, List.of());
  }

  /** Every definition of {@code name} in the corpus, whatever its language. */
  public List<Definition> defsNamed(String name) {
    return defsByName.getOrDefault(name, List.of());
  }

  /** Files in the corpus language, in path order. */
  public List<SourceFile> codeFiles() {
    return sources.files().stream().filter(f -> f.lang().orElse(null) == lang).toList();
  }
}
