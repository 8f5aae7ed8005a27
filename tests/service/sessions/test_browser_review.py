"""The efficiency review below the replay's table, in headless Chromium: fetched when it comes
into view or on the first m, the panel explains what it measures, marks the step's discard, lists the candidates with their useful tiles, jumps between a
seat's points with m / M, in Chinese (phone and desktop) and English. Screenshots go to
``$FUPAN_SCREENSHOTS`` (docs/screenshots for the docs)."""

from __future__ import annotations

import pytest

from engine.review import review_records
from engine.simulate.session import generate_session
from events.codec import canonical_json
from tests.engine.test_review_cases import KONG_NOT_WIN, S_KONG, log
from tests.engine.test_review_missed_wins import E_K, KONG, LET_GO, N_K, S_K, W_K
from tests.service.conftest import CLUB, EN, login, no_sideways_scroll, phone_login, verified

pytestmark = pytest.mark.browser
DESKTOP = {"viewport": {"width": 1280, "height": 900}}


def _session(client) -> str:
    records, _ = generate_session("zhoushan", 2, seed=31, club=CLUB)
    login(client)
    return verified(client, "".join(canonical_json(r) + "\n" for r in records).encode())


def test_review_panel_marks_steps_and_jumps(app, client, live, browser, shots):
    session_id = _session(client)
    page = browser.new_page(viewport={"width": 1280, "height": 900}, locale="zh-CN")
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{live}/login")
    page.fill("input[name=username]", "alice")
    page.fill("input[name=password]", "correct horse 42")
    page.click("main button[type=submit]")
    page.wait_for_url(f"{live}/")
    page.goto(f"{live}/sessions/{session_id}/replay?hand=1&step=8")
    page.wait_for_selector("#seat-E .tile")
    page.keyboard.press("m")  # the first point worth a look: a discard that kept fewer tiles
    page.wait_for_selector("#review .review-mark:not(.mark-best)", timeout=60_000)
    assert page.query_selector("#review .review-hand")
    assert "效率复盘" in page.text_content("#review h2")
    assert "不评判怎样打最好" in page.text_content("#review")
    first = page.url
    assert "step=" in first and not first.endswith("step=8")
    page.wait_for_selector("#review .review-options tr.chosen", timeout=60_000)  # on view
    # each useful kind with its unseen copies, none that every copy of is in sight
    counts = page.locator("#review .review-kind small").all_text_contents()
    assert counts and all(c.startswith("×") and int(c[1:]) > 0 for c in counts), counts
    text = page.text_content("#review")
    assert "向听" in text and "有效牌" in text
    for code in ("fewer", "slower", "best", "shanten"):
        assert code not in text  # no codes on screen
    page.screenshot(path=shots / "review-zh-desktop.png", full_page=True)
    page.keyboard.press("m")
    page.wait_for_function(f"location.href !== {first!r}")
    page.keyboard.press("M")
    page.wait_for_function(f"location.href === {first!r}")

    # the review is stored now: the club's dashboards chart it per player
    page.goto(f"{live}/clubs/{CLUB}/dashboards")
    page.locator("#chart-efficiency").scroll_into_view_if_needed()  # drawn once in view
    page.wait_for_selector("#chart-efficiency .main-svg", timeout=60_000)
    assert "已复盘 1 场" in page.text_content("#chart-efficiency")
    page.locator("#chart-efficiency").screenshot(path=shots / "review-dashboard-zh.png")
    # and every figure per player over the period, read without hovering
    rows = page.locator("#efficiency-table tr").all_text_contents()
    assert len(rows) == 5 and "可避免的放炮" in rows[0] and "共 1 场已复盘" in page.content()
    page.locator("#efficiency-table").screenshot(path=shots / "review-period-zh.png")
    assert not errors

    english = browser.new_page(
        viewport={"width": 1280, "height": 900}, locale="en-US", extra_http_headers=EN
    )
    english.goto(f"{live}/login")
    english.fill("input[name=username]", "alice")
    english.fill("input[name=password]", "correct horse 42")
    english.click("main button[type=submit]")
    english.wait_for_url(f"{live}/")
    english.goto(first)
    english.locator("#review").scroll_into_view_if_needed()  # fetched when it comes into view
    english.wait_for_selector("#review .review-options", timeout=60_000)
    assert "Efficiency review" in english.text_content("#review h2")
    assert "useful tiles" in english.text_content("#review")
    english.screenshot(path=shots / "review-en-desktop.png", full_page=True)
    english.goto(f"{live}/clubs/{CLUB}/dashboards")
    english.locator("#chart-efficiency").scroll_into_view_if_needed()
    english.wait_for_selector("#chart-efficiency .main-svg", timeout=60_000)
    assert "1 reviewed sessions" in english.text_content("#chart-efficiency")
    english.locator("#chart-efficiency").screenshot(path=shots / "review-dashboard-en.png")
    assert "avoidable deal-ins" in english.text_content("#efficiency-table")
    english.locator("#efficiency-table").screenshot(path=shots / "review-period-en.png")

    context, phone, phone_errors = phone_login(browser, live)
    phone.goto(f"{live}/sessions/{session_id}/replay?hand=1&step=0")  # before the deal: no tile
    phone.wait_for_function("document.getElementById('step-no').textContent.startsWith('0 ')")
    phone.wait_for_load_state("networkidle")
    assert phone.get_attribute("#review", "data-state") == "waiting"  # the empty seats keep room
    phone.goto(f"{live}/sessions/{session_id}/replay?hand=1&step=8")
    phone.wait_for_selector("#seat-E .tile")
    assert phone.get_attribute("#review", "data-state") == "waiting"  # below the table
    phone.keyboard.press("m")  # fetches the review first, then goes to the point
    phone.wait_for_function(f"location.href === {first!r}", timeout=60_000)
    assert phone.get_attribute("#review", "data-state") == "loaded"
    phone.locator("#review").scroll_into_view_if_needed()
    phone.wait_for_selector("#review .review-options", timeout=60_000)
    no_sideways_scroll(phone)
    phone.screenshot(path=shots / "review-zh-phone.png", full_page=True)
    phone.goto(f"{live}/clubs/{CLUB}/dashboards")
    phone.locator("#chart-efficiency").scroll_into_view_if_needed()
    phone.wait_for_selector("#chart-efficiency .main-svg", timeout=60_000)
    no_sideways_scroll(phone)
    phone.locator("#chart-efficiency").screenshot(path=shots / "review-dashboard-zh-phone.png")
    phone.locator("#efficiency-table").scroll_into_view_if_needed()
    no_sideways_scroll(phone)  # one card a player
    phone.locator("#efficiency-table").screenshot(path=shots / "review-period-zh-phone.png")
    assert not phone_errors
    context.close()


def test_a_missed_win_says_its_kind_and_whose_tile(app, client, live, browser, shots):
    """W and S let E's added kong of 3m go by (tests/engine/test_review_missed_wins.py): the
    step's panel names each missed win as robbing a kong of East."""
    records = log("zhoushan", {"E": E_K, "S": S_K, "W": W_K, "N": N_K}, KONG + LET_GO)
    records[0] = {
        **records[0],
        "club": CLUB,
        "table": "3",
        "started_at": "2026-11-28T19:30:00+08:00",
    }
    step = review_records(records).hands[0].missed_wins[0].step
    login(client)
    session_id = verified(client, "".join(canonical_json(r) + "\n" for r in records).encode())
    url = f"{live}/sessions/{session_id}/replay?hand=1&step={step}"
    context, page, errors = phone_login(browser, live, DESKTOP)
    page.goto(url)
    page.wait_for_selector("#seat-E .tile")
    page.locator("#review").scroll_into_view_if_needed()  # fetched once in view
    page.wait_for_selector("#review .mark-missed", timeout=60_000)
    missed = page.locator("#review .mark-missed").all_text_contents()
    assert len(missed) == 2 and all("抢杠 · 东 甲" in m for m in missed), missed
    page.wait_for_load_state("networkidle")  # every tile image drawn
    page.evaluate("window.scrollTo(0, 0)")  # the sticky controls back in their place
    page.screenshot(path=shots / "review-missed-zh-desktop.png", full_page=True)
    context.close()
    context, phone, phone_errors = phone_login(browser, live)
    phone.goto(url)
    phone.wait_for_selector("#seat-E .tile")
    phone.locator("#review").scroll_into_view_if_needed()  # fetched once in view
    phone.wait_for_selector("#review .mark-missed", timeout=60_000)
    no_sideways_scroll(phone)
    phone.wait_for_load_state("networkidle")  # every tile image drawn
    phone.evaluate("window.scrollTo(0, 0)")  # the sticky controls back in their place
    phone.screenshot(path=shots / "review-missed-zh-phone.png", full_page=True)
    context.close()
    english_desktop = {**DESKTOP, "locale": "en-US", "extra_http_headers": EN}
    context, english, english_errors = phone_login(browser, live, english_desktop)
    english.goto(url)
    english.wait_for_selector("#seat-E .tile")
    english.locator("#review").scroll_into_view_if_needed()  # fetched once in view
    english.wait_for_selector("#review .mark-missed", timeout=60_000)
    text = english.text_content("#review .mark-missed")
    assert "robbing a kong · East 甲" in text, text
    english.wait_for_load_state("networkidle")  # every tile image drawn
    english.evaluate("window.scrollTo(0, 0)")  # the sticky controls back in their place
    english.screenshot(path=shots / "review-missed-en-desktop.png", full_page=True)
    assert not errors and not phone_errors and not english_errors
    context.close()


def test_a_claim_that_put_the_hand_further_from_ready_is_named(app, client, live, browser, shots):
    """S kongs 3m instead of declaring its self-drawn win (test_review_cases: the claim raised
    the shanten from complete to ready): the kong's step names it, and m stops there."""
    records = log("zhoushan", S_KONG, KONG_NOT_WIN)
    records[0] = {**records[0], "club": CLUB, "table": "3"}
    [claim] = review_records(records).hands[0].claims
    login(client)
    session_id = verified(client, "".join(canonical_json(r) + "\n" for r in records).encode())
    for device, lang, name in ((DESKTOP, "zh", "desktop"), ({}, "zh", "phone"),
                               ({**DESKTOP, "locale": "en-US", "extra_http_headers": EN}, "en",
                                "desktop")):  # fmt: skip
        context, page, errors = (
            phone_login(browser, live, device) if device else phone_login(browser, live)
        )
        page.goto(f"{live}/sessions/{session_id}/replay?hand=1&step={claim.step}")
        page.wait_for_selector("#seat-E .tile")
        page.locator("#review").scroll_into_view_if_needed()  # fetched once in view
        page.wait_for_selector("#review .mark-claim", timeout=60_000)
        text = page.text_content("#review .mark-claim")
        assert text.endswith(
            "杠后离听牌更远：已成胡 → 听牌"
            if lang == "zh"
            else "the kong put the hand further from ready: complete → ready"
        ), text
        if name == "phone":
            no_sideways_scroll(page)
            page.goto(f"{live}/sessions/{session_id}/replay?hand=1&step={claim.step - 1}")
            page.wait_for_selector("#seat-E .tile")
            page.keyboard.press("m")  # from the missed win on the drawn 5z to the kong
            page.wait_for_function(f"location.href.endsWith('step={claim.step}')", timeout=60_000)
            page.locator("#review").scroll_into_view_if_needed()
            page.wait_for_selector("#review .mark-claim", timeout=60_000)
        page.locator("#review").screenshot(path=shots / f"review-claim-{lang}-{name}.png")
        assert not errors
        context.close()
