package io.github.slicegrep.bench.changes.debian;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * A patch file read as a unified diff: its header (the DEP-3 or mail lines before the first
 * file) and, per file, the hunks with their lines. Paths are taken as quilt applies them
 * ({@code -p1}: the first component, {@code a/}, {@code b/} or {@code curl.orig/}, dropped).
 *
 * @param header the lines before the first file's diff
 * @param files the files it changes, in order
 */
public record UnifiedDiff(List<String> header, List<FileDiff> files) {
  private static final Pattern HUNK =
      Pattern.compile("^@@ -(\\d+)(?:,(\\d+))? \\+(\\d+)(?:,(\\d+))? @@.*");

  public UnifiedDiff {
    header = List.copyOf(header);
    files = List.copyOf(files);
  }

  /**
   * One file's changes.
   *
   * @param oldPath the path in the tree before, {@code null} for a file the patch creates
   * @param newPath the path after, {@code null} for a file the patch deletes
   */
  public record FileDiff(@Nullable String oldPath, @Nullable String newPath, List<Hunk> hunks) {
    public FileDiff {
      hunks = List.copyOf(hunks);
    }

    /** The path the change is about: the old one, or the new one for a created file. */
    public String path() {
      return oldPath != null ? oldPath : newPath;
    }
  }

  /**
   * One hunk.
   *
   * @param oldStart the old side's first line (for an old side of no lines, the line after
   *     which the new lines go, 0 at the top of the file)
   * @param lines its body, each starting with ' ', '-' or '+'
   */
  public record Hunk(int oldStart, List<String> lines) {
    public Hunk {
      lines = List.copyOf(lines);
    }

    /** The old side's lines: context and removed, without their marks, in order. */
    public List<String> oldLines() {
      return lines.stream().filter(l -> l.charAt(0) != '+').map(l -> l.substring(1)).toList();
    }

    /** The new side's lines: context and added, without their marks, in order. */
    public List<String> newLines() {
      return lines.stream().filter(l -> l.charAt(0) != '-').map(l -> l.substring(1)).toList();
    }
  }

  /**
   * Parses a patch.
   *
   * @throws IllegalArgumentException on a hunk header that cannot be read or a hunk whose body
   *     ends before its counts are met (the patch would not apply either)
   */
  public static UnifiedDiff parse(List<String> lines) {
    List<String> header = new ArrayList<>();
    List<FileDiff> files = new ArrayList<>();
    int i = 0;
    while (i < lines.size() && !startsFile(lines, i)) {
      header.add(lines.get(i++));
    }
    while (i < lines.size()) {
      if (!startsFile(lines, i) || !lines.get(i).startsWith("--- ")) {
        i++;
        continue;
      }
      String oldPath = path(lines.get(i).substring(4));
      String newPath = path(lines.get(i + 1).substring(4));
      i += 2;
      List<Hunk> hunks = new ArrayList<>();
      while (i < lines.size() && lines.get(i).startsWith("@@")) {
        Matcher m = HUNK.matcher(lines.get(i));
        if (!m.matches()) {
          throw new IllegalArgumentException("line " + (i + 1) + ": not a hunk header: "
              + lines.get(i));
        }
        int oldLeft = m.group(2) == null ? 1 : Integer.parseInt(m.group(2));
        int newLeft = m.group(4) == null ? 1 : Integer.parseInt(m.group(4));
        int oldStart = Integer.parseInt(m.group(1));
        int at = i + 1;
        i++;
        List<String> body = new ArrayList<>();
        while (oldLeft > 0 || newLeft > 0) {
          if (i >= lines.size()) {
            throw new IllegalArgumentException("line " + at + ": hunk ends early");
          }
          String l = lines.get(i++);
          if (l.startsWith("\\")) {
            continue; // "\ No newline at end of file"
          }
          // An empty line is a context line whose leading space an editor stripped.
          char mark = l.isEmpty() ? ' ' : l.charAt(0);
          String text = l.isEmpty() ? "" : l.substring(1);
          switch (mark) {
            case ' ' -> {
              oldLeft--;
              newLeft--;
            }
            case '-' -> oldLeft--;
            case '+' -> newLeft--;
            default -> throw new IllegalArgumentException("line " + i + ": not a hunk line: " + l);
          }
          if (oldLeft < 0 || newLeft < 0) {
            throw new IllegalArgumentException("line " + at + ": hunk longer than its header");
          }
          body.add(mark + text);
        }
        while (i < lines.size() && lines.get(i).startsWith("\\")) {
          i++;
        }
        hunks.add(new Hunk(oldStart, body));
      }
      if (oldPath != null || newPath != null) {
        files.add(new FileDiff(oldPath, newPath, hunks));
      }
    }
    return new UnifiedDiff(header, files);
  }

  /** Whether a file's diff starts at line {@code i}: a git or quilt line, or the ---/+++ pair. */
  private static boolean startsFile(List<String> lines, int i) {
    String l = lines.get(i);
    if (l.startsWith("diff --git ") || l.startsWith("Index: ")) {
      return true;
    }
    return l.startsWith("--- ") && i + 1 < lines.size() && lines.get(i + 1).startsWith("+++ ");
  }

  /** A ---/+++ path as quilt reads it: timestamp cut, first component dropped; null for none. */
  static @Nullable String path(String raw) {
    String p = raw.split("\t", 2)[0].strip();
    if (p.equals("/dev/null")) {
      return null;
    }
    int slash = p.indexOf('/');
    return slash < 0 ? p : p.substring(slash + 1);
  }
}
