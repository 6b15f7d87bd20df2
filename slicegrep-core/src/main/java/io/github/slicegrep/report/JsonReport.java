package io.github.slicegrep.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.github.slicegrep.Chunk;
import io.github.slicegrep.Omission;
import io.github.slicegrep.RankedFile;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON shape of a result (documented in docs/json-schema.md): snake_case keys in a fixed
 * order, one number type per field (scores and coverage are always floating point, counts
 * always integers).
 */
public final class JsonReport {
  private static final ObjectMapper MAPPER =
      new ObjectMapper().disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);

  private JsonReport() {}

  public static Map<String, Object> toMap(ResultView r) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("query", r.query());
    m.put("read_as", r.readAs());
    List<Map<String, Object>> chunks = new ArrayList<>();
    for (Chunk c : r.chunks()) {
      Map<String, Object> cm = new LinkedHashMap<>();
      cm.put("file", c.file());
      cm.put("line_start", c.lineStart());
      cm.put("line_end", c.lineEnd());
      cm.put("symbol", c.symbol());
      cm.put("patterns", c.patterns());
      cm.put("matches", c.matches());
      cm.put("score", c.score());
      cm.put("rank_reason", c.rankReasons());
      cm.put("hash", c.hash());
      cm.put("tokens", c.tokens());
      cm.put("code", c.code());
      chunks.add(cm);
    }
    m.put("chunks", chunks);
    m.put("negative_evidence", r.negativeEvidence());
    m.put("total_tokens", r.totalTokens());
    m.put("files_searched", r.filesSearched());
    m.put("files_matched", r.filesMatched());
    m.put("budget", r.budget());
    m.put("deduped", r.deduped());
    List<Map<String, Object>> omitted = new ArrayList<>();
    for (Omission o : r.omitted()) {
      Map<String, Object> om = new LinkedHashMap<>();
      om.put("file", o.file());
      om.put("line_start", o.lineStart());
      om.put("line_end", o.lineEnd());
      om.put("tokens", o.tokens());
      om.put("score", o.score());
      om.put("reason", o.reasons());
      om.put("why", o.why());
      omitted.add(om);
    }
    m.put("omitted", omitted);
    m.put("omitted_tokens", r.omittedTokens());
    m.put("coverage", Math.round(r.coverage() * 1000) / 1000.0);
    if (r.directory()) {
      List<Map<String, Object>> files = new ArrayList<>();
      for (RankedFile f : r.files()) {
        Map<String, Object> fm = new LinkedHashMap<>();
        fm.put("file", f.file());
        fm.put("score", f.score());
        fm.put("regions", f.regions());
        fm.put("hits", f.hits());
        files.add(fm);
      }
      m.put("files", files);
    }
    // Last, as a key added after the others (the schema only grows at the end).
    Map<String, Object> more = new LinkedHashMap<>();
    more.put("regions", r.omittedMore().regions());
    more.put("tokens", r.omittedMore().tokens());
    more.put("estimated", true);
    m.put("omitted_more", more);
    return m;
  }

  public static String toJson(ResultView r) {
    try {
      return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(toMap(r));
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
