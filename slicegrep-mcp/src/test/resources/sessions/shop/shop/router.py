"""Routes requests to handlers by method and path."""

import re


class Route:
    """One registered route: a method, a path pattern and its handler."""

    def __init__(self, method, pattern, handler):
        self.method = method.upper()
        self.pattern = pattern
        self.regex = re.compile("^" + re.sub(r"<(\w+)>", r"(?P<\1>[^/]+)", pattern) + "$")
        self.handler = handler

    def match(self, method, path):
        """The path parameters when this route answers the request, else None."""
        if method.upper() != self.method:
            return None
        m = self.regex.match(path)
        return m.groupdict() if m else None


class Router:
    """Keeps routes in registration order; the first route that matches wins."""

    def __init__(self):
        self.routes = []
        self.middleware = []

    def add_route(self, method, pattern, handler):
        """Registers a handler for a method and a path pattern such as /items/<id>."""
        route = Route(method, pattern, handler)
        self.routes.append(route)
        return route

    def use(self, middleware):
        """Adds a middleware; middleware runs in the order it was added."""
        self.middleware.append(middleware)

    def dispatch(self, request):
        """Finds the route for a request and runs it through the middleware chain."""
        for route in self.routes:
            params = route.match(request.method, request.path)
            if params is not None:
                handler = route.handler
                for mw in reversed(self.middleware):
                    handler = mw.wrap(handler)
                return handler(request, **params)
        return not_found(request)


def not_found(request):
    return {"status": 404, "body": "no route for " + request.path}
