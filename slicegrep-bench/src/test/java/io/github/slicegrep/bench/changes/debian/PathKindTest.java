package io.github.slicegrep.bench.changes.debian;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class PathKindTest {
  @Test
  void codeFilesAreCode() {
    assertEquals(PathKind.CODE, PathKind.of("django/utils/html.py"));
    assertEquals(PathKind.CODE, PathKind.of("lib/vtls/openssl.c"));
    assertEquals(PathKind.CODE, PathKind.of("django/conf/project_template/manage.py-tpl"));
    assertEquals(PathKind.CODE, PathKind.of("src/latest.c"));
  }

  @Test
  void packagingDocsTestsBuildAndConfigAreNot() {
    assertEquals(PathKind.PACKAGING, PathKind.of("debian/rules"));
    assertEquals(PathKind.DOCS, PathKind.of("docs/releases/3.2.25.txt"));
    assertEquals(PathKind.DOCS, PathKind.of("docs/conf.py"));
    assertEquals(PathKind.DOCS, PathKind.of("README.rst"));
    assertEquals(PathKind.DOCS, PathKind.of("docs/libcurl/curl_easy_setopt.3"));
    assertEquals(PathKind.TESTS, PathKind.of("tests/utils_tests/test_html.py"));
    assertEquals(PathKind.TESTS, PathKind.of("test/test-tcp-oob.c"));
    assertEquals(PathKind.TESTS, PathKind.of("src/foo_test.go"));
    assertEquals(PathKind.TESTS, PathKind.of("tests/data/test1.txt"));
    assertEquals(PathKind.BUILD, PathKind.of("CMakeLists.txt"));
    assertEquals(PathKind.BUILD, PathKind.of("lib/Makefile.inc"));
    assertEquals(PathKind.BUILD, PathKind.of("configure.ac"));
    assertEquals(PathKind.BUILD, PathKind.of("m4/curl-compilers.m4"));
    assertEquals(PathKind.CONFIG, PathKind.of("redis.conf"));
  }
}
