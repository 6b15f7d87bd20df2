/** Packing under a token budget: guarantees, diversity, truncation, omissions, negative evidence. Internal to slicegrep; not API. */
@NullMarked
package io.github.slicegrep.pack;

import org.jspecify.annotations.NullMarked;
