/**
 * Definitions and blocks per file: where each function, method and class begins and ends.
 * Internal to slicegrep; not API.
 */
@NullMarked
package io.github.slicegrep.outline;

import org.jspecify.annotations.NullMarked;
