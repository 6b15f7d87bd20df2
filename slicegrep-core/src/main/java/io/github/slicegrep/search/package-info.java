/**
 * One query's pipeline, from the files a {@link io.github.slicegrep.search.CandidateSource}
 * offers to the {@link io.github.slicegrep.Result}: route, scan, cut regions, recall, score,
 * deduplicate, pack, assemble; then the optional evidence. Each stage takes values and returns
 * values; none knows where the files came from. Internal to slicegrep; not API.
 */
@NullMarked
package io.github.slicegrep.search;

import org.jspecify.annotations.NullMarked;
