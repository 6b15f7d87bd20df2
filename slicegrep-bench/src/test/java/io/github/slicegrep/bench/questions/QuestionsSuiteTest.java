package io.github.slicegrep.bench.questions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.slicegrep.Boundary;
import io.github.slicegrep.bench.strategy.IndexedRetrieval;
import io.github.slicegrep.bench.suite.SeedLedger;
import io.github.slicegrep.bench.truth.Lang;
import io.github.slicegrep.bench.truth.Span;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class QuestionsSuiteTest {
  @TempDir Path dir;

  private static Question question(Question.Kind kind, Question.Graded... relevant) {
    return new Question("t-001", "t", kind, "where is it", List.of(relevant));
  }

  private static Question.Graded graded(String file, int start, int end, int grade) {
    return new Question.Graded(new Span(file, start, end), grade);
  }

  @Test
  void ndcgCreditsEachAnnotatedSpanOnceAtItsFirstRank() {
    Question q = question(Question.Kind.CONCEPT, graded("a.py", 10, 20, 2), graded("b.py", 1, 5, 1));
    double idcg = 3 + 1 / (Math.log(3) / Math.log(2));
    List<Span> ranked = List.of(new Span("c.py", 1, 9), new Span("a.py", 15, 30),
        new Span("a.py", 10, 12), new Span("b.py", 5, 9));
    double dcg = 3 / (Math.log(3) / Math.log(2)) + 1 / (Math.log(5) / Math.log(2));
    assertEquals(dcg / idcg, Judgement.ndcg(q, ranked, 10), 1e-9);
    // One unit reaching both spans gains the better once; the ideal is not beaten.
    Question same = question(Question.Kind.CONCEPT, graded("a.py", 10, 20, 2),
        graded("a.py", 30, 40, 1));
    assertEquals(3 / (3 + 1 / (Math.log(3) / Math.log(2))),
        Judgement.ndcg(same, List.of(new Span("a.py", 1, 50)), 10), 1e-9);
    assertEquals(1.0, Judgement.ndcg(q, List.of(new Span("a.py", 1, 10), new Span("b.py", 2, 2)),
        10), 1e-9);
    assertEquals(0.0, Judgement.ndcg(q, List.of(), 10));
  }

  @Test
  void focusedNdcgCreditsAWholeModuleOnlyForTheShareOfItTheAnswerNeeds() {
    Question q = question(Question.Kind.CONCEPT, graded("a.py", 100, 106, 2));
    Span function = new Span("a.py", 95, 130);  // 36 lines: within a screen, full credit
    Span module = new Span("a.py", 1, 500);     // the same answer inside 500 lines
    assertEquals(1.0, Judgement.ndcg(q, List.of(function), 10, true), 1e-9);
    assertEquals(50.0 / 500, Judgement.ndcg(q, List.of(module), 10, true), 1e-9);
    assertEquals(1.0, Judgement.ndcg(q, List.of(module), 10, false), 1e-9,
        "plain NDCG cannot tell the two apart");
    // A long annotated span is read whole: a unit of its own length loses nothing.
    Question longAnswer = question(Question.Kind.CONCEPT, graded("a.py", 1, 200, 2));
    assertEquals(1.0, Judgement.ndcg(longAnswer, List.of(new Span("a.py", 1, 200)), 10, true),
        1e-9);
    assertEquals(0.5, Judgement.ndcg(longAnswer, List.of(new Span("a.py", 1, 400)), 10, true),
        1e-9);
    // The better of two spans a unit reaches first, each by its own share.
    Question two = question(Question.Kind.CONCEPT, graded("a.py", 10, 20, 1),
        graded("a.py", 1, 300, 1));
    double ideal = 1 + 1 / (Math.log(3) / Math.log(2));
    assertEquals(1.0 / ideal, Judgement.ndcg(two, List.of(new Span("a.py", 1, 300)), 10, true),
        1e-9);
    Judgement j = Judgement.of(q, List.of(module, function), List.of(function), 900);
    assertEquals(1.0, j.ndcg10(), 1e-9);
    assertEquals(0.1, j.focusedNdcg10(), 1e-9, "the function, second, reaches no new span");
  }

  @Test
  void fileRecallCountsFilesWhoseAnnotatedLinesWereShown() {
    Question q = question(Question.Kind.ARCHITECTURE, graded("a.py", 10, 20, 2),
        graded("b.py", 1, 5, 1), graded("b.py", 40, 50, 1));
    assertEquals(0.5, Judgement.fileRecall(q, List.of(new Span("b.py", 45, 60),
        new Span("a.py", 21, 30))));
    assertEquals(1.0, Judgement.fileRecall(q, List.of(new Span("a.py", 20, 20),
        new Span("b.py", 5, 5))));
  }

  @Test
  void questionsLoadRetiredOnesAreLeftOutAndABadLineIsNamed() throws IOException {
    Path f = dir.resolve("t.jsonl");
    Files.writeString(f, "{\"id\":\"t-001\",\"corpus\":\"t\",\"kind\":\"symbol\",\"question\":\"Router\","
        + "\"relevant\":[{\"file\":\"a.py\",\"start\":1,\"end\":4,\"grade\":2}]}\n\n"
        + "{\"id\":\"t-002\",\"corpus\":\"t\",\"kind\":\"concept\",\"question\":\"x\",\"retired\":\"wrong\","
        + "\"relevant\":[{\"file\":\"a.py\",\"start\":1,\"end\":4}]}\n");
    List<Question> qs = Question.load(f);
    assertEquals(1, qs.size());
    assertEquals(Question.Kind.SYMBOL, qs.get(0).kind());
    assertEquals(1, qs.get(0).round(), "a question that names no round is of the first");
    Files.writeString(f, "{\"id\":\"t-001\",\"corpus\":\"t\",\"kind\":\"symbol\",\"question\":\"R\","
        + "\"relevant\":[{\"file\":\"a.py\",\"start\":5,\"end\":4}]}\n");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Question.load(f));
    assertTrue(e.getMessage().startsWith(f + ":1: "), e.getMessage());
  }

  @Test
  void eachRoundsHeldBackHalfIsRunOnceAndThatRunIsOnRecord() throws Exception {
    String held = null;
    for (int i = 0; held == null; i++) {
      if (Question.splitOf("where is thing " + i + " done") == Question.Split.CONFIRMATION) {
        held = "where is thing " + i + " done";
      }
    }
    Files.writeString(dir.resolve("t.jsonl"), "{\"id\":\"t-001\",\"corpus\":\"t\","
        + "\"kind\":\"concept\",\"question\":\"" + held + "\",\"round\":2,"
        + "\"relevant\":[{\"file\":\"a.py\",\"start\":1,\"end\":4,\"grade\":2}]}\n");
    assertEquals(2, Question.load(dir.resolve("t.jsonl")).get(0).round());
    Path ledger = dir.resolve(QuestionsCommand.LEDGER);
    new SeedLedger(ledger).record(2, SeedLedger.CONFIRMATION, "2026-12-01T00:00:00Z", "done");
    PrintStream err = System.err;
    ByteArrayOutputStream said = new ByteArrayOutputStream();
    int exit;
    try {
      System.setErr(new PrintStream(said, true, StandardCharsets.UTF_8));
      exit = new CommandLine(new QuestionsCommand()).execute("--questions", dir.toString(),
          "--split", "confirmation", "--corpora", dir.resolve("none").toString());
    } finally {
      System.setErr(err);
    }
    assertEquals(2, exit, "round 2's held-back half was spent: refused before any corpus");
    assertTrue(said.toString(StandardCharsets.UTF_8).contains("round 2"),
        said.toString(StandardCharsets.UTF_8));
    assertEquals(1, new SeedLedger(ledger).entries().size(), "a refused run is not recorded");
  }

  @Test
  void theSplitIsFixedByTheTextAndCutsTheSuiteInTwo() {
    int tuning = 0;
    for (int i = 0; i < 1000; i++) {
      Question q = new Question("t-" + i, "t", Question.Kind.CONCEPT, "how does thing " + i + " work",
          List.of(graded("a.py", 1, 1, 2)));
      assertEquals(q.split(), new Question("other", "u", Question.Kind.SYMBOL, q.question(),
          List.of(graded("b.py", 2, 2, 1))).split(), "the text alone decides");
      tuning += q.split() == Question.Split.TUNING ? 1 : 0;
    }
    assertTrue(tuning > 400 && tuning < 600, "about half: " + tuning);
  }

  @Test
  void enginesAreJudgedOnACorpus() throws IOException {
    Path root = Files.createDirectories(dir.resolve("corpus/pkg"));
    Files.writeString(root.resolve("router.py"), "class Router:\n    def add_route(self, path):\n"
        + "        self.routes.append(path)\n\n    def dispatch(self, request):\n"
        + "        return self.routes[0]\n");
    Files.writeString(root.resolve("cache.py"), "def expire(entries, now):\n"
        + "    return [e for e in entries if e.deadline > now]\n");
    List<Question> qs = List.of(
        new Question("c-001", "c", Question.Kind.SYMBOL, "Router",
            List.of(graded("pkg/router.py", 1, 6, 2))),
        new Question("c-002", "c", Question.Kind.CONCEPT, "drop entries past their deadline",
            List.of(graded("pkg/cache.py", 1, 2, 2))));
    QuestionsSuite suite = new QuestionsSuite(List.of(Engine.slicegrep(Boundary.AUTO),
        Engine.indexed(IndexedRetrieval.Kind.BM25_AST_CHUNKS)),
        new PrintStream(new ByteArrayOutputStream()));
    List<QuestionsSuite.Row> rows =
        suite.run(List.of(new QuestionsSuite.Corpus("c", Lang.PYTHON, dir.resolve("corpus"))), qs);
    assertEquals(4, rows.size());
    assertEquals(1.0, rows.get(0).judgement().ndcg10(), 1e-9, "slicegrep finds the class first");
    assertEquals(1.0, rows.get(0).judgement().fileRecall());
    assertTrue(rows.get(0).judgement().tokens() > 0);
    Map<String, Map<String, QuestionsSuite.Summary>> summary = QuestionsSuite.summarise(rows);
    assertEquals(2, summary.get("slicegrep").get("all").questions());
    assertEquals(1, summary.get("slicegrep").get("symbol").questions());
    assertEquals(0, summary.get("slicegrep").get("architecture").questions());
    assertTrue(QuestionsSuite.markdown(summary).contains("| bm25-ast-chunks | concept | 1 |"));
  }
}
