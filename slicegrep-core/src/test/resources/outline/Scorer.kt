package demo.rank

import kotlin.math.max

/** Weighs one term. */
interface Weigher {
    fun weigh(term: String): Double
}

/**
 * Scores chunks against a query.
 */
@Suppress("unused")
class Scorer(private val weight: Double) : Weigher {

    /** Scores one query. */
    @JvmOverloads
    fun score(
        query: String,
        boost: Double = 1.0,
    ): Double {
        val key = { t: String -> t.length }
        fun normalise(v: Double): Double {
            return v / weight
        }
        return normalise(query.split(" ").sumOf(key).toDouble()) * boost
    }

    override fun weigh(term: String): Double = term.length.toDouble()

    companion object {
        fun build(): Scorer = Scorer(2.0)
    }
}

object Registry {
    fun lookup(name: String): Scorer? = null
}

enum class Mode { FAST, SLOW }

fun helper(x: Int): Int {
    return max(x, 2)
}
