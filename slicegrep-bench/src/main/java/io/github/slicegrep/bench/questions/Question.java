package io.github.slicegrep.bench.questions;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.common.hash.Hashing;
import io.github.slicegrep.bench.truth.Span;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One hand-written question of the questions suite (slicegrep-bench/questions/README.md), with
 * the spans a person annotated as its answer before any engine ran on it.
 *
 * @param id {@code <corpus>-NNN}
 * @param corpus the pinned corpus it is about
 * @param kind symbol, concept or architecture
 * @param question the text, as a person would type it
 * @param relevant the answering spans, paths relative to the corpus root
 * @param round the round it was written in (1 unless the file says): each round's
 *     confirmation half is held back until it is run once (questions/README.md)
 */
public record Question(String id, String corpus, Kind kind, String question, List<Graded> relevant,
    int round) {
  /** The three kinds of question. */
  public enum Kind {
    SYMBOL, CONCEPT, ARCHITECTURE;

    static Kind parse(String s) {
      return valueOf(s.trim().toUpperCase(Locale.ROOT));
    }

    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** An answering span and its grade: 2 the answer, 1 needed to understand it. */
  public record Graded(Span span, int grade) {}

  /** Which half of the suite a question belongs to: fixed by a hash of its text. */
  public enum Split {
    TUNING, CONFIRMATION
  }

  public Question {
    relevant = List.copyOf(relevant);
    if (round < 1) {
      throw new IllegalArgumentException("round " + round + " is not 1 or more");
    }
  }

  /** A question of the first round. */
  public Question(String id, String corpus, Kind kind, String question, List<Graded> relevant) {
    this(id, corpus, kind, question, relevant, 1);
  }

  /**
   * The split, by the parity of the murmur3 hash of the question's text: never by choice, and
   * the same for everyone who reads the file.
   */
  public Split split() {
    return splitOf(question);
  }

  /**
   * The split of any suite item whose query is {@code text}: the parity of the murmur3 (32-bit,
   * fixed) hash of its UTF-8 bytes, even for tuning. Shared by every suite that splits by query.
   */
  public static Split splitOf(String text) {
    int h = Hashing.murmur3_32_fixed().hashString(text, StandardCharsets.UTF_8).asInt();
    return (h & 1) == 0 ? Split.TUNING : Split.CONFIRMATION;
  }

  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * The questions of one {@code .jsonl} file, retired ones left out.
   *
   * @throws IllegalArgumentException naming the file and line of a malformed question
   */
  public static List<Question> load(Path file) {
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<Question> out = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      if (line.isEmpty()) {
        continue;
      }
      try {
        JsonNode n = JSON.readTree(line);
        if (n.hasNonNull("retired")) {
          continue;
        }
        List<Graded> relevant = new ArrayList<>();
        for (JsonNode r : required(n, "relevant")) {
          relevant.add(new Graded(
              new Span(required(r, "file").asText(), required(r, "start").asInt(),
                  required(r, "end").asInt()),
              r.path("grade").asInt(2)));
        }
        if (relevant.isEmpty()) {
          throw new IllegalArgumentException("no relevant span");
        }
        out.add(new Question(required(n, "id").asText(), required(n, "corpus").asText(),
            Kind.parse(required(n, "kind").asText()), required(n, "question").asText(),
            relevant, n.path("round").asInt(1)));
      } catch (IOException | RuntimeException e) {
        throw new IllegalArgumentException(
            file + ":" + (i + 1) + ": not a question: " + e.getMessage(), e);
      }
    }
    return out;
  }

  private static JsonNode required(JsonNode n, String field) {
    JsonNode v = n.get(field);
    if (v == null || v.isNull()) {
      throw new IllegalArgumentException("missing '" + field + "'");
    }
    return v;
  }
}
