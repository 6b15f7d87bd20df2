/**
 * Data parallelism for a search's stages: the caller and a few workers share one loop over
 * indexes. Internal to slicegrep; not API.
 */
@NullMarked
package io.github.slicegrep.parallel;

import org.jspecify.annotations.NullMarked;
