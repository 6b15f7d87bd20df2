/** Walking, ignore rules, decoding and line splitting of source files. Internal to slicegrep; not API. */
@NullMarked
package io.github.slicegrep.source;

import org.jspecify.annotations.NullMarked;
