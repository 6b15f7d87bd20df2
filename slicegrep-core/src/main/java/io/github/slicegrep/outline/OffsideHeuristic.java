package io.github.slicegrep.outline;

import com.google.common.collect.ImmutableSet;
import io.github.slicegrep.outline.Definition.Kind;
import io.github.slicegrep.source.Language;
import io.github.slicegrep.source.SourceFile;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Header patterns and the offside rule for Haskell and OCaml, for when their grammar cannot load
 * and for the regions a parse gives up on: a definition runs from its header to the last line
 * indented deeper than it. A Haskell signature and the equations of the same name that follow it
 * are one definition; an OCaml module's closing {@code end} at the header's indentation belongs
 * to it. OCaml {@code val} specifications (the bulk of an {@code .mli} file, which the published
 * implementation grammar cannot parse) are declaration-only.
 */
final class OffsideHeuristic {
  private OffsideHeuristic() {}

  private static final Pattern HASKELL_TYPE =
      Pattern.compile("^(data|newtype|class|instance)\\b(?:.*=>)?\\s*([A-Z][\\w']*)");
  /** {@code score :: ...} or an equation {@code score s q = ...} / {@code score s q | guard}. */
  private static final Pattern HASKELL_BINDING =
      Pattern.compile("^([a-z_][\\w']*)(?:\\s*::|\\b[^=|:]*?(?:\\s=\\s|\\s=$|\\s\\|))");
  private static final Pattern OCAML_LET =
      Pattern.compile("^(?:let(?:\\s+rec)?|and)\\s+([a-z_][\\w']*)\\s+(?:[^=]*\\S\\s*=|=\\s*(?:fun|function)\\b)");
  /** {@code val size : int} in an interface or a signature: a declaration without a body. */
  private static final Pattern OCAML_VAL = Pattern.compile("^val\\s+([a-z_][\\w']*)\\s*:");
  private static final Pattern OCAML_MODULE =
      Pattern.compile("^module\\s+(?:type\\s+)?(?:rec\\s+)?([A-Z][\\w']*)");
  private static final ImmutableSet<String> HASKELL_KEYWORDS =
      ImmutableSet.of("module", "import", "where", "let", "in", "if", "then", "else", "case", "of",
          "do", "type", "deriving", "infixl", "infixr", "infix", "default", "foreign");

  private record Header(Kind kind, String name, boolean declarationOnly) {
    Header(Kind kind, String name) {
      this(kind, name, false);
    }
  }

  static List<Definition> definitions(SourceFile file) {
    boolean haskell = file.language() == Language.HASKELL;
    List<Definition> out = new ArrayList<>();
    int n = file.lineCount();
    for (int line = 1; line <= n; line++) {
      String text = file.line(line);
      Header header = haskell ? haskellHeader(text.strip()) : ocamlHeader(text.strip());
      if (header == null) {
        continue;
      }
      int indent = HeuristicOutliner.indentOf(text);
      int end = offsideEnd(file, line, indent, haskell ? header.name() : null);
      out.add(
          new Definition(header.kind(), header.name(), header.name(),
              HeuristicOutliner.attachedStart(file, line), end, line, header.declarationOnly()));
      if (haskell && header.kind() == Kind.FUNCTION) {
        line = end; // the equations after a signature are not definitions of their own
      }
    }
    return out;
  }

  private static @Nullable Header haskellHeader(String trimmed) {
    Matcher type = HASKELL_TYPE.matcher(trimmed);
    if (type.find()) {
      Kind kind =
          switch (type.group(1)) {
            case "class" -> Kind.INTERFACE;
            case "instance" -> Kind.IMPL;
            default -> Kind.STRUCT;
          };
      return new Header(kind, type.group(2));
    }
    Matcher binding = HASKELL_BINDING.matcher(trimmed);
    if (binding.find() && !HASKELL_KEYWORDS.contains(binding.group(1))) {
      return new Header(Kind.FUNCTION, binding.group(1));
    }
    return null;
  }

  private static @Nullable Header ocamlHeader(String trimmed) {
    Matcher module = OCAML_MODULE.matcher(trimmed);
    if (module.find()) {
      return new Header(trimmed.startsWith("module type") ? Kind.INTERFACE : Kind.MODULE,
          module.group(1));
    }
    Matcher val = OCAML_VAL.matcher(trimmed);
    if (val.find()) {
      return new Header(Kind.FUNCTION, val.group(1), true);
    }
    Matcher let = OCAML_LET.matcher(trimmed);
    return let.find() ? new Header(Kind.FUNCTION, let.group(1)) : null;
  }

  /**
   * The last line of a definition: lines indented deeper than the header, a closing {@code end}
   * (or {@code )}, {@code ]}, {@code |}) at its indentation, and, for a Haskell function ({@code
   * sameName} not null), further equations of the same name.
   */
  private static int offsideEnd(SourceFile file, int header, int indent, @Nullable String sameName) {
    int end = header;
    for (int i = header + 1; i <= file.lineCount(); i++) {
      String l = file.line(i);
      if (l.isBlank()) {
        continue;
      }
      String t = l.strip();
      int li = HeuristicOutliner.indentOf(l);
      boolean continues =
          li > indent
              || (li == indent && (t.startsWith("end") || t.startsWith(")") || t.startsWith("]")
                  || t.startsWith("|") || t.startsWith("}")))
              || (li == indent && sameName != null && startsWithName(t, sameName));
      if (!continues) {
        break;
      }
      end = i;
    }
    return end;
  }

  private static boolean startsWithName(String trimmed, String name) {
    return trimmed.startsWith(name)
        && (trimmed.length() == name.length()
            || !Character.isJavaIdentifierPart(trimmed.charAt(name.length()))
                && trimmed.charAt(name.length()) != '\'');
  }
}
