/** Scoring regions with named signals, and removing duplicates. Internal to slicegrep; not API. */
@NullMarked
package io.github.slicegrep.rank;

import org.jspecify.annotations.NullMarked;
