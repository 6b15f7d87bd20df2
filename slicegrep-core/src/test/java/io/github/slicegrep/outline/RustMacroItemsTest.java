package io.github.slicegrep.outline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Rust items inside item-level macro calls are definitions, on the file's own lines. */
class RustMacroItemsTest {

  private static List<String> outline(String code) {
    return Outliners.standard().outline(Fixtures.text("listener.rs", code)).definitions()
        .stream()
        .map(d -> d.kind().label() + " " + d.qualifiedName() + " " + d.startLine() + "-"
            + d.endLine())
        .toList();
  }

  @Test
  void aStructInsideAConditionalMacroIsADefinition() {
    String code = """
        use std::io;

        cfg_net! {
            /// A listener.
            pub struct TcpListener {
                io: u32,
            }
        }

        impl TcpListener {
            cfg_unstable! {
                pub fn ttl(&self) -> u32 {
                    self.io
                }
            }

            pub fn set_ttl(&self, ttl: u32) {}
        }
        """;
    assertEquals(
        List.of(
            "struct TcpListener 4-7",
            "impl TcpListener 10-18",
            "method TcpListener.ttl 12-14",
            "method TcpListener.set_ttl 17-17"),
        outline(code));
  }

  @Test
  void macroCallsNestAndOnlyAnItemLevelBraceBodyCounts() {
    String code = """
        cfg_rt! {
            cfg_fs! {
                pub fn spawn_blocking() {}
            }
        }

        fn main() {
            tokio::select! {
                fn not_an_item() {}
            }
        }

        lazy_static!(
            fn not_in_braces() {}
        );
        """;
    assertEquals(List.of("function spawn_blocking 3-3", "function main 7-11"), outline(code));
  }
}
