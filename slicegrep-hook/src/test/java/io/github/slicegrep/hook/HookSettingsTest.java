package io.github.slicegrep.hook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HookSettingsTest {
  @Test
  void defaultsAreTheSpecs() {
    HookSettings s = HookSettings.from(Map.of());
    assertFalse(s.disabled());
    assertEquals(2000, s.minTokens());
    assertEquals(1200, s.budget());
    assertEquals(0.55, s.minCoverage());
    assertEquals(4000, s.maxBudget());
    assertEquals(Duration.ofSeconds(5), s.timeout());
  }

  @Test
  void environmentOverrides() {
    HookSettings s =
        HookSettings.from(
            Map.of(
                "SLICEGREP_HOOK_DISABLE", "1", "SLICEGREP_HOOK_MIN_TOKENS", "500",
                "SLICEGREP_HOOK_BUDGET", "300", "SLICEGREP_HOOK_MIN_COVERAGE", "0.9",
                "SLICEGREP_HOOK_MAX_BUDGET", "900", "SLICEGREP_HOOK_TIMEOUT", "750ms",
                "SLICEGREP_HOOK_STATE_DIR", "/tmp/x"));
    assertTrue(s.disabled());
    assertEquals(500, s.minTokens());
    assertEquals(300, s.budget());
    assertEquals(0.9, s.minCoverage());
    assertEquals(900, s.maxBudget());
    assertEquals(Duration.ofMillis(750), s.timeout());
    assertEquals(Path.of("/tmp/x"), s.stateDir());
  }

  @Test
  void unusableValuesFallBackToDefaults() {
    HookSettings s =
        HookSettings.from(
            Map.of(
                "SLICEGREP_HOOK_DISABLE", "yes please", "SLICEGREP_HOOK_MIN_TOKENS", "-3",
                "SLICEGREP_HOOK_BUDGET", "lots", "SLICEGREP_HOOK_MIN_COVERAGE", "1.5",
                "SLICEGREP_HOOK_TIMEOUT", "soon"));
    assertFalse(s.disabled());
    assertEquals(2000, s.minTokens());
    assertEquals(1200, s.budget());
    assertEquals(0.55, s.minCoverage());
    assertEquals(Duration.ofSeconds(5), s.timeout());
  }

  @Test
  void theCeilingIsNeverBelowTheStartingBudget() {
    HookSettings s =
        HookSettings.from(Map.of("SLICEGREP_HOOK_BUDGET", "5000", "SLICEGREP_HOOK_MAX_BUDGET", "100"));
    assertEquals(5000, s.maxBudget());
  }

  @Test
  void timeoutForms() {
    Duration d = Duration.ofSeconds(9);
    assertEquals(Duration.ofSeconds(5), HookSettings.duration("5", d));
    assertEquals(Duration.ofMillis(2500), HookSettings.duration("2.5s", d));
    assertEquals(Duration.ofMillis(800), HookSettings.duration(" 800ms ", d));
    assertEquals(d, HookSettings.duration("0", d));
    assertEquals(d, HookSettings.duration("NaN", d));
    assertEquals(d, HookSettings.duration(null, d));
  }

  @Test
  void stateGoesUnderXdgStateHomeWhenSet() {
    assertEquals(
        Path.of("/x/state/slicegrep-hook"),
        HookSettings.from(Map.of("XDG_STATE_HOME", "/x/state")).stateDir());
    assertTrue(
        HookSettings.from(Map.of())
            .stateDir()
            .startsWith(Path.of(System.getProperty("java.io.tmpdir"))));
  }
}
