package demo

/** A shape. */
trait Shape {
  def area: Double
}

case class Circle(r: Double) extends Shape {
  override def area: Double = {
    val sq = (x: Double) => x * x
    math.Pi * sq(r)
  }
}

object Shapes {
  def largest(shapes: Seq[Shape]): Shape =
    shapes.maxBy(_.area)
}
