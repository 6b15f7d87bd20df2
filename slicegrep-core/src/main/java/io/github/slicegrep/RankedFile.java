package io.github.slicegrep;

/**
 * One entry of the ranked file list in directory mode.
 *
 * @param file path relative to the searched root
 * @param score aggregate of the file's region scores (its best region plus a share of the rest)
 * @param regions how many matched regions the file holds
 * @param hits how many matching lines the file holds
 */
public record RankedFile(String file, double score, int regions, int hits) {}
