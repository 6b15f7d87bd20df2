package io.github.slicegrep.dense;

import java.util.regex.Pattern;

/**
 * Text as a static model should read it: identifiers cut into their words first, since a BERT
 * vocabulary knows {@code parse} and {@code request} but cuts {@code parserequest} into
 * meaningless pieces once it is lower-cased.
 */
public final class CodeText {
  /** Between a lower-case letter or digit and a capital, or an acronym and its next word. */
  private static final Pattern CAMEL =
      Pattern.compile("(?<=[\\p{Ll}0-9])(?=\\p{Lu})|(?<=\\p{Lu})(?=\\p{Lu}\\p{Ll})");

  private CodeText() {}

  /** {@code text} with identifiers cut into words ({@code readFile} -> {@code read File}). */
  public static String words(String text) {
    return CAMEL.matcher(text.replace('_', ' ')).replaceAll(" ");
  }
}
