/**
 * Lexical recall for questions in plain English: code and questions analysed into the same terms
 * (whole identifiers, their subwords, Snowball stems), and BM25 with statistics over
 * definition-aligned blocks. Internal to slicegrep; not API.
 */
@NullMarked
package io.github.slicegrep.recall;

import org.jspecify.annotations.NullMarked;
