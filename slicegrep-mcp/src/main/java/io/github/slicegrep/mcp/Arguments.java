package io.github.slicegrep.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.slicegrep.SlicegrepException;
import java.util.Iterator;
import java.util.Set;
import java.util.TreeSet;

/**
 * A tool call's {@code arguments}, read with checks whose messages tell a model how to fix the
 * call. Numbers and booleans sent as strings ({@code "800"}, {@code "true"}) are accepted, as
 * some clients send them that way; anything else of the wrong type is refused. Every failure is
 * a {@link SlicegrepException}, which the server turns into a tool error result.
 */
final class Arguments {
  private final ObjectNode values;

  private Arguments(ObjectNode values) {
    this.values = values;
  }

  /** Wraps {@code arguments}, refusing names the tool does not know (typos, wrong tool). */
  static Arguments of(ObjectNode values, Set<String> known) {
    Set<String> unknown = new TreeSet<>();
    for (Iterator<String> names = values.fieldNames(); names.hasNext(); ) {
      String name = names.next();
      if (!known.contains(name)) {
        unknown.add(name);
      }
    }
    if (!unknown.isEmpty()) {
      throw new SlicegrepException(
          String.format("unknown argument%s %s (expected: %s)", unknown.size() == 1 ? "" : "s",
              String.join(", ", unknown), String.join(", ", new TreeSet<>(known))));
    }
    return new Arguments(values);
  }

  /** A required, non-blank string. */
  String requiredString(String name) {
    JsonNode v = values.get(name);
    if (v == null || v.isNull()) {
      throw new SlicegrepException("missing required argument '" + name + "'");
    }
    if (!v.isTextual()) {
      throw new SlicegrepException(
          String.format("argument '%s' must be a string, got %s", name, v));
    }
    if (v.asText().isBlank()) {
      throw new SlicegrepException("argument '" + name + "' is empty");
    }
    return v.asText();
  }

  /** An optional string, or {@code fallback} when absent or null. */
  String string(String name, String fallback) {
    JsonNode v = values.get(name);
    if (v == null || v.isNull()) {
      return fallback;
    }
    if (!v.isTextual()) {
      throw new SlicegrepException(
          String.format("argument '%s' must be a string, got %s", name, v));
    }
    return v.asText();
  }

  /** An optional whole number in {@code [min, max]}, or {@code fallback} when absent or null. */
  long integer(String name, long fallback, long min, long max) {
    return whole(name, fallback, min, max, String.format("between %d and %d", min, max));
  }

  /**
   * An optional count of {@code unit} from {@code min} up, or {@code fallback} when absent or
   * null; out of range, it is said in words ("a whole number of tokens, 0 or more"), not as a
   * range up to {@link Long#MAX_VALUE}.
   */
  long count(String name, String unit, long fallback, long min) {
    return whole(name, fallback, min, Long.MAX_VALUE,
        String.format("a whole number of %s, %d or more", unit, min));
  }

  private long whole(String name, long fallback, long min, long max, String range) {
    JsonNode v = values.get(name);
    if (v == null || v.isNull()) {
      return fallback;
    }
    long n;
    if (v.isIntegralNumber()) {
      n = v.canConvertToLong() ? v.asLong() : v.bigIntegerValue().signum() * Long.MAX_VALUE;
    } else if (v.isNumber() && v.asDouble() == Math.rint(v.asDouble())
        && Math.abs(v.asDouble()) < 9e15) {
      n = (long) v.asDouble();
    } else if (v.isTextual() && v.asText().trim().matches("[+-]?\\d{1,18}")) {
      n = Long.parseLong(v.asText().trim());
    } else {
      throw new SlicegrepException(
          String.format("argument '%s' must be a whole number, got %s", name, v));
    }
    if (n < min || n > max) {
      throw new SlicegrepException(
          String.format("argument '%s' must be %s, got %d", name, range, n));
    }
    return n;
  }

  /** An optional boolean, or {@code fallback} when absent or null. */
  boolean bool(String name, boolean fallback) {
    JsonNode v = values.get(name);
    if (v == null || v.isNull()) {
      return fallback;
    }
    if (v.isBoolean()) {
      return v.asBoolean();
    }
    if (v.isTextual() && (v.asText().equalsIgnoreCase("true")
        || v.asText().equalsIgnoreCase("false"))) {
      return Boolean.parseBoolean(v.asText());
    }
    throw new SlicegrepException(
        String.format("argument '%s' must be true or false, got %s", name, v));
  }
}
