"""AppTest helpers for the clickable card table (a components-v2 element, which
AppTest lists as an unknown element): find it, read its HTML, click a card."""

from __future__ import annotations

import json
import re
from typing import Any

from streamlit.components.v2.bidi_component.main import _make_trigger_id
from streamlit.proto.WidgetStates_pb2 import WidgetState
from streamlit.testing.v1 import AppTest


def _walk(node: Any) -> Any:
    children = getattr(node, "children", None)
    if isinstance(children, dict):
        for child in children.values():
            yield child
            yield from _walk(child)


def tables(at: AppTest) -> dict[str, Any]:
    """Every card table on the page by its key: its proto (``id``, ``json`` data)."""
    found = {}
    for node in _walk(at._tree):  # noqa: SLF001 - AppTest has no accessor for components
        if type(node).__name__ == "UnknownElement" and node.type == "bidi_component":
            proto = node.proto
            found[proto.id.rsplit("-", 1)[-1]] = proto
    return found


def table_html(at: AppTest, key: str) -> str:
    return str(json.loads(tables(at)[key].json)["html"])


def pickable(at: AppTest, key: str) -> dict[int, str]:
    """The cards of a table one may click: id -> state (legal, free, illegal)."""
    html = table_html(at, key)
    return {int(m.group(2)): m.group(1) for m in
            re.finditer(r'class="bz-pick is-(\w+)[^"]*"[^>]*data-pick="(\d+)"', html)}


def pick(at: AppTest, key: str, card: int | str) -> AppTest:
    """Click a card on the table ``key``, as the browser component does, and rerun."""
    proto = tables(at)[key]
    states = at._tree.get_widget_states()  # noqa: SLF001
    state = WidgetState(id=_make_trigger_id(proto.id, "events"))
    state.json_trigger_value = json.dumps([{"event": "pick", "value": f"{card}|1"}])
    states.widgets.append(state)
    at._run(states)  # noqa: SLF001
    return at
