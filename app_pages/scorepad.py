"""Score pad: keep a game played with real cards. Each deal's declarations (with the
cards, optionally), sevens, carte blanche and fines, then the brisques and the last
trick; the engine checks and explains every entry, totals, ends the game by the
variant's rule and settles it. Pads are saved for the learner after every change."""

import streamlit as st

from app_pages import scorepad_parts as parts
from app_pages import ui

parts.setup()
st.title(ui.t("scorepad.title"))
st.markdown(ui.t("scorepad.intro"))

problem = parts.message()
if problem is not None:
    reason, source, rule_id = problem
    st.error(ui.t("scorepad.refusal", reason=reason))
    pad_now = parts.current()
    if source:
        st.caption(ui.t("scorepad.source", source=source))
    link = ui.rule_link(rule_id, pad_now.variant if pad_now else None) if rule_id else ""
    if link:
        st.markdown(link)

pad = parts.current()

if pad is None:
    saved = parts.saved_pads()
    if saved:
        st.subheader(ui.t("scorepad.saved"))
        for row in saved[:20]:
            line = st.columns([5, 1, 1], vertical_alignment="center")
            line[0].markdown(f"**{row['title']}** · {row['updated'][:16].replace('T', ' ')}")
            line[1].button(ui.t("scorepad.resume"), key=f"sp_resume_{row['id']}",
                           on_click=parts.on_resume, args=(row["id"],), width="stretch")
            line[2].button(ui.t("scorepad.delete"), key=f"sp_delete_{row['id']}",
                           on_click=parts.on_delete, args=(row["id"],), width="stretch")
    st.subheader(ui.t("scorepad.new"))
    ui.keep_label("sp_variant")
    # Labels looked up in dicts built on this run: a widget's format_func may be called
    # later, outside the run (AppTest), where the language is not known.
    titles = {name: ui.variant_title(name) for name in ui.variants()}
    st.selectbox(ui.t("scorepad.variant"), list(titles), key="sp_variant",
                 format_func=titles.__getitem__)
    base = ui.profile(st.session_state["sp_variant"])
    # Each variant's options have their own widgets, starting at its own rules.
    for option in parts.pad_options(base):
        choices = [c.name for c in option.choices]
        labels = parts.choice_labels(option)
        default = parts.current_choice(base, option.id)
        st.selectbox(option.title_ru if ui.lang() == "ru" else option.title, choices,
                     key=parts.option_key(base.name, option.id),
                     index=choices.index(default) if default in choices else 0,
                     format_func=labels.__getitem__, help=parts.choice_sources(option))
    profile = parts.new_profile()
    names = st.columns(profile.players)
    for i, column in enumerate(names):
        column.text_input(ui.t("scorepad.player", number=i + 1), key=f"sp_name_{i}",
                          placeholder=ui.t("scorepad.default_name", number=i + 1),
                          max_chars=40)
    st.button(ui.t("scorepad.start"), key="sp_new", on_click=parts.on_new, type="primary")
    ui.file_uploader_words("upload.note_pad")
    st.file_uploader(ui.t("scorepad.open_file"), type=["json", "csv"], key="sp_upload",
                     on_change=parts.on_upload)
    st.stop()

report = pad.report()
profile = pad.profile
st.subheader(f"{ui.variant_title(pad.variant)}: {', '.join(pad.players)}")
if pad.options:
    st.caption(ui.t("scorepad.options", options=parts.options_text(pad)))
sides = report.side_names(ui.lang())
for column, name, total in zip(st.columns(len(sides)), sides, report.totals, strict=True):
    column.metric(name, total)

# One deal's entries at a time (the last by default) and a line a deal above them: a
# long pad is never drawn whole on every run.
if len(report.deals) > 1:
    with st.expander(ui.t("scorepad.all_deals", count=len(report.deals))):
        st.dataframe(parts.summary_rows(report), width="stretch")
    numbers = [d.number for d in report.deals]
    if st.session_state.get("sp_show") not in numbers:
        st.session_state["sp_show"] = numbers[-1]
    titles_of = {n: ui.t("scorepad.deal", number=n) for n in numbers}
    st.selectbox(ui.t("scorepad.show_deal"), numbers, key="sp_show",
                 format_func=titles_of.__getitem__)
if report.deals:
    deal = report.deals[int(st.session_state.get("sp_show") or len(report.deals)) - 1] \
        if len(report.deals) > 1 else report.deals[0]
    st.markdown(f"**{ui.t('scorepad.deal', number=deal.number)}**")
    rows = parts.deal_rows(report, deal).set_index(ui.t("scorepad.col_player"))
    if rows.empty:
        st.caption(ui.t("scorepad.no_entries"))
    elif len(rows) > parts.TABLE_ROWS:
        st.dataframe(rows, width="stretch")
    else:
        st.table(rows)
    st.caption(ui.t("scorepad.deal_total", scores=" : ".join(map(str, deal.scores)),
                    totals=" : ".join(map(str, deal.totals))))

if report.over:
    st.success("\n\n".join(ui.notation(line) for line in report.closing_lines(ui.lang())))
elif report.missing:   # an uploaded pad: its last deal's end is reopened to give the fact
    st.warning("\n\n".join(report.closing_lines(ui.lang())))
    st.caption(ui.t("scorepad.missing_undo"))
elif report.deals and report.deals[-1].finished:
    st.info("\n\n".join(report.closing_lines(ui.lang())))

in_deal = bool(pad.deals) and not pad.deals[-1].finished
if not report.over and not in_deal and not report.missing:
    st.subheader(ui.t("scorepad.next_deal", number=len(pad.deals) + 1))
    cols = st.columns(2)
    suits = {"": ui.t("scorepad.unknown"), **{s: ui.t(f"suit.{s}") for s in "SHDC"}}
    cols[0].selectbox(ui.t("scorepad.trump"), list(suits), key="sp_trump",
                      format_func=suits.__getitem__,
                      help=None if profile.turn_up else ui.t("scorepad.trump_help_first"))
    if profile.turn_up:
        cols[1].text_input(ui.t("scorepad.turn_up"), key="sp_turn_up",
                           placeholder=ui.t("scorepad.card_example"))
    st.button(ui.t("scorepad.start_deal"), key="sp_start_deal", on_click=parts.on_start_deal,
              type="primary")

if in_deal:
    st.subheader(ui.t("scorepad.record"))
    whats = parts.what_options(pad)
    ui.keep_label("sp_who", "sp_what")
    top = st.columns([2, 3, 1])
    top[0].selectbox(ui.t("scorepad.who"), list(range(len(pad.players))), key="sp_who",
                     format_func=lambda p: pad.players[p])
    top[1].selectbox(ui.t("scorepad.what"), list(whats), key="sp_what",
                     format_func=whats.__getitem__)
    top[2].number_input(ui.t("scorepad.trick"), min_value=0,
                        max_value=profile.tricks_per_deal, step=1, key="sp_trick",
                        help=ui.t("scorepad.trick_help"))
    bottom = st.columns(2)
    bottom[0].text_input(ui.t("scorepad.cards"), key="sp_cards",
                         placeholder=ui.t("scorepad.cards_example"),
                         help=ui.t("scorepad.cards_help"))
    bottom[1].text_input(ui.t("scorepad.played"), key="sp_played",
                         help=ui.t("scorepad.played_help"))
    st.button(ui.t("scorepad.add"), key="sp_add", on_click=parts.on_record, type="primary")

    st.subheader(ui.t("scorepad.end"))
    modes = {m: ui.t(f"scorepad.mode_{m}") for m in ("counts", "scores")}
    st.radio(ui.t("scorepad.mode"), list(modes), key="sp_mode", horizontal=True,
             format_func=modes.__getitem__)
    on_paper = st.session_state.get("sp_mode") == "scores"
    ends = st.columns(len(pad.players) + 1)
    for i, name in enumerate(pad.players):
        if not on_paper or parts.brisques_with_scores(profile):
            ends[i].number_input(ui.t("scorepad.brisques", name=name), min_value=0, step=10,
                                 key=f"sp_brisques_{i}")
        if on_paper:
            ends[i].number_input(ui.t("scorepad.score", name=name), step=10,
                                 key=f"sp_score_{i}")
    winners = {parts.NO_PLAYER: ui.t("scorepad.unknown"), **dict(enumerate(pad.players))}
    ends[-1].selectbox(ui.t("scorepad.last_trick"), list(winners), key="sp_last",
                       format_func=winners.__getitem__)
    # Both sides over the target: the fact that decides the game is asked for here.
    needed = parts.deciding_field(pad)
    if needed == "first_to_target" or st.session_state.get("sp_first", parts.NO_PLAYER) \
            != parts.NO_PLAYER:
        ends[-1].selectbox(ui.t("scorepad.first_to_target",
                                target=profile.scoring.target), list(winners),
                           key="sp_first", format_func=winners.__getitem__,
                           help=ui.t("scorepad.first_help"))
    if needed:
        st.warning(ui.t(f"scorepad.needs_{needed}"))
    st.button(ui.t("scorepad.finish"), key="sp_finish", on_click=parts.on_finish)

actions = st.columns(4)
actions[0].button(ui.t("scorepad.undo"), key="sp_undo", on_click=parts.on_undo,
                  disabled=not pad.deals, width="stretch")
# The files are written when asked for, not on every run.
lang = ui.lang()
actions[1].download_button(ui.t("scorepad.csv"), lambda: pad.to_csv(lang),
                           file_name="scorepad.csv", mime="text/csv", key="sp_csv",
                           width="stretch")
actions[2].download_button(ui.t("scorepad.json"), pad.dumps, file_name="scorepad.json",
                           mime="application/json", key="sp_json", width="stretch")
actions[3].button(ui.t("scorepad.close"), key="sp_close", on_click=parts.on_close,
                  width="stretch")
st.caption(ui.t("scorepad.saved_note"))
