/**
 * Git-history priors: how often each file changed (churn), which files change together
 * (co-change), and which definitions recent changes touched, read with JGit in bounded time.
 * Internal to slicegrep; not API.
 */
@NullMarked
package io.github.slicegrep.history;

import org.jspecify.annotations.NullMarked;
