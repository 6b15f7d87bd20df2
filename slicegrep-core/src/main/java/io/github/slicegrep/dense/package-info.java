/**
 * Optional dense recall: a pure-Java runtime for static embedding models (a token table in
 * safetensors plus a WordPiece {@code tokenizer.json}), loaded from {@code SLICEGREP_MODEL_DIR}
 * with a timeout, and a cache of block embeddings. Internal to slicegrep; not API.
 */
@NullMarked
package io.github.slicegrep.dense;

import org.jspecify.annotations.NullMarked;
