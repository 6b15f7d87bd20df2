/**
 * Bounded in-memory caches: what a long-lived reader keeps between searches, within a size or
 * weight bound. Internal to slicegrep; not API.
 */
@NullMarked
package io.github.slicegrep.cache;

import org.jspecify.annotations.NullMarked;
