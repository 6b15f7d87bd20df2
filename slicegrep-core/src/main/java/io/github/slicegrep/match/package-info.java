/** Finding matching lines and growing them into regions. Internal to slicegrep; not API. */
@NullMarked
package io.github.slicegrep.match;

import org.jspecify.annotations.NullMarked;
