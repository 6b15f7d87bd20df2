package io.github.slicegrep.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.github.slicegrep.Boundary;
import io.github.slicegrep.bench.corpus.CorpusSetup;
import io.github.slicegrep.bench.corpus.Manifest;
import io.github.slicegrep.bench.corpus.RegistryFetcher;
import io.github.slicegrep.bench.strategy.InvestigationLoop;
import io.github.slicegrep.bench.strategy.SearchContext;
import io.github.slicegrep.bench.strategy.SlicegrepStrategy;
import io.github.slicegrep.bench.suite.Comparison;
import io.github.slicegrep.bench.truth.CorpusFacts;
import io.github.slicegrep.bench.truth.Lang;
import io.github.slicegrep.bench.truth.SourceSet;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code compare}: one realistic question, by the agent loop and by one slicegrep call. */
@Command(name = "compare", mixinStandardHelpOptions = true,
    description = "Where is X defined, who calls it, what tests it: agent grep/read loop vs one"
        + " slicegrep call.")
final class CompareCommand implements Callable<Integer> {
  static final List<Comparison.Question> QUESTIONS = List.of(
      new Comparison.Question("click-echo", "click", "echo"),
      new Comparison.Question("lang3-isBlank", "commons-lang3", "isBlank"),
      new Comparison.Question("tokio-spawn_blocking", "tokio", "spawn_blocking"),
      new Comparison.Question("fastify-wrapThenable", "fastify", "wrapThenable"),
      // addHook has no caller outside its own definition, docs, examples and tests: its caller
      // column reads n/a, and the question stays for its definition and test.
      new Comparison.Question("fastify-addHook", "fastify", "addHook"));

  @Spec
  CommandSpec spec;

  @Option(names = "--corpora", description = "corpora folder (default: $"
      + BenchMain.CORPORA_ENV + " or ./" + BenchMain.DEFAULT_CORPORA + ")")
  Path corpora;

  @Option(names = "--task", description = "question name (repeatable): click-echo,"
      + " lang3-isBlank, tokio-spawn_blocking, fastify-wrapThenable, fastify-addHook;"
      + " default all")
  List<String> tasks = new ArrayList<>();

  @Option(names = "--json", description = "write the results here")
  Path json;

  @Option(names = "--markdown", description = "write the Markdown table here")
  Path markdown;

  @Override
  public Integer call() throws Exception {
    List<Comparison.Question> chosen = new ArrayList<>();
    for (Comparison.Question q : QUESTIONS) {
      if (tasks.isEmpty() || tasks.contains(q.name())) {
        chosen.add(q);
      }
    }
    for (String t : tasks) {
      if (QUESTIONS.stream().noneMatch(q -> q.name().equals(t))) {
        System.err.println("compare: unknown task " + t);
        return 2;
      }
    }
    Manifest manifest = Manifest.bundled();
    CorpusSetup setup = new CorpusSetup(manifest, BenchMain.corporaDir(corpora),
        new RegistryFetcher(), BenchMain.STDERR_LOG);
    CorpusSetup.Report verified = setup.verify();
    StringBuilder md = new StringBuilder("| task | way | calls | tokens | definition | caller"
        + " | test |\n|---|---|---|---|---|---|---|\n");
    List<Map<String, Object>> rows = new ArrayList<>();
    for (Comparison.Question q : chosen) {
      if (!verified.ready().contains(q.corpus())) {
        System.err.println("compare: corpus " + q.corpus() + " is not verified; run setup");
        return 1;
      }
      Path root = setup.sourceRoot(q.corpus());
      CorpusFacts facts = new CorpusFacts(q.corpus(),
          Lang.parse(manifest.corpora().get(q.corpus())), SourceSet.load(root));
      SearchContext ctx = new SearchContext(facts);
      Comparison truth = new Comparison(facts, q.symbol());
      Comparison.Found loop = truth.judge(InvestigationLoop.investigate(ctx, q.symbol()));
      Comparison.Found one = truth.judge(new SlicegrepStrategy(Boundary.FN)
          .retrieve(ctx, q.symbol()));
      row(md, q, "grep+read loop", loop, truth);
      row(md, q, "slicegrep (1 call, 2k budget)", one, truth);
      Map<String, Object> r = new LinkedHashMap<>();
      r.put("task", q.name());
      r.put("corpus", q.corpus());
      r.put("symbol", q.symbol());
      r.put("truth", Map.of("definitions", truth.definitionCount(), "caller_lines",
          truth.callerCount(), "test_lines", truth.testCount()));
      r.put("agent_loop", loop.toMap());
      r.put("slicegrep", one.toMap());
      rows.add(r);
    }
    System.out.print(md);
    if (markdown != null) {
      Files.writeString(markdown, md.toString(), StandardCharsets.UTF_8);
    }
    if (json != null) {
      Map<String, Object> doc = new LinkedHashMap<>();
      doc.put("date", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
      doc.put("command", "slicegrep-bench "
          + String.join(" ", spec.commandLine().getParseResult().originalArgs()));
      doc.put("slicegrep_commit", RunCommand.gitHead());
      doc.put("comparisons", rows);
      Files.createDirectories(json.toAbsolutePath().getParent());
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(json.toFile(), doc);
    }
    return 0;
  }

  private static void row(StringBuilder md, Comparison.Question q, String way,
      Comparison.Found f, Comparison truth) {
    md.append(String.format(Locale.ROOT, "| %s | %s | %d | %d | %s | %s | %s |%n", q.name(), way,
        f.calls(), f.tokens(), yes(f.definition(), truth.definitionCount()),
        yes(f.caller(), truth.callerCount()), yes(f.test(), truth.testCount())));
  }

  /** "n/a" where the corpus has nothing to find: a "no" there would blame the retrieval. */
  private static String yes(boolean found, int exists) {
    return exists == 0 ? "n/a" : found ? "yes" : "no";
  }
}
