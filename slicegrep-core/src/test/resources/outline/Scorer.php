<?php
namespace Demo\Rank;

interface Weigher
{
    public function weigh(string $term): float;
}

/**
 * Scores chunks against a query.
 */
#[Attribute]
class Scorer implements Weigher
{
    private float $weight = 2.0;

    /**
     * Scores one query.
     */
    public function score(
        string $query,
        float $boost = 1.0
    ): float {
        $key = function ($t) {
            return strlen($t);
        };
        $terms = array_map($key, explode(' ', $query));
        return array_sum($terms) * $boost / $this->weight;
    }

    public function weigh(string $term): float
    {
        return strlen($term);
    }
}

trait Loggable
{
    abstract public function name(): string;
}

function helper($x)
{
    return $x * 2;
}
