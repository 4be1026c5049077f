"""A seat's view of an event as a small delta over the public view (stored once, sent once).

Most of what a seat is told is what everybody is told: a `prompt` carries the whole
hand view, and a seat's differs from a spectator's only in its own concealed tiles,
its claim offers and its legal actions. So an event is kept as its public view plus,
per seat, a delta that rebuilds that seat's view from it:

- `{"r": value}`               replace the value wholly (also: a view where the public has none);
- `{"d": {key: delta}, "x": [key, ...]}`  a dict: changed or new keys, removed keys;
- `{"l": {"i": delta}}`        a list of the same length: changed items by index.

`delta(a, b)` is None when a == b; `patched(a, delta(a, b)) == b` always, and
`patched` never changes `a` (it copies what it changes).
"""

from __future__ import annotations

from typing import Any

Delta = dict[str, Any]
_MISSING = object()


def delta(base: Any, target: Any) -> Delta | None:
    """What turns `base` into `target` (None: nothing)."""
    if base is target:
        return None  # the same object (engine.view.views shares what audiences see alike)
    if type(base) is dict and type(target) is dict:
        return _dict_delta(base, target)
    if type(base) is list and type(target) is list and len(base) == len(target):
        items = {
            str(i): d
            for i, (a, b) in enumerate(zip(base, target, strict=True))
            if a is not b and (d := delta(a, b)) is not None
        }
        return {"l": items} if items else None
    if type(base) is type(target) and base == target:
        return None
    return {"r": target}


def _dict_delta(base: dict[str, Any], target: dict[str, Any]) -> Delta | None:
    changed: dict[str, Delta] = {}
    for key, value in target.items():
        old = base.get(key, _MISSING)
        if old is value:
            continue  # most keys hold the very object the public view holds: no call to compare them
        if old is _MISSING:
            changed[key] = {"r": value}
        elif (d := delta(old, value)) is not None:
            changed[key] = d
    removed = [key for key in base if key not in target]
    if not changed and not removed:
        return None
    out: Delta = {"d": changed}
    if removed:
        out["x"] = removed
    return out


def patched(base: Any, change: Delta | None) -> Any:
    """`base` with `change` applied (a new value; `base` is left as it was)."""
    if change is None:
        return base
    if "r" in change:
        return change["r"]
    if "l" in change:
        items = list(base)
        for index, item_change in change["l"].items():
            items[int(index)] = patched(items[int(index)], item_change)
        return items
    out = dict(base)
    for key, key_change in change.get("d", {}).items():
        out[key] = patched(out.get(key), key_change)
    for key in change.get("x", ()):
        out.pop(key, None)
    return out


def split(views: dict[str, Any], public_key: str = "public") -> tuple[Any, dict[str, Delta | None]]:
    """Per-audience views (`{"0": view, ..., "public": view}`, None = not told) as the public view and,
    for each seat whose view differs, its delta (None: the seat is not told)."""
    public = views.get(public_key)
    deltas: dict[str, Delta | None] = {}
    for key, view in views.items():
        if key == public_key:
            continue
        if view is None:
            if public is not None:
                deltas[key] = None
        elif public is None:
            deltas[key] = {"r": view}
        elif view is not public and (d := delta(public, view)) is not None:
            deltas[key] = d
    return public, deltas


def seat_view(public: Any, deltas: dict[str, Delta | None], seat: int | None) -> Any:
    """What `seat` (None: a spectator) is told: the public view, patched by the seat's delta if it has one."""
    if seat is None or str(seat) not in deltas:
        return public
    change = deltas[str(seat)]
    return None if change is None else patched(public, change)
