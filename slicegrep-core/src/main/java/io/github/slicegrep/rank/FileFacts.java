package io.github.slicegrep.rank;

import io.github.slicegrep.source.Language;
import io.github.slicegrep.source.SourceFile;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What scoring needs to know of one file, apart from any query: its path signals, and what
 * each of its lines is, worked out on first need. A file's facts can be kept with the file and
 * shared by searches on several threads: each line's answer is computed from the file alone,
 * so two threads racing to fill one in write the same byte.
 */
public final class FileFacts {
  static final byte BLANK = 1;
  static final byte COMMENT = 2;
  static final byte CODE = 3;
  private static final byte YES = 1;
  private static final byte NO = 2;

  final boolean test;
  final boolean example;
  final boolean vendored;
  final boolean locale;
  final boolean windows;
  /** The version folder the file lies in ({@code v3/}), 0 when none. */
  final int version;
  final boolean declarationFile;
  final boolean cFamily;
  private final SourceFile file;
  /** Per line (1-based): 0 until known, then BLANK, COMMENT or CODE. */
  private final byte[] kinds;
  /** Per line: 0 until known, then YES or NO for an import/include/use line. */
  private final byte[] declarations;
  /** Per line: 0 until known, then YES or NO for a C prototype line. */
  private final byte[] prototypes;

  private FileFacts(SourceFile file) {
    this.file = file;
    String path = file.relativePath();
    this.test = PathSignals.isTest(path);
    this.example = PathSignals.isExample(path);
    this.vendored = PathSignals.isVendored(path);
    this.locale = PathSignals.isLocale(path);
    this.windows = PathSignals.isWindowsOnly(path);
    this.version = PathSignals.versionFolder(path);
    this.declarationFile = Scorer.DECLARATION_FILE.matcher(path).find();
    this.cFamily = file.language() == Language.C || file.language() == Language.CPP;
    int n = file.lineCount() + 1;
    this.kinds = new byte[n];
    this.declarations = new byte[n];
    this.prototypes = new byte[n];
  }

  /** Whether the file lies in a version's folder ({@code v4/}) and the query names others. */
  boolean inAnotherVersion(Set<Integer> askedVersions) {
    return version != 0 && !askedVersions.isEmpty() && !askedVersions.contains(version);
  }

  /** Whether the file is a test by its path (a test folder, a test file name). */
  public boolean isTest() {
    return test;
  }

  /** The facts of {@code file}, each line's worked out when first asked for. */
  public static FileFacts of(SourceFile file) {
    return new FileFacts(file);
  }

  byte kind(int line) {
    byte k = kinds[line];
    if (k == 0) {
      String t = file.line(line).strip();
      k = t.isEmpty() ? BLANK : Scorer.isCommentLine(file, t) ? COMMENT : CODE;
      kinds[line] = k;
    }
    return k;
  }

  boolean declarationLine(int line) {
    return memo(declarations, line, Scorer.DECLARATION_LINE);
  }

  boolean prototypeLine(int line) {
    return memo(prototypes, line, Scorer.C_PROTOTYPE_LINE);
  }

  private boolean memo(byte[] known, int line, Pattern pattern) {
    byte k = known[line];
    if (k == 0) {
      k = pattern.matcher(file.line(line)).find() ? YES : NO;
      known[line] = k;
    }
    return k == YES;
  }
}
