// Scoring helpers used by the ranking stage.
import { sum } from './math';

export interface Weigher {
  weigh(term: string): number;
}

/**
 * Scores chunks against a query.
 */
@sealed
export abstract class Scorer implements Weigher {
  private weight = 2;

  constructor(weight: number) {
    this.weight = weight;
  }

  @logged
  score(
    query: string,
    boost: number = 1.0,
  ): number {
    const normalise = (value: number): number => {
      return value / this.weight;
    };
    const terms = query.split(' ').filter((t) => t.length > 0);
    return normalise(sum(terms.map((t) => this.weigh(t))) * boost);
  }

  abstract weigh(term: string): number;
}

export enum Mode {
  Fast,
  Slow,
}

export function tokenize(text: string): string[] {
  return text.split(/\s+/);
}

declare function external(x: number): void;

namespace Util {
  export const twice = (n: number) => n * 2;
}
