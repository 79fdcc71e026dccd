"""The clickable card table: one Streamlit custom component (components v2: inline
HTML, CSS and JavaScript, no iframe, no build step) that draws a table of card
pictures and sends back the card the learner clicks or picks with the keyboard.

The HTML comes from :mod:`app_pages.table` (pure functions); every element with a
``data-pick`` attribute is a control. Arrow keys move between them, Enter or Space
picks. A card marked ``aria-disabled`` still sends its click, so that the page can
answer an illegal attempt with the rule that forbids it.

    card_table(html, key="play_table", on_pick=callback)   # callback(card_id: str)
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

_JS = r"""
export default function (component) {
  const { data, parentElement, setTriggerValue } = component;
  let root = parentElement.querySelector(".bz-root");
  if (!root) {
    root = document.createElement("div");
    root.className = "bz-root";
    parentElement.appendChild(root);
  }
  root._send = setTriggerValue;
  const html = (data && data.html) || "";
  if (root._html !== html) {
    const focused = root.querySelector("[data-pick]:focus");
    const again = focused ? focused.getAttribute("data-pick") : null;
    root.innerHTML = html;
    root._html = html;
    if (again !== null) {
      const same = root.querySelector('[data-pick="' + again + '"]');
      if (same) same.focus();
    }
  }
  root._busy = 0;
  if (!root._wired) {
    root._wired = true;
    const picks = () => Array.from(root.querySelectorAll("[data-pick]"));
    const send = (el) => {
      const now = Date.now();
      // One card per click: a double click must not play the next card too. The lock
      // ends with the next render, or after a moment when nothing changes (a refusal
      // redraws the same table).
      if (!el || (root._busy && now - root._busy < 700)) return;
      root._busy = now;
      el.classList.add("is-sent");
      setTimeout(() => el.classList.remove("is-sent"), 700);
      root._send("pick", el.getAttribute("data-pick") + "|" + now);
    };
    root.addEventListener("click", (event) => {
      send(event.target.closest("[data-pick]"));
    });
    root.addEventListener("keydown", (event) => {
      const all = picks();
      const here = all.indexOf(event.target.closest("[data-pick]"));
      if (here < 0) return;
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        send(all[here]);
      } else if (["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"].includes(event.key)) {
        event.preventDefault();
        const step = (event.key === "ArrowRight" || event.key === "ArrowDown") ? 1 : -1;
        all[(here + step + all.length) % all.length].focus();
      }
    });
  }
}
"""

_CSS = """
.bz-root{width:100%}
.bz-root .is-sent{opacity:.6}
"""

_COMPONENT = st.components.v2.component("bezique_card_table", js=_JS, css=_CSS)


def picked(key: str) -> str | None:
    """The card id sent by the last click on the table ``key`` (in its callback)."""
    state = st.session_state.get(key)
    value = state.get("pick") if state is not None else None
    if not value:
        return None
    return str(value).split("|", 1)[0]


def card_table(html: str, *, key: str, on_pick: Callable[[str], None] | None = None) -> None:
    """Draw ``html`` (a table or a row with ``data-pick`` cards); a pick calls
    ``on_pick(card_id)`` before the rerun."""

    def _changed() -> None:
        card = picked(key)
        if card is not None and on_pick is not None:
            on_pick(card)

    _COMPONENT(key=key, data={"html": html}, on_pick_change=_changed)
