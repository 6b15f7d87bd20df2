package io.github.slicegrep.dense;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class WordPieceTokenizerTest {
  private static WordPieceTokenizer tok;

  @BeforeAll
  static void load() throws IOException {
    tok = read(TinyModel.tokenizerJson(TinyModel.VOCAB));
  }

  private static WordPieceTokenizer read(String json) throws IOException {
    return WordPieceTokenizer.read(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void splitsWordsIntoLongestPiecesFirst() {
    assertEquals(List.of("parse", "##r"), tok.tokenize("Parser"));
    assertEquals(List.of("a", "##b", "##c"), tok.tokenize("abc"));
    assertEquals(List.of("pack", "##ing"), tok.tokenize("PACKING"));
  }

  @Test
  void aWordWithAnUnknownPieceIsOneUnknownToken() {
    assertEquals(List.of("[UNK]", "cache"), tok.tokenize("parsez cache"));
  }

  @Test
  void punctuationIsAlwaysItsOwnWord() {
    assertEquals(List.of("read", "(", "file", ")", ",", "http", "."),
        tok.tokenize("read(file),http."));
  }

  @Test
  void accentsAreStrippedAndControlCharactersDropped() {
    assertEquals(List.of("cafe", "hello"), tok.tokenize("Caf\u00e9\u0007\u00a0hello"));
  }

  @Test
  void specialTokensWrittenInTheTextStayWhole() {
    assertEquals(List.of("hello", "[CLS]", "budget"), tok.tokenize("hello[CLS]budget"));
  }

  @Test
  void cjkIdeographsAreSeparateWords() {
    assertEquals(List.of("hello", "[UNK]", "[UNK]"), tok.tokenize("hello\u4e2d\u6587"));
  }

  @Test
  void overlongWordsAreUnknown() {
    assertEquals(List.of("[UNK]"), tok.tokenize("a".repeat(101)));
  }

  @Test
  void refusesOtherTokenizerModels() throws IOException {
    String unigram = TinyModel.tokenizerJson(TinyModel.VOCAB).replace("\"WordPiece\"", "\"Unigram\"");
    IOException e = assertThrows(IOException.class, () -> read(unigram));
    assertEquals("unsupported tokenizer model type 'Unigram' (WordPiece only)", e.getMessage());
  }
}
