"""Regression tests for the rest of the app review (``shared/reviews/app-review.md``):
``/home``, continuing a replayed game from the step viewed, copy marks on card
pictures only where two copies matter, the lessons' checks on the card table."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("streamlit")
from app_helpers import APP, run_page  # noqa: E402
from streamlit.testing.v1 import AppTest  # noqa: E402
from streamlit.util import calc_hash  # noqa: E402


@pytest.fixture(autouse=True)
def learner_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "progress.sqlite3"
    monkeypatch.setenv("BEZIQUE_PROGRESS_DB", str(path))
    return path


# --- D18: "/home" is a page ---------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "ru"])
def test_d18_home_url_opens_the_home_page(lang: str):
    from app_pages.i18n import catalogue

    at = run_page("home", lang)
    # The browser asks for a page by its URL name: some page must answer to "home"
    # (the default page is served at "/" and its url_path matches no URL).
    by_name = {info.get("url_pathname"): page_hash
               for page_hash, info in at._registered_pages.items()}  # noqa: SLF001
    assert "home" in by_name
    at = AppTest.from_file(APP, default_timeout=60)   # a new session, as a URL visit is
    at.session_state["lang"] = lang
    at._page_hash = by_name["home"]  # noqa: SLF001 - what a visit to /home requests
    at.run()
    assert not at.exception
    assert [t.value for t in at.title] == [catalogue(lang)["home.title"]]
    assert by_name["home"] != calc_hash("")


@pytest.mark.parametrize("page", ["home", "play", "puzzle_hub"])
def test_d18_page_links_use_material_icons_not_emoji(page: str):
    at = run_page(page, "en")
    icons = [link.proto.icon for link in at.get("page_link")]
    assert all(not icon or icon.startswith(":material/") for icon in icons), icons
