/**
 * The Claude Code PreToolUse hook for Read: {@link io.github.slicegrep.hook.HookMain} is the
 * command. It replaces a whole-file Read of a large code file with a file map and the slices that
 * match the session's focus, and lets every other Read through.
 */
@NullMarked
package io.github.slicegrep.hook;

import org.jspecify.annotations.NullMarked;
