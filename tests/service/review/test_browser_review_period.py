"""The efficiency review over a period, in headless Chromium: the dashboards' from/to picked in
the form (kept in the URL), a start after the end said on the page, a player's page with their
sessions, net and figures over the period and a missed win or avoidable deal-in followed to its replay step; in
Chinese and English, desktop and a 390 px phone. Screenshots go to ``$FUPAN_SCREENSHOTS``
(docs/screenshots for the docs)."""

from __future__ import annotations

import re

import pytest

from tests.service.conftest import (
    CLUB,
    EN,
    PHONE,
    login,
    no_sideways_scroll,
    phone_login,
    verified,
)
from tests.service.review.test_review_period import NIGHTS, _log

pytestmark = pytest.mark.browser
DESKTOP = {"viewport": {"width": 1280, "height": 900}}


def _signed_in(browser, live, device: dict, english: bool):
    language = {"locale": "en-US", "extra_http_headers": EN} if english else {"locale": "zh-CN"}
    return phone_login(browser, live, {**device, **language})


def test_a_period_on_the_dashboards_and_a_players_page(app, client, live, browser, shots):
    login(client)
    ids = [verified(client, _log(seed)) for seed in NIGHTS]
    for i in ids:  # each session's review stored, as the workers do after verifying
        assert client.get(f"/api/v1/sessions/{i}/review").status_code == 200

    context, page, errors = _signed_in(browser, live, DESKTOP, english=False)
    page.goto(f"{live}/clubs/{CLUB}/dashboards")
    assert "共 2 场已复盘" in page.content()
    page.fill("input[name=since]", "2026-12-04")  # the second night, 00:30 at +08:00
    page.fill("input[name=until]", "2026-12-31")
    page.click("form.filters button[type=submit]")
    page.wait_for_url(re.compile(r"since=2026-12-04&until=2026-12-31"))
    assert "共 1 场已复盘" in page.content()
    page.locator("#chart-efficiency").scroll_into_view_if_needed()
    page.wait_for_selector("#chart-efficiency .main-svg", timeout=60_000)
    assert "已复盘 1 场" in page.text_content("#chart-efficiency")
    page.locator("#efficiency").scroll_into_view_if_needed()
    page.screenshot(path=shots / "review-period-dashboards-zh-desktop.png", full_page=True)

    page.click("#efficiency-table a >> nth=0")  # a player's name: their page, the same days
    page.wait_for_url(re.compile(r"/players/.+since=2026-12-04&until=2026-12-31#efficiency"))
    assert page.input_value("input[name=since]") == "2026-12-04"
    assert "共 1 场已复盘" in page.content() and "可避免的放炮" in page.text_content(
        "#efficiency-table"
    )
    text = page.text_content("main")
    assert "起始日 2026-12-04 截止日 2026-12-31 · 共 1 场" in text  # the list and net too
    for code in ("missed", "deal_in", "self_draw", "None"):
        assert code not in text  # no codes on screen
    page.screenshot(path=shots / "review-period-player-zh-desktop.png", full_page=True)

    # the whole history of the player with a moment: follow one to its replay step
    player = next(n for n in ("阿强", "小李", "老王", "阿芳") if _has_moments(page, live, n))
    link = page.locator("#moments a").first
    href = link.get_attribute("href")
    link.click()
    page.wait_for_url(f"{live}{href}")
    step = int(re.search(r"step=(\d+)", href).group(1))
    page.wait_for_function(
        f"document.getElementById('step-no').textContent.startsWith('{step} ')", timeout=60_000
    )

    page.goto(f"{live}/clubs/{CLUB}/dashboards")
    page.fill("input[name=since]", "2026-12-05")
    page.fill("input[name=until]", "2026-12-04")
    page.click("form.filters button[type=submit]")
    alert = page.locator("p.error[role=alert]")
    assert "起始日 2026-12-05 晚于截止日 2026-12-04" in alert.text_content()
    assert page.input_value("input[name=since]") == "2026-12-05"  # kept, to correct it
    page.screenshot(path=shots / "review-period-error-zh-desktop.png", full_page=True)
    assert not errors
    context.close()

    for english, device, size in ((True, DESKTOP, "desktop"), (False, PHONE, "phone"),
                                  (True, PHONE, "phone")):  # fmt: skip
        lang = "en" if english else "zh"
        context, page, errors = _signed_in(browser, live, device, english)
        page.goto(f"{live}/clubs/{CLUB}/dashboards?since=2026-12-04&until=2026-12-31")
        page.locator("#efficiency").scroll_into_view_if_needed()
        no_sideways_scroll(page)
        page.screenshot(path=shots / f"review-period-dashboards-{lang}-{size}.png", full_page=True)
        page.goto(f"{live}/players/{player}#efficiency")
        page.wait_for_selector("#moments a")
        no_sideways_scroll(page)
        if english:
            assert "avoidable deal-ins" in page.text_content("#efficiency-table")
            assert "from" in page.text_content("form.filters")
        page.screenshot(path=shots / f"review-period-player-{lang}-{size}.png", full_page=True)
        assert not errors
        context.close()


def _has_moments(page, live: str, name: str) -> bool:
    page.goto(f"{live}/players/{name}#efficiency")
    return page.locator("#moments a").count() > 0
