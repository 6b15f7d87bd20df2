"""Item handlers: list, show and reserve stock."""

from shop.retry import call_with_retry


def list_items(request, store):
    return {"status": 200, "body": [item["id"] for item in store.all()]}


def show_item(request, store, id):
    item = call_with_retry(lambda: store.find(id))
    if item is None:
        return {"status": 404, "body": "no item " + id}
    return {"status": 200, "body": item}


def reserve(request, store, id):
    """Takes one unit of an item out of stock; refuses when none is left."""
    item = call_with_retry(lambda: store.find(id))
    if item is None or item["stock"] <= 0:
        return {"status": 409, "body": "out of stock"}
    item["stock"] -= 1
    call_with_retry(lambda: store.save(item))
    return {"status": 200, "body": item}
