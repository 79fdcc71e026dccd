"""The clickable card table: one Streamlit custom component (components v2: inline
HTML, CSS and JavaScript, no iframe, no build step) that draws a table of card
pictures and sends back the card the learner clicks or picks with the keyboard.

The HTML comes from :mod:`app_pages.table` (pure functions); every element with a
``data-pick`` attribute is a control. Arrow keys move between them, Enter or Space
picks. A card marked ``aria-disabled`` still sends its click, so that the page can
answer an illegal attempt with the rule that forbids it. Clicks faster than the page
answers are queued in the browser and sent one by one, each after the run answering
the one before (shown dimmed meanwhile); the second click of a double click is ignored.

A table whose cards change with each pick (the Play page's hand) passes a ``token`` that
names the state drawn: a click carries the token of the table it was made on, and a
click made on a table drawn before the last change is dropped quietly, in the browser
and again on the server (a second click on a card already sent would otherwise reach
the page after the card had left the hand, and be refused).

    card_table(html, key="play_table", on_pick=callback, token=state)   # callback(card_id)
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
    root._queue = [];
    root._waiting = null;
    root._count = 0;
  }
  root._send = setTriggerValue;
  root._token = (data && data.token) || "";
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
  // A pick is sent only when the script run answering the one before has arrived:
  // two triggers sent during one run would reach the page as one, dropping a click.
  // Clicks made meanwhile wait here, in order; one made on a table drawn before the
  // last change (another token) is stale, and dropped.
  const next = () => {
    clearTimeout(root._timer);
    root._waiting = null;
    let item = root._queue.shift();
    while (item !== undefined && item.token !== root._token) item = root._queue.shift();
    if (item !== undefined) {
      root._count += 1;
      root._waiting = item.card + "|" + item.token + "|" + Date.now() + "-" + root._count;
      root._send("pick", root._waiting);
      // never stuck: a run that ends before drawing the table sends no answer
      root._timer = setTimeout(next, 10000);
    }
    root.classList.toggle("is-waiting", root._waiting !== null);
    root.querySelectorAll("[data-pick]").forEach((el) => {
      const card = el.getAttribute("data-pick");
      el.classList.toggle("is-queued", root._queue.some((q) => q.card === card));
    });
  };
  if (root._waiting !== null && data && data.answered === root._waiting) next();
  if (!root._wired) {
    root._wired = true;
    const picks = () => Array.from(root.querySelectorAll("[data-pick]"));
    const send = (el) => {
      if (!el) return;
      el.classList.add("is-sent");
      setTimeout(() => el.classList.remove("is-sent"), 700);
      root._queue.push({ card: el.getAttribute("data-pick"), token: root._token });
      if (root._waiting === null) next();
      else el.classList.add("is-queued");
    };
    root.addEventListener("click", (event) => {
      // The second click of a double click is not a second pick: on Play it would land
      // on the card that took the first one's place.
      if (event.detail > 1) return;
      send(event.target.closest("[data-pick]"));
    });
    root.addEventListener("keydown", (event) => {
      const all = picks();
      const here = all.indexOf(event.target.closest("[data-pick]"));
      if (here < 0) return;
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        if (!event.repeat) send(all[here]);
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
.bz-root.is-waiting [data-pick]{cursor:progress}
.bz-root .is-sent,.bz-root .is-queued{opacity:.6}
"""

_COMPONENT = st.components.v2.component("bezique_card_table", js=_JS, css=_CSS)


def _sent(key: str) -> tuple[str, str] | None:
    """The card id and the table's token sent by the last click on the table ``key``
    (``card|token|count``), or None."""
    state = st.session_state.get(key)
    value = state.get("pick") if state is not None else None
    if not value:
        return None
    card, _, rest = str(value).partition("|")
    return card, rest.partition("|")[0]


def card_table(html: str, *, key: str, on_pick: Callable[[str], None] | None = None,
               token: str = "") -> None:
    """Draw ``html`` (a table or a row with ``data-pick`` cards); a pick calls
    ``on_pick(card_id)`` before the rerun. The table is told which pick this run
    answers, so that it sends the next click waiting, if any. ``token`` names what is
    drawn: a pick made on a table drawn with another token is dropped."""
    answered, shown = f"{key}__answered", f"{key}__token"

    def _changed() -> None:
        st.session_state[answered] = st.session_state[key].get("pick")
        sent = _sent(key)
        if sent is None or on_pick is None or sent[1] != st.session_state.get(shown, ""):
            return   # a click on a table drawn before the last change: stale
        on_pick(sent[0])

    st.session_state[shown] = token
    _COMPONENT(key=key, data={"html": html, "answered": st.session_state.get(answered),
                              "token": token},
               on_pick_change=_changed)
