/**
 * The resident server of the slicegrep command line and hook, built the way Gradle's and
 * Bazel's are: the first call starts a background process per user and build, which keeps
 * warm readers; later calls are a small client ({@link io.github.slicegrep.server.ServerClient})
 * that sends its arguments, working directory, environment and standard input over a Unix
 * domain socket in a directory only the user can enter, and prints the answer. Any failure of
 * that path is the caller's cue to run in-process, with the same output.
 *
 * <p>The client side ({@code ServerClient}, {@code ClientConfig}, {@code ServerDirectory},
 * {@code Request}, {@code Wire}) must load almost nothing: no lambdas, no string concatenation
 * with {@code +} (both bootstrap method handles), no regular expressions, nothing of the core.
 */
@NullMarked
package io.github.slicegrep.server;

import org.jspecify.annotations.NullMarked;
