// Scoring helpers used by the ranking stage.
#include <string>
#include <vector>

namespace rank {

/// Scores chunks against a query.
class Scorer {
 public:
  explicit Scorer(double weight) : weight_(weight) {}

  double score(const std::string& query, double boost) const;

  virtual double weigh(const std::string& term) const = 0;

  int size() const {
    return 1;
  }

 private:
  double weight_;
};

/// Scores one query.
double Scorer::score(
    const std::string& query,
    double boost) const {
  auto key = [](const std::string& t) {
    return static_cast<double>(t.size());
  };
  return key(query) / weight_ * boost;
}

template <typename T>
T twice(T value) {
  return value * 2;
}

struct Hit {
  int line;
};

}  // namespace rank
