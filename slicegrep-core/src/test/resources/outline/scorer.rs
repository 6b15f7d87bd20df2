//! Scoring helpers used by the ranking stage.
use std::collections::HashMap;

/// Weighs one term.
pub trait Weigher {
    fn weigh(&self, term: &str) -> f64;

    fn twice(&self, term: &str) -> f64 {
        self.weigh(term) * 2.0
    }
}

/// Scores chunks against a query.
#[derive(Debug, Clone)]
pub struct Scorer {
    weight: f64,
}

impl Scorer {
    /// Scores one query.
    #[inline]
    pub(crate) fn score(
        &self,
        query: &str,
        boost: f64,
    ) -> f64 {
        fn normalise(v: f64, w: f64) -> f64 {
            v / w
        }
        let key = |t: &str| t.len() as f64;
        let total: f64 = query.split_whitespace().map(key).sum();
        normalise(total, self.weight) * boost
    }
}

impl Weigher for Scorer {
    fn weigh(&self, term: &str) -> f64 {
        term.len() as f64
    }
}

pub enum Mode {
    Fast,
    Slow,
}

mod tests {
    fn helper() -> u32 {
        1
    }
}
