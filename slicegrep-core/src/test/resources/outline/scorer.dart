import 'dart:math';

/// Weighs one term.
abstract class Weigher {
  double weigh(String term);
}

/// Scores chunks against a query.
@immutable
class Scorer implements Weigher {
  final double weight;

  Scorer(this.weight);

  /// Scores one query.
  @override
  double score(
    String query, {
    double boost = 1.0,
  }) {
    double normalise(double v) => v / weight;
    final terms = query.split(' ').map((t) => normalise(t.length.toDouble()));
    return terms.fold(0.0, (a, b) => a + b) * boost;
  }

  @override
  double weigh(String term) =>
      term.length * weight;
}

mixin Loggable {
  void log(String message) {
    print(message);
  }
}

extension Twice on int {
  int twice() => this * 2;
}

enum Mode { fast, slow }

int helper(int x) {
  return max(x, 2);
}
