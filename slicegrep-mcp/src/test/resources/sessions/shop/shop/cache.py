"""A response cache for GET requests, with a time to live per entry."""

import time


class ResponseCache:
    """Keeps responses by path; an entry expires ttl seconds after it was stored."""

    def __init__(self, ttl=30.0, clock=time.monotonic):
        self.ttl = ttl
        self.clock = clock
        self.entries = {}

    def get(self, path):
        entry = self.entries.get(path)
        if entry is None:
            return None
        stored_at, response = entry
        if self.clock() - stored_at > self.ttl:
            del self.entries[path]
            return None
        return response

    def put(self, path, response):
        self.entries[path] = (self.clock(), response)

    def expire_all(self):
        """Drops every entry, for when the data behind the responses changed."""
        self.entries.clear()


class CachingMiddleware:
    """Answers repeated GET requests from the cache instead of the handler."""

    def __init__(self, cache):
        self.cache = cache

    def wrap(self, handler):
        def wrapped(request, **params):
            if request.method != "GET":
                return handler(request, **params)
            hit = self.cache.get(request.path)
            if hit is not None:
                return hit
            response = handler(request, **params)
            if response.get("status", 200) == 200:
                self.cache.put(request.path, response)
            return response
        return wrapped
