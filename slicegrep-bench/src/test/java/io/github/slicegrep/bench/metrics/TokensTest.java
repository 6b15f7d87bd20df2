package io.github.slicegrep.bench.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class TokensTest {
  @Test
  void countsCl100kTokens() {
    // The tokenizer's own documented example: [83, 1609, 5963, 374, 2294, 0].
    assertEquals(6, Tokens.count("tiktoken is great!"));
    assertEquals(2, Tokens.count("hello world"));
    assertEquals(0, Tokens.count(""));
  }
}
