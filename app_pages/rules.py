"""Rules: the curriculum (every lesson of the ``lessons`` package in order, grouped, with
the learner's progress), the open lesson with its interactive checks, a glossary and
where the sources disagree. ``?lesson=ID&rule=RULE`` opens a lesson at the paragraph
of a rule (the Play page links every explanation step here);
``?lesson=disagreements&differ=ROW`` opens the comparison at one row, as the
"Sources differ ▸" chips under the lessons' paragraphs do."""

from contextlib import ExitStack

import streamlit as st

from app_pages import path_parts, ui
from app_pages import rules_parts as parts
from puzzles import path
from puzzles.identity import current_name

st.title(ui.t("rules.title"))
lang = parts.lessons_lang(ui.lang())
every = list(ui.lesson_list(lang))
if not every:
    st.info(ui.t("rules.none"))
    st.stop()
if lang != ui.lang():
    st.caption(ui.t("rules.fallback_en"))
known = {lesson.id: lesson for lesson in every}

bad_link = parts.take_query_params(list(known))
if bad_link is not None:
    st.warning(ui.t("rules.unknown_lesson", lesson=parts.safe(bad_link)))

stored = parts.load_progress()           # None: the progress file cannot be used
store_msg = st.session_state.pop("rules_store_msg", None)
if store_msg and stored is not None:
    st.warning(store_msg)
progress = stored or {}

options = parts.filter_options()
if st.session_state.get("rules_variant") not in options:
    chosen = st.session_state.get("variant")
    st.session_state["rules_variant"] = chosen if chosen in options else parts.ALL
# The learner's path runs through the game under the filter, else the one chosen on Home.
game = parts.path_variant(st.session_state["rules_variant"], path_parts.variant())
on_path = path.PathProgress(lessons=progress)
upcoming = path.lesson_after(game, None, on_path, lang)   # the first lesson not complete
if st.session_state.get("rules_lesson") not in known and upcoming is not None:
    parts.open_lesson(upcoming.id, [les.id for les in parts.lessons_of(
        lang, st.session_state["rules_variant"])])

ui.keep_label("rules_variant", "rules_lesson")   # labels follow a language switch
left, right = st.columns([2, 5], gap="medium")
# Lesson titles wrap in the curriculum instead of being cut at 1024 px (D11).
st.html("<style>[class*='st-key-rules_go_'] button *, .st-key-rules_next button *"
        "{white-space:normal !important;overflow:visible !important;"
        "text-overflow:clip !important;text-align:left}"
        "[class*='st-key-rules_go_'] button,.st-key-rules_next button{height:auto}"
        # the "Sources differ" chips: small and close under their paragraph
        "[class*='st-key-rules_chips_']{margin-top:-0.75rem}"
        "a[id^='differ-']{scroll-margin-top:5rem}"   # the contents' links: below the top bar
        "[class*='st-key-rules_index_'] button p{text-decoration:underline dotted}"
        "[class*='st-key-rules_differ_'] button p{font-size:0.85rem}</style>")

# --- the curriculum ------------------------------------------------------------------

with left:
    names = {option: parts.filter_label(option) for option in options}
    variant = st.selectbox(ui.t("rules.filter"), options, key="rules_variant",
                           format_func=names.__getitem__)
    shown = parts.lessons_of(lang, variant)
    if not shown:
        st.caption(ui.t("rules.filter_empty"))
        shown = every
    ids = [lesson.id for lesson in shown]
    standings = {lesson.id: parts.standing(lesson, progress) for lesson in every}
    # The path's lessons, counted as Home counts them ("lesson 1 of 13"); the list may
    # hold more pages (other games', reference pages), and says so.
    on_path_ids = [lesson.id for lesson in path.path_lessons(game, lang)]
    done = sum(i in standings and standings[i].complete for i in on_path_ids)
    st.progress(done / max(1, len(on_path_ids)),
                text=ui.t("rules.progress", done=done, total=len(on_path_ids),
                          game=ui.variant_title(game)))
    if len(ids) != len(on_path_ids):
        st.caption(ui.t("rules.listed", count=len(ids)))
    st.caption(ui.t("rules.learner", name=current_name()) if stored is not None
               else ui.t("rules.not_saved"))
    opened = st.session_state.get("rules_lesson")
    if opened not in ids:   # the lesson the right-hand side is about to open
        opened = ids[0]
    # "Next lesson" goes forward along the path, never back to an earlier page (review 2,
    # defect 1); reference pages are never "next".
    after = path.lesson_after(game, opened, on_path, lang)
    if after is not None:
        st.button(ui.t("rules.next_button"), key="rules_next", type="primary",
                  on_click=parts.open_lesson, args=(after.id, ids), icon=":material/east:",
                  width="stretch")
        st.caption(after.title)
    else:   # the path's lessons end here: its next step is a drill, a puzzle or a hand
        if upcoming is None:
            st.success(ui.t("rules.all_done"))
            st.caption(ui.t("rules.path_end"))
        path_parts.continue_button(path.next_step(game, path_parts.progress(game), lang),
                                   key="rules_continue", primary=False)
    open_standing = standings[opened]
    on_the_path = not any(lesson.reference for lesson in every if lesson.id == opened)
    if open_standing.total and not open_standing.complete and on_the_path:
        # Say what completes the open lesson, and lead there; going on stays allowed
        # (a reference page, off the path, never asks).
        st.warning(ui.t("rules.checks_first", total=open_standing.total,
                        passed=open_standing.passed), icon=":material/checklist:")
        st.button(ui.t("rules.to_checks"), key="rules_to_checks", on_click=parts.ask_scroll,
                  args=("rules_first_check",), icon=":material/south:")
    for group in parts.GROUPS:
        members = [lesson for lesson in shown if parts.group_of(lesson) == group]
        if not members:
            continue
        st.markdown(f"**{ui.t(f'rules.group_{group}')}**")
        for lesson in members:
            mine = standings[lesson.id]
            label = f"{mine.mark} {lesson.title}"
            if mine.total and not mine.complete:
                label += f" · {mine.passed}/{mine.total}"
            waiting = parts.missing(lesson, progress, known)
            hint = ui.t("rules.before", lessons=", ".join(w.title for w in waiting)) \
                if waiting else (lesson.summary or None)
            st.button(label, key=ui.widget_key("rules_go", lesson.id), type="tertiary",
                      help=hint, on_click=parts.open_lesson, args=(lesson.id, ids))

# --- the open lesson -------------------------------------------------------------------

with right:
    if st.session_state.get("rules_lesson") not in ids:
        st.session_state["rules_lesson"] = opened
    lesson_id = st.selectbox(
        ui.t("rules.pick"), ids, key="rules_lesson",
        format_func=lambda i: known[i].title)   # no progress mark: a label that changes
    # after a right answer would make the browser send a stale value (D1)
    lesson = known[lesson_id]
    mine = standings[lesson.id]

    waiting = parts.missing(lesson, progress, known)
    if waiting:
        st.caption(ui.t("rules.before", lessons=", ".join(w.title for w in waiting)))

    rule = parts.linked_rule(lesson.id)
    paragraph = parts.paragraph_for(lesson, rule)
    if paragraph is not None:
        with st.container(border=True):
            st.markdown(ui.t("rules.rule_here"), help=rule)
            for kind, piece in parts.text_and_chips(paragraph.markdown):
                if kind == "differ":
                    parts.show_chips(piece, f"{lesson.id}_linked", ids)
                else:
                    st.markdown(parts.lesson_links(piece), unsafe_allow_html=True)
    elif rule:
        st.caption(ui.t("rules.rule_elsewhere"), help=parts.safe(rule))

    passed = progress[lesson.id].checks_passed if lesson.id in progress else frozenset()
    # The lesson in its own order: each example and check where the text puts it (D12).
    if lesson.checks:
        st.caption(ui.t("rules.checks_count", passed=mine.passed, total=mine.total))
    odd_row = parts.unknown_row(lesson)
    if odd_row is not None:
        st.warning(ui.t("rules.differ_unknown"), icon=":material/link_off:")
    linked = parts.linked_row(lesson.id)
    drawn: list[str] = []     # the comparison's rows on this page
    first_check = True
    folds = ExitStack()       # the fold the pieces are drawn into, while one is open
    for place, (kind, piece) in enumerate(parts.pieces(lesson)):
        if kind == "fold":
            folds.enter_context(st.expander(piece, key=ui.widget_key(
                "rules_fold", f"{lesson.id}_{place}")))
        elif kind == "fold_end":
            folds.close()
        elif kind == "example":
            parts.show_example(piece)
        elif kind == "check":
            # the first check is where "Go to the checks" scrolls
            with st.container(key="rules_first_check" if first_check else None):
                parts.show_check(lesson, piece, passed)
            first_check = False
        elif kind == "differ":
            parts.show_chips(piece, f"{lesson.id}_{place}", ids)
        elif kind == "differ_row":
            parts.show_row(piece, piece.id == linked)
            drawn.append(piece.id)
        else:
            st.markdown(piece, unsafe_allow_html=True)
    folds.close()
    parts.scroll_to_row(drawn)
    parts.scroll_if_asked("rules_first_check")
    if lesson.sources:
        st.caption(ui.t("rules.sources", sources=", ".join(lesson.sources)))
    if mine.complete:
        st.success(ui.t("rules.complete"))
    elif not lesson.checks and stored is not None:
        parts.mark_read_button(lesson)
    # The cheat-sheet of the lesson's game, reachable from every lesson (review §5b).
    game = parts.sheet_variant(lesson)
    with st.expander(ui.t("rules.meld_sheet", game=ui.variant_title(game))):
        ui.meld_sheet(game)
        # the values as spaced-repetition cards (review §5b item 9)
        st.page_link(ui.page_script("review_cards"), label=ui.t("rules.review_cards"),
                     icon=":material/style:")

with st.expander(ui.t("rules.glossary")):
    query = st.text_input(ui.t("rules.glossary_search"), key="rules_glossary_q", max_chars=60)
    for entry in parts.glossary(query):
        st.markdown(f"**{entry.term(ui.lang())}** — {parts.definition(entry)}")

with st.expander(ui.t("rules.disagreements")):
    # An index by topic: each point opens its row of the comparison (no wall of text).
    for title, rows in parts.disagreement_index():
        st.markdown(f"**{title}**")
        with st.container(horizontal=True, gap="small"):
            for row_id, topic in rows:
                st.button(topic, key=ui.widget_key("rules_index", row_id), type="tertiary",
                          on_click=parts.open_row, args=(row_id, ids))
