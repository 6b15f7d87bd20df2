package io.github.slicegrep.outline;

import io.github.slicegrep.outline.CurlyTokens.Found;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What the parts of one {@link EcmascriptOutliner} scan share: the tokens and lines, the
 * expression and type readers, the definitions found so far and what each bracket opens. Each
 * part reads into these, so they are held once here rather than copied into every part.
 */
abstract class EcmascriptPart {
  /** The scan's shared state, handed to each part it makes. */
  record Shared(CurlyTokens t, List<String> lines, EcmascriptExpressions x,
      @Nullable EcmascriptTypes types, List<Found> found, int[] opens) {}

  final CurlyTokens t;
  final List<String> lines;
  final EcmascriptExpressions x;
  /** TypeScript's types, or null for JavaScript. */
  final EcmascriptTypes types;
  final List<Found> found;
  final int[] opens;

  EcmascriptPart(Shared shared) {
    this.t = shared.t();
    this.lines = shared.lines();
    this.x = shared.x();
    this.types = shared.types();
    this.found = shared.found();
    this.opens = shared.opens();
  }
}
