/**
 * slicegrep over a SolrCloud cluster (docs/cluster.md): {@link
 * io.github.slicegrep.solr.ClusterIndexer} sends each repository's definition-aligned blocks to a
 * collection, and {@link io.github.slicegrep.solr.ClusterSearch} searches them through the core's
 * candidate-source seam, with the same query reading, ranking, packing and report as a local
 * search. {@link io.github.slicegrep.solr.SolrMain} is the {@code slicegrep-solr} command.
 */
@NullMarked
package io.github.slicegrep.solr;

import org.jspecify.annotations.NullMarked;
