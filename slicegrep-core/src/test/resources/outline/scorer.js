// Scoring helpers used by the ranking stage.
import { sum } from './math.js';

/**
 * Scores chunks against a query.
 */
export class Scorer {
  constructor(weight) {
    this.weight = weight;
  }

  /** Score one query. */
  score(
    query,
    boost = 1.0,
  ) {
    function normalise(value) {
      return value / this.weight;
    }
    const terms = query.split(' ').filter((t) => t.length > 0);
    return normalise(sum(terms.map((t) => t.length)) * boost);
  }

  static reset() {}
}

export const tokenize = (text) => {
  return text.split(/\s+/);
};

export default function main(argv) {
  return new Scorer(2).score(argv.join(' '));
}

function* ids() {
  yield 1;
}
