/**
 * slicegrep: ranked, token-budgeted code slices. {@link io.github.slicegrep.FocusedRead} is the
 * entry point; {@link io.github.slicegrep.FocusedReader} holds caches for long-running hosts.
 * The other packages are internal.
 */
@NullMarked
package io.github.slicegrep;

import org.jspecify.annotations.NullMarked;
