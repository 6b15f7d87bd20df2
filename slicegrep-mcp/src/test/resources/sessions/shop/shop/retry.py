"""Retries calls to flaky backends with exponential backoff."""

import random
import time


def backoff_delays(attempts, base=0.1, cap=5.0, rng=random.random):
    """The delays before each retry: doubling from base, capped, with full jitter."""
    delays = []
    for attempt in range(attempts):
        delays.append(rng() * min(cap, base * (2 ** attempt)))
    return delays


def call_with_retry(fn, attempts=4, retry_on=(ConnectionError, TimeoutError), sleep=time.sleep):
    """Calls fn until it succeeds or the attempts run out; the last error is raised."""
    last = None
    for delay in [0.0] + backoff_delays(attempts - 1):
        if delay:
            sleep(delay)
        try:
            return fn()
        except retry_on as e:
            last = e
    raise last
