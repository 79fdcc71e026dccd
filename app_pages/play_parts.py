"""Callbacks and pieces of the Play page. Every engine call is wrapped: an illegal
attempt is stored as a refusal to show with its rule, never raised.

The game is saved in the progress store after every change (:func:`keep_saved`) and a
tab without a game picks up the learner's latest one (:func:`restored_session`), so a
server restart or another device finds it at the same move. A store that fails never
stops play: its (credential-free) message is shown and the game stays in this tab.
Two tabs of one learner never overwrite each other's moves: a save names the version
it continues, and a tab whose game was played on elsewhere takes that game up, saying
so (:func:`keep_saved`)."""

from __future__ import annotations

import json
import logging
import random
from collections.abc import Sequence
from typing import Any

import streamlit as st

from app_pages import bot_worker, store_text, ui
from app_pages.session import PlaySession, game_result, has_table_rules, seat_options
from app_pages.table import Pick
from engine.bots.coach import (
    bot_levels,
    default_level,
    has_playoff_verdicts,
    playoff_verdicts,
    verdicts_are_quick,
)
from engine.errors import BeziqueError, IllegalActionError
from engine.notation.actions import Action, ActionType
from engine.rules.melds import display_order
from engine.rules.profile import Profile, load_profile
from engine.rules.replay import actors
from engine.text.sentences import capital_first
from puzzles.identity import current_learner
from puzzles.store import GameMovedOn, ProgressStoreError, SavedGame, open_store

log = logging.getLogger("bezique.store")


def session() -> PlaySession:
    current = st.session_state.get("play")
    if current is None:
        current = restored_session() or new_session()
    return current  # type: ignore[no-any-return]


def restored_session() -> PlaySession | None:
    """The learner's latest saved game, looked for once per browser session (a game
    closed on purpose, by another variant picked at home, is not brought back); None
    when there is none or it cannot be read (the reason is shown)."""
    if st.session_state.get("play_restore_tried"):
        return None
    st.session_state["play_restore_tried"] = True
    try:
        with open_store() as db:
            saved = db.latest_game(current_learner())
    except ProgressStoreError as exc:
        store_trouble(exc)
        return None
    if saved is None:
        return None
    restored = resume(saved)
    if restored is not None:
        st.session_state["play_restored"] = True
    return restored


def resume(saved: SavedGame) -> PlaySession | None:
    """This tab's game from now on: ``saved``, at its move (None when it cannot be read;
    the reason is shown)."""
    try:
        restored = PlaySession.loads(saved.game, saved.level if saved.level in bot_levels()
                                     else None, seed=random.SystemRandom().randrange(2**31),
                                     defer=True)
    except BeziqueError as exc:   # a save this version of the rules cannot replay
        log.warning("saved game %s cannot be replayed: %s", saved.id, exc)
        st.session_state["play_store_msg"] = ("play.saved_unreadable", str(exc))
        return None
    restored.saved_as = saved.id
    restored.saved_version = saved.version
    st.session_state["play"] = restored
    st.session_state["variant"] = restored.deal.profile.name   # "new game" keeps it
    st.session_state["level"] = restored.level                 # and its computer level
    st.session_state["play_saved_mark"] = saved_mark(restored)
    for key in ("play_msg", "play_hint", "play_verdicts_at"):
        st.session_state[key] = None
    return restored


def saved_mark(s: PlaySession) -> tuple[object, ...]:
    """What changes with every action, undo or deal of a game, its computer level, and
    its save's id."""
    return (s.saved_as, len(s.game.finished_deals), len(s.deal.actions), s.undo_count,
            s.game.is_over, s.level)


def moves(s: PlaySession) -> int:
    """The game's actions over all its deals."""
    return sum(len(d.actions) for d in s.game.finished_deals) + len(s.deal.actions)


def keep_saved(s: PlaySession) -> PlaySession:
    """Save the game when it changed since its last save (once per action, in one
    store transaction). A failed save is shown and tried again at the next change.
    Returns the tab's game: another one when the learner's other tab played this one
    on meanwhile (this tab's last move is dropped, the game is taken up where the
    other left it, and the learner is told)."""
    if st.session_state.get("play_saved_mark") == saved_mark(s):
        return s
    st.session_state["play_saved_mark"] = saved_mark(s)
    try:
        with open_store() as db:
            try:
                game_id = db.save_game(current_learner(), s.dumps(), s.deal.profile.name,
                                       s.level, moves(s), s.game.is_over, s.saved_as,
                                       version=s.saved_version,
                                       result=json.dumps(game_result(s.game, s.human)))
            except GameMovedOn:
                newer = db.saved_game(current_learner(), s.saved_as or 0)
                taken = None if newer is None else resume(newer)
                if taken is not None:
                    st.session_state["play_store_msg"] = ("play.moved_on", "")
                    return taken
                raise
    except ProgressStoreError as exc:
        store_trouble(exc)
        return s
    s.saved_version = s.saved_version + 1 if game_id == s.saved_as else 0
    s.saved_as = game_id
    st.session_state["play_saved_mark"] = saved_mark(s)
    if (st.session_state.get("play_store_msg") or ("",))[0] == "play.store_error":
        st.session_state["play_store_msg"] = None   # saved again: the trouble is over
    return s


def store_trouble(exc: ProgressStoreError) -> None:
    """Show why the store failed (its text holds no credentials); play goes on."""
    log.warning("%s", exc)
    st.session_state["play_store_msg"] = ("play.store_error", store_text.error_text(exc))


LEVEL_SETTING = "play_level"   # the store's setting: the computer level the learner chose


def chosen_level() -> str:
    """The computer level of a new game: the learner's choice (made in this tab, else
    kept in the store from an earlier visit), else the default."""
    level = st.session_state.get("level")
    if level not in bot_levels():
        try:
            with open_store() as db:
                level = db.setting(current_learner(), LEVEL_SETTING, "")
        except ProgressStoreError as exc:
            store_trouble(exc)
        if level not in bot_levels():
            level = default_level()
        st.session_state["level"] = level
    return str(level)


def new_session(seed: int | None = None) -> PlaySession:
    level = chosen_level()
    variant = st.session_state.get("variant", "two-handed")
    if variant not in ui.variants():
        variant = "two-handed"
    if seed is None:
        seed = st.session_state.get("play_seed")   # fixed deals (tests, a shared seed)
    created = PlaySession.new(variant, seed=seed, level=level,
                              options=chosen_options(load_profile(variant)), defer=True)
    previous = st.session_state.get("play")
    if previous is not None and untouched(previous):
        # a game the learner left before acting is replaced in the store, not listed
        created.saved_as, created.saved_version = previous.saved_as, previous.saved_version
    st.session_state["play"] = created
    st.session_state["play_saved_mark"] = None
    st.session_state["play_msg"] = None
    st.session_state["play_hint"] = None
    st.session_state["play_verdicts_at"] = None
    return created


def untouched(s: PlaySession) -> bool:
    """Whether the learner has not acted in this game yet (the bots may have)."""
    return not s.game.finished_deals and s.human not in actors(s.deal)


def option_key(option_id: str) -> str:
    return f"play_opt_{option_id}"


def chosen_options(profile: Profile) -> list[tuple[str, str]]:
    """The named options picked on the page for a new game of this variant: who
    plays (:func:`seat_options`) and the table-rules toggle (``infractions``)."""
    chosen = []
    for option in seat_options(profile):
        picked = st.session_state.get(option_key(option.id))
        if picked in {c.name for c in option.choices}:
            chosen.append((option.id, str(picked)))
    if has_table_rules(profile) and st.session_state.get("play_table_rules"):
        chosen.append(("infractions", "penalise"))
    return chosen


def _run(fn: Any, *args: Any) -> None:
    st.session_state["play_msg"] = None
    st.session_state["play_hint"] = None
    try:
        fn(*args)
    except IllegalActionError as exc:
        # The error itself is kept so that the reason follows a later language switch.
        st.session_state["play_msg"] = {"error": exc, "rule_id": exc.rule_id}
    except BeziqueError as exc:
        st.session_state["play_msg"] = {"reason": str(exc), "rule_id": ""}


# --- callbacks --------------------------------------------------------------------

def refusal_text(message: dict[str, Any]) -> str:
    """The stored refusal in the current language."""
    error = message.get("error")
    if isinstance(error, IllegalActionError):
        return refusal_reason(error, session())
    return str(message.get("reason", ""))


def refusal_reason(error: IllegalActionError, s: PlaySession) -> str:
    """An engine refusal in the UI language, any player named as the table names them."""
    if not error.steps:
        return error.explain(ui.lang())
    return "; ".join(ui.steps_text(error.steps, s.human, s.deal.profile.players))


def on_card(card: int) -> None:
    _run(session().play_card, card)


def on_action(text: str) -> None:
    _run(session().act_text, text)


def on_hint() -> None:
    """Ask for a hint: worked out by a bot worker, shown when it is in
    (:func:`app_pages.bot_worker.take_hint`)."""
    s = session()
    st.session_state["play_msg"] = None
    st.session_state["play_hint"] = None
    bot_worker.ask_hint(s, table_token(s), ui.lang())


def on_undo() -> None:
    _run(session().undo)


def on_autoplay(count_key: str) -> None:
    count = int(st.session_state.get(count_key) or 1)
    _run(session().autoplay, count)


def on_to_end() -> None:
    _run(session().autoplay_to_end)


def on_next_deal() -> None:
    _run(session().next_deal)


def on_level() -> None:
    """The level chosen plays the game on the table from now on, and the learner's next
    games, in this tab and later ones (a store that fails keeps it for this tab)."""
    level = st.session_state["play_level"]
    st.session_state["level"] = level
    session().set_level(level)
    try:
        with open_store() as db:
            db.set_setting(current_learner(), LEVEL_SETTING, level)
    except ProgressStoreError as exc:
        store_trouble(exc)


def on_variant() -> None:
    st.session_state["variant"] = st.session_state["play_variant"]
    new_session()


def on_verdicts() -> None:
    """Ask for the solver's verdicts on this position (long play-offs only)."""
    st.session_state["play_verdicts_at"] = len(session().deal.actions)


def on_new_game() -> None:
    new_session()


# --- pieces ---------------------------------------------------------------------

def name(s: PlaySession, player: int | None) -> str:
    return ui.player_name(player, s.human, s.deal.profile.players)


def status(s: PlaySession) -> str:
    deal = s.deal
    if s.game.is_over:
        return ui.t("play.status_game_over")
    if deal.is_over:
        return ui.t("play.status_deal_over")
    thinking = s.machine_seat()
    if thinking is not None:   # its move is being worked out (app_pages.bot_worker)
        return (ui.t("play.status_autoplay") if thinking == s.human
                else ui.t("play.status_thinking", name=name(s, thinking)))
    if deal.phase == "declare":
        if deal.leader != s.human:
            return ui.t("play.status_declare_partner")
        if deal.profile.declaring.partner_declares and deal.scored_this_turn == 0:
            return ui.t("play.status_declare_mate")
        if s.draws_by_itself() is not None:   # nothing to declare (Fildinski: never)
            return ui.t("play.status_draw")
        return ui.t("play.status_declare" if deal.profile.tricks_kept
                    else "play.status_declare_cover")
    if deal.phase == "follow":
        key = "play.status_follow_playoff_by" if deal.in_playoff else "play.status_follow_by"
        return ui.t(key, name=name(s, deal.leader), card=ui.card_text(deal.trick[0]))
    return ui.t("play.status_lead_playoff" if deal.in_playoff else "play.status_lead")


def sides(s: PlaySession) -> list[list[int]]:
    """The human's side first: [you] and [opponent], or [you, partner] and the opponents."""
    profile = s.deal.profile
    mine = profile.team(s.human)
    return [[p for p in range(profile.players) if profile.team(p) == team]
            for team in (mine, *(t for t in range(profile.sides) if t != mine))]


def deal_done(s: PlaySession) -> str:
    """The end-of-deal line: every side's score of the deal, the human's first."""
    deal = s.deal
    if deal.profile.partnerships:
        you, them = (sum(deal.scores[p] for p in group) for group in sides(s))
        return ui.t("play.deal_done_team", you=you, them=them)
    scores = ", ".join(ui.t("play.side_score", name=name(s, p), points=deal.scores[p])
                       for group in sides(s) for p in group)
    return ui.t("play.deal_done", scores=scores)


def game_score(s: PlaySession) -> list[int] | None:
    """Each side's game score (human's side first) once a single-deal game is settled."""
    scores = s.game.game_scores
    if scores is None:
        return None
    profile = s.deal.profile
    return [scores[profile.team(side[0])] for side in sides(s)]


def score_table(s: PlaySession, names: Sequence[str] | None = None) -> str:
    """The score sheet as a Markdown table: this deal, the game, tricks and brisques
    (card points where the cards have values), one column per side (four-handed: you
    & partner, the opponents). ``names``: the players' names by seat (the Game log's
    sample deal) instead of You and Computer."""
    deal, game = s.deal, s.game
    groups = sides(s)
    n = deal.profile.players
    heads = head_names(s, names)

    def row(label: str, values: list[object]) -> str:
        return f"| {label} | " + " | ".join(str(v) for v in values) + " |"

    def total(values: list[int]) -> list[int]:
        return [sum(values[p] for p in group) for group in groups]

    values = deal.profile.card_points
    if values.any:   # 004's card-point game counts every card's value, not brisques
        taken_label = ui.t("score.card_points")
        taken = total([sum(values.of_rank(c % 8) for c in deal.won[p]) for p in range(n)])
    else:
        taken_label = ui.t("score.brisques")
        taken = total([sum(1 for c in deal.won[p] if c % 8 >= 6) for p in range(n)])
    tricks = total([len(deal.won[p]) // n for p in range(n)])
    single = deal.profile.scoring.end == "single_deal"
    settled = game_score(s)
    if single:
        game_row = [f"**{v}**" for v in settled] if settled else ["—"] * len(groups)
    else:
        game_row = [f"**{v}**" for v in total(game.totals)]
    return "\n".join([
        "| | " + " | ".join(heads) + " |",
        "|---|" + "---:|" * len(heads),
        row(ui.t("score.deal", number=len(game.finished_deals) + 1), total(deal.scores)),
        row(ui.t("score.game"), game_row),
    ] + ([  # a game that keeps no tricks (004's 18-card game) has neither row
        row(ui.t("score.tricks"), tricks),
        row(taken_label, taken),
    ] if deal.profile.tricks_kept else []))


def score_line(s: PlaySession) -> str:
    """This deal's score in one line, above the table."""
    groups = sides(s)
    scores = [sum(s.deal.scores[p] for p in group) for group in groups]
    return " · ".join(f"{head} {score}" for head, score in zip(head_names(s), scores,
                                                                 strict=False))


def score_notes(s: PlaySession) -> list[str]:
    deal = s.deal
    rules = deal.profile.settlement
    if deal.profile.scoring.end == "single_deal" and rules is not None:
        notes = [ui.t("score.single_deal", rounding=rules.rounding, rubicon=rules.rubicon)]
    elif deal.profile.scoring.target:
        notes = [ui.t("score.target", target=deal.profile.scoring.target)]
    else:
        notes = [ui.t("score.one_deal")]
    notes.append(ui.t("score.dealer", name=name(s, deal.dealer)))
    seen: set[int] = set()
    for player in range(deal.profile.players):
        history = deal.history[player]
        if history and id(history) not in seen:   # partners share one history
            seen.add(id(history))
            items = ", ".join(f"{ui.meld(m.kind)} ({deal.profile.meld(m.kind).points})"
                              for m in history)
            who = (ui.t("table.team_you") if deal.profile.team(player) ==
                   deal.profile.team(s.human) else ui.t("table.team_them")
                   ) if deal.partner(player) is not None else name(s, player)
            notes.append(ui.t("score.declared", name=who, melds=items))
    return notes


def hand_cards(s: PlaySession) -> list[int]:
    """The human's cards: concealed first, then exposed, each in display order."""
    deal = s.deal
    return (sorted(deal.hands[s.human], key=display_order)
            + sorted(deal.tables[s.human], key=display_order))


def card_clickable(s: PlaySession) -> bool:
    """Cards may be clicked when the human must play (all of them, to teach the
    play-off rules: an illegal one is answered with the rule)."""
    return s.human_to_move and s.deal.phase in ("lead", "follow")


def blanche_action(s: PlaySession) -> Action | None:
    """The carte blanche claim, when the human may make it now (before the first card,
    leading or following)."""
    return next((a for a in s.legal() if a.type.value == ActionType.CARTE_BLANCHE.value), None)


def declare_actions(s: PlaySession) -> list[Action]:
    if not s.human_to_move or s.deal.phase != "declare":
        return []
    order = [ActionType.DECLARE, ActionType.SCORE_PENDING, ActionType.ANNOUNCE,
             ActionType.SHOW_SEVEN, ActionType.EXCHANGE_SEVEN, ActionType.PARTNER,
             ActionType.DRAW]
    names = [kind.value for kind in order]  # by value: survives a reload of the actions module
    return sorted(s.legal(), key=lambda a: (names.index(a.type.value), str(a)))


def verdicts(s: PlaySession) -> tuple[dict[int, Any] | None, bool]:
    """The solver's verdicts on the human's cards, and whether to offer a button for
    them (play-offs too long to solve on every redraw)."""
    deal = s.deal
    if not card_clickable(s) or not deal.in_playoff or not has_playoff_verdicts(deal):
        return None, False
    if verdicts_are_quick(deal) or st.session_state.get("play_verdicts_at") == len(
            deal.actions):
        return playoff_verdicts(deal), False
    return None, True


def settlement_lines(s: PlaySession) -> list[str]:
    """The settlement's steps (rounding, rubicon, bonus) in the UI language."""
    result = s.settlement
    if result is None:
        return []
    # numbered lines of their own: each with a capital
    return [capital_first(line) for line in
            ui.steps_text(result.steps, s.human, s.deal.profile.players)]


def settlement_headline(s: PlaySession) -> str:
    result = s.settlement
    if result is None:
        return ""
    if result.player is None:
        return ui.t("play.game_drawn")
    mine = s.deal.profile.team(s.human)
    return ui.t("play.game_won" if result.player == mine else "play.game_lost")


# --- the hand as picks on the table -----------------------------------------------

def why_not(s: PlaySession, card: int) -> str:
    """Why the human may not play ``card`` now, in the UI language (the engine's own
    refusal: the rule, never recomputed here)."""
    error = s.deal.why_illegal(Action.play(card))
    return ui.notation(refusal_reason(error, s))


def picks(s: PlaySession, verdicts: dict[int, Any] | None, hinted: int | None) -> list[Pick]:
    """Each card of the human's hand as a control: legal ones marked when the play-off
    restricts the choice, the others dimmed with the reason on hover."""
    deal = s.deal
    cards = hand_cards(s)
    clickable = card_clickable(s)
    legal = {a.card for a in s.legal() if a.type.value == "play"}
    restricted = clickable and len(legal) < len(cards)
    out = []
    for card in cards:
        if not clickable:
            state, why = "off", ""
        elif card in legal:
            state, why = ("legal" if restricted else "free"), ""
        else:
            state, why = "illegal", why_not(s, card)
        note = ""
        if verdicts and card in verdicts:
            verdict = verdicts[card]
            note = ui.t("solver.best") if verdict.loss == 0 else ui.t(
                f"solver.loses_{verdict.kind}", points=verdict.points)
            if verdict.refutation:
                note += " · " + ui.t("solver.refuted",
                                     card=ui.notation(str(verdict.refutation)))
        out.append(Pick(card, state, why, note, card == hinted, card in deal.tables[s.human]))
    return out


# --- the score sheet explained ------------------------------------------------------

CATEGORIES = {"declare": "melds", "dix": "sevens", "exchange": "sevens",
              "brisques": "brisque_points", "last_trick": "last_trick"}


def breakdown(s: PlaySession) -> list[tuple[str, list[int]]]:
    """This deal's points per side by where they come from (declarations, sevens of
    trumps, aces and tens, the last trick, anything else), read from the events."""
    deal = s.deal
    groups = sides(s)
    seat_side = {p: i for i, group in enumerate(groups) for p in group}
    rows: dict[str, list[int]] = {key: [0] * len(groups) for key in
                                  ("melds", "sevens", "brisque_points", "last_trick", "other")}
    for event in deal.events:
        if event.points and event.player is not None and event.player in seat_side:
            rows[CATEGORIES.get(event.type, "other")][seat_side[event.player]] += event.points
    return [(key, values) for key, values in rows.items() if key != "other" or any(values)]


def breakdown_table(s: PlaySession, names: Sequence[str] | None = None) -> str:
    rows = breakdown(s)
    heads = head_names(s, names)
    lines = ["| | " + " | ".join(heads) + " |", "|---|" + "---:|" * len(heads)]
    for key, values in rows:
        lines.append(f"| {ui.t('score.' + key)} | " + " | ".join(str(v) for v in values) + " |")
    totals = [sum(values[i] for _key, values in rows) for i in range(len(heads))]
    lines.append(f"| **{ui.t('score.total')}** | " + " | ".join(f"**{v}**" for v in totals)
                 + " |")
    return "\n".join(lines)


def head_names(s: PlaySession, names: Sequence[str] | None = None) -> list[str]:
    if s.deal.profile.players == 4:
        return [ui.t("table.team_you"), ui.t("table.team_them")]
    if names is not None:
        return [names[group[0]] for group in sides(s)]
    return [name(s, group[0]) for group in sides(s)]


def round_label(s: PlaySession, number: int) -> str:
    """"Trick 3", or "Round 3" in a game that keeps no tricks (004's 18-card game)."""
    key = "play.review_trick" if s.deal.profile.tricks_kept else "play.review_round"
    return ui.t(key, number=number)


def review(s: PlaySession) -> list[tuple[str, list[Any]]]:
    """Every scoring event of the deal, grouped by its trick: declarations and sevens
    shown after a win belong to the trick just won, a seven scored as it is played (or
    as it wins) to the trick it is played in; the end of the deal last."""
    groups: dict[int, list[Any]] = {}
    end: list[Any] = []
    tricks = 0
    playing = False   # a card of the next trick is on the table
    ended = False
    # The deal's end: after its final trick, the last trick's bonus and the brisques
    # counted (000 scores each trick's brisques with the trick: those stay with it).
    closing = ("last_trick", "deal_end") if s.deal.profile.declaring.source == "captured" \
        else ("last_trick", "brisques", "deal_end")
    for event in s.deal.events:
        if event.type == "play":
            playing = True
        elif event.type == "trick":
            tricks, playing = tricks + 1, False
        elif event.type in closing and tricks == s.deal.tricks_played:
            ended = True
        if not event.points:
            continue
        if ended:
            end.append(event)
        else:
            groups.setdefault(tricks + 1 if playing else tricks, []).append(event)
    out = [(round_label(s, number), events) for number, events in sorted(groups.items())]
    return out + ([(ui.t("play.review_end"), end)] if end else [])


@st.cache_data(max_entries=64)
def meld_values(variant: str, lang: str) -> str:
    """The variant's combinations and their points, as a Markdown table (kept: it
    changes with the variant and the language only)."""
    from engine.text.explain import meld_name

    prof = ui.profile(variant)
    rows = [f"| {meld_name(m.kind, lang)} | {m.points} |" for m in prof.melds]
    head = (f"| {ui.translate(lang, 'score.meld_col')} | "
            f"{ui.translate(lang, 'score.points_col')} |\n|---|---:|")
    return "\n".join([head, *rows])


def table_token(s: PlaySession) -> str:
    """What the hand on the table was drawn from: this game at this move (a click made
    on an earlier drawing of the table is dropped, :func:`app_pages.card_table.card_table`)."""
    return "-".join(str(part) for part in (s.seed, id(s.game), len(s.game.finished_deals),
                                            len(s.deal.actions), s.undo_count))


def on_pick(card: str) -> None:
    """The table component's callback: the learner clicked a card of the hand."""
    try:
        number = int(card)
    except ValueError:
        return
    on_card(number)


def deal_log(s: PlaySession) -> str:
    """Every action of the deal as Markdown, one numbered block per trick."""
    lines: list[str] = []
    trick = 1
    head = True
    for turn in s.turns:
        if head:
            lines.append(f"\n**{round_label(s, trick)}**\n")
            head = False
        lines.append(f"- {name(s, turn.player)}: {ui.describe_action(turn.action, s.deal.profile)}")
        if any(event.type == "trick" for event in turn.events):
            trick += 1
            head = True
    return "\n".join(lines)


def split_note(s: PlaySession) -> str:
    """000, four-handed: whom the learner plays in the split last tricks, and whom
    the partner plays at the same time."""
    deal = s.deal
    players = deal.profile.players
    mine = next(d for d in deal.duels if s.human in d)
    theirs = next(d for d in deal.duels if s.human not in d)
    opponent = mine[1] if mine[0] == s.human else mine[0]
    other = next(p for p in theirs if deal.partner(s.human) != p)
    return ui.t("play.split_note", count=deal.profile.hand_size,
                opponent=ui.player_name(opponent, s.human, players),
                other=ui.player_name(other, s.human, players))
