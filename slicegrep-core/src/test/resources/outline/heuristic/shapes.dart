abstract class Shape {
  double area();
}

class Circle extends Shape {
  final double r;
  Circle(this.r);

  @override
  double area() {
    final sq = (double x) => x * x;
    return 3.14159 * sq(r);
  }
}

void main() {
  print(Circle(2).area());
}
