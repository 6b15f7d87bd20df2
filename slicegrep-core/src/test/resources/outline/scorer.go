// Package rank scores chunks.
package rank

import "strings"

// Weigher weighs one term.
type Weigher interface {
	Weigh(term string) float64
}

// Scorer scores chunks against a query.
type Scorer struct {
	weight float64
}

// Score scores one query.
func (s *Scorer) Score(
	query string,
	boost float64,
) float64 {
	normalise := func(v float64) float64 {
		return v / s.weight
	}
	total := 0.0
	for _, t := range strings.Fields(query) {
		total += float64(len(t))
	}
	return normalise(total) * boost
}

// NewScorer builds a scorer.
func NewScorer(weight float64) *Scorer {
	return &Scorer{weight: weight}
}

type (
	Mode int
	Hit  struct {
		File string
		Line int
	}
)
