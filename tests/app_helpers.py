"""AppTest helpers for the clickable card table (a components-v2 element, which
AppTest lists as an unknown element): find it, read its HTML, click a card."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from streamlit.components.v2.bidi_component.main import _make_trigger_id
from streamlit.proto.WidgetStates_pb2 import WidgetState
from streamlit.testing.v1 import AppTest

from app_pages.session import PlaySession
from app_pages.ui import PAGE_SCRIPTS

APP = str(Path(__file__).resolve().parents[1] / "app.py")


def run_page(page: str, lang: str = "en", *, query: dict[str, str] | None = None,
             **state: object) -> AppTest:
    """Open ``page`` (``home``, ``play``, ...) in ``lang`` with ``state`` set (and the
    URL's ``query`` parameters, e.g. ``{"lesson": "cards"}``), once, and check that it
    raised nothing."""
    at = AppTest.from_file(APP, default_timeout=60)
    at.session_state["lang"] = lang
    for key, value in (query or {}).items():
        at.query_params[key] = value
    for key, value in state.items():
        at.session_state[key] = value
    if page in PAGE_SCRIPTS.values():   # its URL name differs from the file's: AppTest
        at.run()                         # finds it by path only once the pages are known
    if page != "home":
        at.switch_page(f"app_pages/{page}.py")
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def playoff_follow_session(variant: str = "two-handed", **kwargs: Any) -> PlaySession:
    """A session where the human must follow in the last tricks with some cards barred."""
    for seed in range(200):
        s = PlaySession.new(variant, seed=seed, **kwargs)
        while not s.deal.is_over:
            d = s.deal
            if (s.human_to_move and d.in_playoff and d.phase == "follow"
                    and len(s.legal()) < len(d.holding(s.human))):
                return s
            s.autoplay(1)
    raise AssertionError("no play-off position found")


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


def table_token(at: AppTest, key: str) -> str:
    """The token the table ``key`` was drawn with ("" when it has none)."""
    return str(json.loads(tables(at)[key].json).get("token") or "")


def pickable(at: AppTest, key: str) -> dict[int, str]:
    """The cards of a table one may click: id -> state (legal, free, illegal)."""
    html = table_html(at, key)
    return {int(m.group(2)): m.group(1) for m in
            re.finditer(r'class="bz-pick is-(\w+)[^"]*"[^>]*data-pick="(\d+)"', html)}


def pick(at: AppTest, key: str, card: int | str, token: str | None = None) -> AppTest:
    """Click a card on the table ``key``, as the browser component does (with the token
    of the table drawn, or ``token``: a click made on an earlier drawing), and rerun."""
    proto = tables(at)[key]
    if token is None:
        token = table_token(at, key)
    states = at._tree.get_widget_states()  # noqa: SLF001
    state = WidgetState(id=_make_trigger_id(proto.id, "events"))
    state.json_trigger_value = json.dumps([{"event": "pick", "value": f"{card}|{token}|1"}])
    states.widgets.append(state)
    at._run(states)  # noqa: SLF001
    return at


def act_by_hand(at: AppTest) -> None:
    """One action on the Play page by hand: the first playable card, else draw."""
    cards = [c for c, state in pickable(at, "play_table").items() if state != "illegal"]
    if cards:
        pick(at, "play_table", cards[0])
    else:
        at.button(key="act_draw").click().run()
    assert not at.exception, [e.value for e in at.exception]


def in_fragments(at: AppTest, action: Any) -> AppTest:
    """Run ``action`` (a click and its rerun) as the browser does inside a fragment:
    only the page's fragments rerun, and what the page drew outside them is not redrawn
    (AppTest itself always reruns the whole script)."""
    from unittest.mock import patch

    from streamlit.runtime.scriptrunner_utils.script_requests import RerunData

    ids = list(at._fragment_storage._fragments)  # noqa: SLF001 - no public accessor
    plain_init = RerunData.__init__

    def init(self: RerunData, *args: Any, **kwargs: Any) -> None:
        plain_init(self, *args, **kwargs)
        if self.widget_states is not None:
            object.__setattr__(self, "fragment_id_queue", ids)   # a frozen dataclass

    with patch.object(RerunData, "__init__", init):
        action()
    return at

