/** Query parsing: fragments, literal fallback, safety screen, plain-English expansion. Internal to slicegrep; not API. */
@NullMarked
package io.github.slicegrep.query;

import org.jspecify.annotations.NullMarked;
