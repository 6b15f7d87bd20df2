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
  void anEncodedSubjectIsDecodedBeforeItsTagsAreRemoved() {
    // CPython's relfile-nullptr-dereference.patch: two Q-encoded words on folded lines.
    List<String> header = List.of(
        "Subject: [PATCH] =?UTF-8?q?[3.11]=20gh-102281:=20Fix=20potential=20nullptr?=",
        " =?UTF-8?q?=20dereference=20+=20use=20of=20uninitia=E2=80=A6=20(#103040)?=",
        "MIME-Version: 1.0");
    assertEquals(Optional.of("gh-102281: Fix potential nullptr dereference + use of uninitia…"
        + " (#103040)"), Dep3.query(header));
    assertEquals("caf\u00e9 au lait", Dep3.decode("=?ISO-8859-1?B?Y2Fm6Q==?= au lait"));
    assertEquals("a_b c", Dep3.decode("=?utf-8?Q?a=5Fb_c?="));
  }

  @Test
  void aWordThatDoesNotDecodeIsKeptAsWritten() {
    assertEquals("=?x-none?Q?a?= and =?UTF-8?Q?bad=G1?= and =?UTF-8?Q?cut=E?=",
        Dep3.decode("=?x-none?Q?a?= and =?UTF-8?Q?bad=G1?= and =?UTF-8?Q?cut=E?="));
    assertEquals("no words here = ? ok", Dep3.decode("no words here = ? ok"));
  }

  @Test
  void aBracketInsideTheTextIsKept() {
    assertEquals(Optional.of("operator[] access is checked"),
        Dep3.query(List.of("Subject: [PATCH] operator[] access is checked")));
  }
}
