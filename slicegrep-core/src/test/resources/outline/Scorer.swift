import Foundation

/// Weighs one term.
protocol Weigher {
    func weigh(_ term: String) -> Double
}

/// Scores chunks against a query.
@available(macOS 10.15, *)
final class Scorer: Weigher {
    let weight: Double

    init(weight: Double) {
        self.weight = weight
    }

    /// Scores one query.
    @discardableResult
    func score(
        query: String,
        boost: Double = 1.0
    ) -> Double {
        func normalise(_ v: Double) -> Double {
            return v / weight
        }
        let terms = query.split(separator: " ").map { normalise(Double($0.count)) }
        return terms.reduce(0, +) * boost
    }

    func weigh(_ term: String) -> Double { Double(term.count) }
}

struct Hit {
    let file: String
    let line: Int
}

extension Scorer {
    static func build() -> Scorer { Scorer(weight: 2) }
}

enum Mode { case fast, slow }

func helper(x: Int) -> Int {
    return max(x, 2)
}
