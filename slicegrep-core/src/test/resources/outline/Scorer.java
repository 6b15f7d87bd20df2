package demo.rank;

import java.util.List;
import java.util.function.Function;

/**
 * Scores chunks against a query.
 */
@Deprecated
public class Scorer {
  private final int weight = 2;

  /** Builds a scorer. */
  public Scorer() {}

  /**
   * Scores one query.
   */
  @Override
  @SuppressWarnings("unchecked")
  public double score(
      String query,
      double boost) {
    Function<String, Integer> key = t -> {
      return t.length();
    };
    int total = 0;
    for (String t : List.of(query.split(" "))) {
      total += key.apply(t);
    }
    return total * boost / weight;
  }

  interface Weigher {
    double weigh(String term);
  }

  abstract static class Base {
    abstract int size();

    void touch() {
      Runnable r = new Runnable() {
        @Override
        public void run() {}
      };
      r.run();
    }
  }

  enum Mode { FAST, SLOW }

  record Hit(String file, int line) {}
}
