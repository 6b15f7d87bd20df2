"""Scoring helpers used by the ranking stage."""
import functools


def _cache(fn):
    @functools.wraps(fn)
    def wrapper(*args):
        return fn(*args)
    return wrapper


class Scorer:
    """Scores chunks against a query."""

    weight = 2

    @_cache
    def score(
        self,
        query: str,
        boost: float = 1.0,
    ) -> float:
        """Score one query."""
        def normalise(value):
            return value / self.weight
        terms = [t for t in query.split() if t]
        key = lambda t: len(t)
        return normalise(sum(map(key, terms)) * boost)

    @staticmethod
    def reset():
        pass


async def fetch(url):
    # one line body
    return url
