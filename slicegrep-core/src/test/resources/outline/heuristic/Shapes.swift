import Foundation

/// A shape.
protocol Shape {
    func area() -> Double
}

struct Circle: Shape {
    let r: Double

    func area() -> Double {
        let sq = { (x: Double) in x * x }
        return Double.pi * sq(r)
    }
}

class Registry {
    private var shapes: [Shape] = []

    @discardableResult
    func add(_ s: Shape) -> Int {
        shapes.append(s)
        return shapes.count
    }
}
