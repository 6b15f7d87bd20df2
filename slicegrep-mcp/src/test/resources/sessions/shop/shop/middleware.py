"""Middleware wraps a handler: it sees the request first and the response last."""

import time


class Middleware:
    def wrap(self, handler):
        def wrapped(request, **params):
            return self.around(request, lambda: handler(request, **params))
        return wrapped

    def around(self, request, proceed):
        return proceed()


class Timing(Middleware):
    """Adds the time a request took, in milliseconds, to the response."""

    def around(self, request, proceed):
        start = time.monotonic()
        response = proceed()
        response["elapsed_ms"] = int((time.monotonic() - start) * 1000)
        return response


class RequireToken(Middleware):
    """Rejects requests without the expected bearer token."""

    def __init__(self, token):
        self.token = token

    def around(self, request, proceed):
        if request.headers.get("Authorization") != "Bearer " + self.token:
            return {"status": 401, "body": "missing or wrong token"}
        return proceed()
