package io.github.slicegrep.bench.truth;

/** The doc comment directly above a definition in a brace language. */
final class CommentDoc {
  private CommentDoc() {}

  static String above(SourceFile f, int start, Lang lang) {
    int j = start - 1;
    StringBuilder text = new StringBuilder();
    while (j >= 1) {
      String s = f.line(j).strip();
      boolean comment = s.startsWith("//") || s.startsWith("/*") || s.startsWith("*");
      if (!comment || s.isEmpty()) {
        break;
      }
      String body = s.replaceFirst("^(///?!?|/\\*\\*?|\\*/|\\*)", "").replaceFirst("\\*/$", "")
          .strip();
      text.insert(0, body + "\n");
      j--;
    }
    return text.toString().strip();
  }
}
