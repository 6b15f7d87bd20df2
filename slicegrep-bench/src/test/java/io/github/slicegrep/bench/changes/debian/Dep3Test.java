package io.github.slicegrep.bench.changes.debian;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class Dep3Test {
  @Test
  void descriptionFirstLineIsTheQueryAndWinsOverSubject() {
    List<String> header = List.of(
        "Subject: the mail subject",
        "Description: Workaround for test failure on old sparc kernels",
        " The long description goes on here",
        " and is not part of the synopsis.",
        "Author: Someone");
    assertEquals(Optional.of("Workaround for test failure on old sparc kernels"),
        Dep3.query(header));
  }

  @Test
  void foldedSubjectIsJoinedAndItsTagsRemoved() {
    List<String> header = List.of(
        "From: Sarah <s@example.org>",
        "Subject: [PATCH 2/3] [4.2.x] Fixed CVE-2024-53907 -- Mitigated potential DoS in",
        "  strip_tags().",
        "",
        "Thanks to the reporter.");
    assertEquals(Optional.of("Fixed CVE-2024-53907 -- Mitigated potential DoS in strip_tags()."),
        Dep3.query(header));
  }

  @Test
  void mailHeadersFoldedIntoASubjectAreCutOff() {
    List<String> header = List.of(
        "Subject: [PATCH] Prevented excessive memory",
        "  consumption in floatformat. MIME-Version: 1.0 Content-Type: text/plain;",
        " charset=UTF-8",
        "MIME-Version: 1.0");
    assertEquals(Optional.of("Prevented excessive memory consumption in floatformat."),
        Dep3.query(header));
  }

  @Test
  void fieldNamesAreCaseInsensitiveAndATagOnlySubjectIsNoQuery() {
    assertEquals(Optional.of("fix it"), Dep3.query(List.of("description: fix it")));
    assertTrue(Dep3.query(List.of("Subject: [PATCH]")).isEmpty());
    assertTrue(Dep3.query(List.of("From: a", "Date: b", "Forwarded: not-needed")).isEmpty());
  }

  @Test
  void aBracketInsideTheTextIsKept() {
    assertEquals(Optional.of("operator[] access is checked"),
        Dep3.query(List.of("Subject: [PATCH] operator[] access is checked")));
  }
}
