package io.github.slicegrep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A question in English finds code that writes its words short: "temporary directory" is
 * {@code tmpdir}, "terminal window size" is {@code tty} and {@code winsize}, as in libuv.
 */
class ShortFormsTest {
  @TempDir Path tmp;

  @Test
  void aQuestionFindsTheCodeThatSpellsItsWordsShort() {
    Path tree = Fixture.in(tmp.resolve("tree"))
        .file("src/unix/core.c", "int uv_os_tmpdir(char* buffer, size_t* size) {\n"
            + "  const char* buf = getenv(\"TMPDIR\");\n  if (buf == NULL) buf = \"/tmp\";\n"
            + "  return copy_out(buf, buffer, size);\n}\n\n"
            + "int uv_fs_scandir(uv_loop_t* loop, const char* path) {\n"
            + "  /* Lists the files of a directory, which the caller frees. */\n"
            + "  return scan_entries(loop, path);\n}\n")
        .file("src/unix/tty.c", "int uv_tty_get_winsize(uv_tty_t* tty, int* width, int* height) {\n"
            + "  struct winsize ws;\n  ioctl(uv__stream_fd(tty), TIOCGWINSZ, &ws);\n"
            + "  *width = ws.ws_col;\n  *height = ws.ws_row;\n  return 0;\n}\n\n"
            + "void scroll_window(int lines) {\n  /* moves the window by whole lines */\n"
            + "  scroll(lines);\n}\n")
        .root();
    FocusedReader reader = new FocusedReader();
    Result temp = reader.search(tree, "where does the temporary directory come from",
        Options.defaults());
    assertFalse(temp.chunks().isEmpty(), temp.render());
    assertEquals("uv_os_tmpdir", temp.chunks().get(0).symbol(), temp.render());
    Result size = reader.search(tree, "read the terminal window size", Options.defaults());
    assertEquals("uv_tty_get_winsize", size.chunks().get(0).symbol(), size.render());
  }

  @Test
  void anAdverbFindsTheAdjectiveCodeIsNamedBy() {
    // "lazily" and "lazy" stem apart (lazili, lazi): the question reads the adjective too.
    Path tree = Fixture.in(tmp.resolve("lazy"))
        .file("src/LazyInitializer.java", "public class LazyInitializer<T> {\n"
            + "  private volatile T object;\n\n"
            + "  public T get() {\n    T result = object;\n    if (result == null) {\n"
            + "      synchronized (this) {\n        result = object;\n"
            + "        if (result == null) {\n          object = result = initialize();\n"
            + "        }\n      }\n    }\n    return result;\n  }\n\n"
            + "  protected T initialize() {\n    return null;\n  }\n}\n")
        .file("src/Eager.java", "public class Eager<T> {\n"
            + "  /** The object, built at once: the object is there before anyone asks. */\n"
            + "  private final T object;\n\n"
            + "  public Eager(T object) {\n    this.object = object;\n  }\n}\n")
        .root();
    Result r = new FocusedReader().search(tree, "object made lazily", Options.defaults());
    assertEquals("src/LazyInitializer.java", r.chunks().get(0).file(), r.render());
    assertTrue(r.chunks().get(0).patterns().contains("lazy"), r.render());
  }
}
