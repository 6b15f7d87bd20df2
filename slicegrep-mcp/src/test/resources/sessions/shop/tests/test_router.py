from shop.router import Router


class Request:
    def __init__(self, method, path, headers=None):
        self.method = method
        self.path = path
        self.headers = headers or {}


def test_first_matching_route_wins():
    router = Router()
    router.add_route("GET", "/items/<id>", lambda r, id: {"status": 200, "body": "a" + id})
    router.add_route("GET", "/items/<id>", lambda r, id: {"status": 200, "body": "b" + id})
    assert router.dispatch(Request("GET", "/items/7"))["body"] == "a7"


def test_unknown_path_is_not_found():
    assert Router().dispatch(Request("GET", "/nope"))["status"] == 404
