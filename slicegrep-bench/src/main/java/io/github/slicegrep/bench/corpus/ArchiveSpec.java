package io.github.slicegrep.bench.corpus;

/**
 * One pinned archive of a corpus, as listed in {@code corpora.tsv}.
 *
 * @param corpus the corpus it belongs to (several archives may build one corpus)
 * @param language the corpus language, as the task generator names it
 * @param source how it is fetched: {@code deb-src}, {@code deb}, {@code maven} or {@code npm}
 * @param packageSpec the package coordinate the fetcher is given
 * @param archive the archive file name, which must have a pinned sha256
 * @param unpack how it becomes a source tree: {@code tree}, {@code deb:PATH} or {@code jar:PATH}
 * @param sha256 the pinned checksum
 */
public record ArchiveSpec(
    String corpus, String language, String source, String packageSpec, String archive,
    String unpack, String sha256) {

  public static final String DEB_SRC = "deb-src";
  public static final String DEB = "deb";
  public static final String MAVEN = "maven";
  public static final String NPM = "npm";

  /** Whether the archive comes from Debian and so needs the private apt index. */
  public boolean fromApt() {
    return source.equals(DEB_SRC) || source.equals(DEB);
  }
}
