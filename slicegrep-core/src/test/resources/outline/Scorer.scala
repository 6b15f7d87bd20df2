package demo.rank

import scala.math.max

/** Weighs one term. */
trait Weigher {
  def weigh(term: String): Double
}

/**
 * Scores chunks against a query.
 */
@SerialVersionUID(1L)
class Scorer(weight: Double) extends Weigher {

  /** Scores one query. */
  @deprecated("use rank", "2.0")
  def score(
      query: String,
      boost: Double = 1.0
  ): Double = {
    def normalise(v: Double): Double =
      v / weight
    val terms = query.split(" ").map(t => normalise(t.length.toDouble))
    terms.sum * boost
  }

  override def weigh(term: String): Double = term.length.toDouble
}

object Registry {
  def lookup(name: String): Option[Scorer] = None
}

case class Hit(file: String, line: Int)

enum Mode {
  case Fast, Slow
}

def helper(x: Int): Int = {
  max(x, 2)
}
