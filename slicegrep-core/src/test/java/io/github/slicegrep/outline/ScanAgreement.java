package io.github.slicegrep.outline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.slicegrep.source.SourceFile;
import java.util.Optional;
import java.util.Random;
import java.util.function.Function;

/**
 * What every token scan is held to: wherever it answers, exactly the parser's outline, so users
 * get the same slices, only sooner.
 */
final class ScanAgreement {
  /** The parser's path, as {@link Outliners#standard()} falls back to it. */
  static final Outliner PARSER =
      new TreeSitterOutliner(new Grammars()::forLanguage, Outliners.heuristic());

  private ScanAgreement() {}

  /** Asserts that {@code scan} answers for {@code text} and gives the parser's definitions. */
  static void assertSameAsParser(
      Function<SourceFile, Optional<Outline>> scan, String name, String text) {
    SourceFile file = Fixtures.text(name, text);
    Optional<Outline> scanned = scan.apply(file);
    assertTrue(scanned.isPresent(), () -> name + ": the scan gave up on\n" + text);
    assertEquals(PARSER.outline(file).definitions(), scanned.get().definitions(),
        () -> name + ":\n" + text);
  }

  /**
   * For the seeded random programs: a comment line, a block comment, a comment with a blank line
   * after it, or nothing, before a definition (the kinds the scans attach or leave alone).
   */
  static void leadingComment(Random random, StringBuilder out, String pad) {
    switch (random.nextInt(4)) {
      case 0 -> out.append(pad).append("// A comment.\n");
      case 1 -> out.append(pad).append("/* A block\n").append(pad).append("   comment. */\n");
      case 2 -> out.append(pad).append("// Separated.\n\n");
      default -> {
      }
    }
  }

  /** A generated name: {@code prefix} and a number, so that names repeat now and then. */
  static String name(Random random, String prefix) {
    return prefix + random.nextInt(1000);
  }
}
