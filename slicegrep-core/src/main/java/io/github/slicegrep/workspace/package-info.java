/**
 * The kept files of a reader: decoded files and what is derived from each (outlines, blocks,
 * recall terms, scoring facts, line hashes), keyed by path, modification time and size; the
 * listings of the trees searched, their watches, their persistent indexes and tree filters.
 * {@link io.github.slicegrep.workspace.Workspace} reads a file or a tree through them and
 * hands the search a {@link io.github.slicegrep.search.CandidateSource}. Internal to
 * slicegrep; not API.
 */
@NullMarked
package io.github.slicegrep.workspace;

import org.jspecify.annotations.NullMarked;
