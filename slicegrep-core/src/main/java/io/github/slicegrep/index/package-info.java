/**
 * The persistent index: per searched root, in the user's cache directory, what a later process
 * needs to skip walking, reading and parsing an unchanged tree. Internal to slicegrep; not API.
 */
@NullMarked
package io.github.slicegrep.index;

import org.jspecify.annotations.NullMarked;
