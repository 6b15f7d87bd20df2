/** The text report and the JSON map of a result. Internal to slicegrep; not API. */
@NullMarked
package io.github.slicegrep.report;

import org.jspecify.annotations.NullMarked;
