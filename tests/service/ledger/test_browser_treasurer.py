"""The treasurer's pages in Chromium at a desktop and at phone widths (issue 16): the hand's
arithmetic, disputed hands explained inline on the session page, marking a transfer paid,
no sideways scroll on any page at 360 and 390 px, charts whose toolbar clears their titles,
and the weight of a first load with charts."""

from __future__ import annotations

import re

import pytest

from tests.conftest import BACKGROUND_BUDGET
from tests.service.conftest import (
    CLUB,
    PHONE,
    draw_every_chart,
    fixture_log,
    no_sideways_scroll,
    phone_login,
    verified,
)
from workers.celery_app import wait_embedded

pytestmark = pytest.mark.browser

DESKTOP = {"viewport": {"width": 1280, "height": 900}}
DEVICES = {"desktop": DESKTOP, "phone": PHONE}
SUFFIX = {"desktop": "", "phone": "-phone"}  # screenshot names
NIGHT = "2026-11-28"


@pytest.fixture
def night(alice):
    """A wenling session (non-winners score) and a disputed huangyan one, on one night."""
    return {"wenling": verified(alice, fixture_log("wenling/settlement.jsonl")),
            "disputed": verified(alice, fixture_log("audit/fan_missed.jsonl"))}  # fmt: skip


@pytest.mark.parametrize("device", DEVICES)
def test_hand_page_shows_each_seats_arithmetic_and_tiles(browser, live, night, shots, device):
    context, page, errors = phone_login(browser, live, DEVICES[device])
    page.goto(f"{live}/sessions/{night['wenling']}/hands/1")
    west = page.locator("table.arithmetic[data-seat=W]")
    assert west.locator("tr[data-step=doubled] td").last.inner_text() == "208"
    assert west.locator("tr[data-step=round_up] td").last.inner_text() == "210"
    for seat in "ESWN":  # every seat's tiles as shown, the non-winners' too
        assert page.locator(f"#seat-{seat} .shown .tile").count() > 0
    assert page.locator("#expected").get_by_text("(210 − 40) ÷ 10 × 2").is_visible()
    no_sideways_scroll(page)
    page.screenshot(path=str(shots / f"hand-arithmetic{SUFFIX[device]}.png"), full_page=True)
    assert errors == []
    context.close()


@pytest.mark.parametrize("device", DEVICES)
def test_session_page_explains_each_disputed_hand_inline(browser, live, night, shots, device):
    context, page, errors = phone_login(browser, live, DEVICES[device])
    page.goto(f"{live}/sessions/{night['disputed']}")
    why = page.locator("#hand-1-why")
    assert why.is_visible()
    assert why.locator(".explanation").count() >= 1  # the likely cause
    assert why.locator(".top-up").first.is_visible()  # what to pay now, by player name
    assert "→" in why.locator(".top-up").first.inner_text()
    assert page.locator("#hand-1 .badge.dispute").is_visible()
    # the dispute badge and the replay link are in view without swiping sideways
    box = page.locator("#hand-1 a[href*='/replay']").bounding_box()
    assert box["x"] + box["width"] <= page.viewport_size["width"]
    no_sideways_scroll(page)
    page.click("#flow .chart-tap")  # the payment flow loads when asked (the full plotly bundle)
    page.wait_for_selector("#flow .main-svg", timeout=30_000)  # the payment sankey, for the shot
    page.screenshot(path=str(shots / f"session-disputes{SUFFIX[device]}.png"), full_page=True)
    assert errors == []
    context.close()


@pytest.mark.parametrize("device", DEVICES)
def test_treasurer_marks_a_transfer_paid(browser, live, night, shots, device):
    context, page, errors = phone_login(browser, live, DEVICES[device])
    page.goto(f"{live}/clubs/{CLUB}/ledger?date={NIGHT}")
    assert page.locator("#open-disputes").is_visible()
    page.fill("#money-form input[name=point_value]", "0.5")  # the admin sets what a point is worth
    page.locator("#money-form").get_by_role("button").click()
    page.wait_for_load_state("load")
    first = page.locator(f"#night-{NIGHT} ol.transfers li").first
    assert first.locator(".money").inner_text().endswith(" 元")
    first = page.locator(f"#night-{NIGHT} ol.transfers li").first
    first.locator("form.mark-paid button").click()  # asks first: nothing is recorded yet
    page.wait_for_load_state("load")
    assert "现金" in page.locator("#confirm-what").inner_text()
    no_sideways_scroll(page)
    page.screenshot(path=str(shots / f"ledger-confirm{SUFFIX[device]}.png"), full_page=True)
    page.locator("#confirm-form button").click()
    page.wait_for_load_state("load")
    assert "已记下" in page.locator(".flash").inner_text()
    first = page.locator(f"#night-{NIGHT} ol.transfers li").first
    assert "paid" in first.get_attribute("class")
    assert first.locator("form.mark-paid button").count() == 0
    assert page.locator("#marks").get_by_text("alice").is_visible()
    no_sideways_scroll(page)
    page.screenshot(path=str(shots / f"ledger-paid{SUFFIX[device]}.png"), full_page=True)
    page.locator("#marks form.undo button").click()  # the undo asks first, on the page
    dialog = page.locator("#undo-dialog")
    dialog.wait_for(state="visible")
    asked = dialog.inner_text()
    assert "撤销这条现金记录？" in asked and "第 1 条" in asked, asked
    mark = page.request.get(f"{live}/api/v1/clubs/{CLUB}/ledger?date={NIGHT}").json()["marks"][0]
    assert f"{mark['from']} 把 {mark['amount']} 分的现金交给了 {mark['to']}" in asked, asked
    no_sideways_scroll(page)
    page.screenshot(path=str(shots / f"ledger-undo{SUFFIX[device]}.png"))
    dialog.get_by_role("button", name="取消").click()
    dialog.wait_for(state="hidden")
    page.wait_for_timeout(500)  # an undo sent anyway would be under way by now
    assert page.locator("#marks tr[data-mark]").count() == 1  # cancelled: nothing appended
    page.locator("#marks form.undo button").click()
    with page.expect_navigation():
        page.click("#undo-yes")  # the undo: a reversal appended
    assert "已撤销" in page.locator(".flash").inner_text()
    assert page.locator("#marks tr[data-mark]").count() == 2  # the mark and its reversal
    assert page.locator("#marks tr.undone").count() == 1
    first = page.locator(f"#night-{NIGHT} ol.transfers li").first
    assert first.locator("form.mark-paid button").count() == 1  # outstanding again
    page.screenshot(path=str(shots / f"ledger-undone{SUFFIX[device]}.png"), full_page=True)
    assert errors == []
    context.close()


@pytest.mark.parametrize("width", [360, 390])
def test_no_page_scrolls_sideways_on_a_phone(browser, live, night, width):
    device = {**PHONE, "viewport": {"width": width, "height": 780}}
    context, page, errors = phone_login(browser, live, device)
    sid = night["disputed"]
    paths = ["/", "/upload", f"/sessions/{sid}", f"/sessions/{sid}/hands/1",
             f"/sessions/{sid}/replay", "/clubs", f"/clubs/{CLUB}/ledger?date={NIGHT}",
             f"/clubs/{CLUB}/ledger?date=all", f"/clubs/{CLUB}/disputes?state=all",
             f"/clubs/{CLUB}/dashboards", "/players/阿强", "/account", "/record"]  # fmt: skip
    for path in paths:
        page.goto(f"{live}{path}")
        page.wait_for_load_state("networkidle")
        no_sideways_scroll(page)
    assert errors == []
    context.close()


def _overlap(a: dict, b: dict) -> bool:
    return not (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
                or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])  # fmt: skip


@pytest.mark.parametrize("device", DEVICES)
def test_chart_toolbars_clear_titles_and_labels(browser, live, night, shots, device):
    context, page, errors = phone_login(browser, live, DEVICES[device])
    page.goto(f"{live}/clubs/{CLUB}/dashboards")
    charts = page.locator(".chart[data-src]")
    draw_every_chart(page)
    for i in range(charts.count()):
        chart = charts.nth(i)
        bar = chart.locator(".modebar").bounding_box()
        texts = chart.locator(".gtitle, .xtick text, .ytick text, .xtitle, .ytitle, .g-gtitle text")
        for k in range(texts.count()):
            box = texts.nth(k).bounding_box()
            if box and box["width"]:
                assert not _overlap(bar, box), (
                    chart.get_attribute("id"),
                    texts.nth(k).inner_text(),
                )
                chart_box = chart.bounding_box()
                assert box["x"] >= chart_box["x"] - 1  # no tick label cut at the left edge
    no_sideways_scroll(page)
    page.screenshot(path=str(shots / f"dashboards-charts{SUFFIX[device]}.png"), full_page=True)
    assert errors == []
    context.close()


def test_a_page_with_charts_transfers_under_700_kb_on_first_load(browser, live, night):
    context, page, _ = phone_login(browser, live, PHONE)
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.clearBrowserCache")
    sizes: dict[str, int] = {}
    cdp.on(
        "Network.loadingFinished",
        lambda e: sizes.__setitem__(e["requestId"], e["encodedDataLength"]),
    )
    page.goto(f"{live}/clubs/{CLUB}/dashboards")
    draw_every_chart(page)
    page.wait_for_load_state("networkidle")
    # plotly.js's basic bundle came (≈ 330 kB brotli; ≈ 1.3 MB were it sent uncompressed)
    assert 300_000 < sum(sizes.values()) < 700_000
    context.close()


def _ask(page, form, reason: str, dialog: str, shot):
    """Give the form its reason, shoot the page (``shot``) and send the form: the dialog that
    asks first (``dialog``, a selector), open."""
    form.locator("input[name=reason]").fill(reason)
    no_sideways_scroll(page)
    page.screenshot(path=str(shot), full_page=True)
    form.locator("button[type=submit]").click()
    asking = page.locator(dialog)
    asking.wait_for(state="visible")
    no_sideways_scroll(page)
    return asking


@pytest.mark.parametrize("device", DEVICES)
def test_a_dispute_is_resolved_only_once_the_treasurer_confirms(
    browser, live, night, shots, device
):
    """A resolution is a correction of the settlement, appended: Resolve asks first, naming the
    hand and what it does (and where a slip is taken back); a treasurer who says no has appended
    nothing."""
    context, page, errors = phone_login(browser, live, DEVICES[device])
    page.goto(f"{live}/clubs/{CLUB}/disputes")
    form = page.locator("form.resolve").first
    form.locator("select[name=action]").select_option("keep_recorded")
    dialog = _ask(
        page, form, "牌桌同意", "#resolve-dialog", shots / f"disputes-resolve{SUFFIX[device]}.png"
    )
    asked = dialog.inner_text()
    dialog.get_by_role("button", name="取消").click()
    dialog.wait_for(state="hidden")
    page.wait_for_timeout(500)  # a resolution sent anyway would be under way by now
    hand = re.search(r"第 \d+ 局", page.locator("section.dispute-item h2").first.inner_text())
    assert hand and hand.group() in asked and "撤销处理" in asked, asked
    assert "维持实付" in asked and "原因：牌桌同意" in asked, asked  # the action and why, in words
    open_disputes = f"{live}/api/v1/clubs/{CLUB}/disputes?state=open"
    assert len(page.request.get(open_disputes).json()["disputes"]) == 2  # both still open
    form.locator("button[type=submit]").click()
    with page.expect_navigation():
        page.click("#resolve-yes")
    assert len(page.request.get(open_disputes).json()["disputes"]) == 1
    assert errors == []
    context.close()


@pytest.mark.parametrize("device", DEVICES)
def test_a_resolution_is_reopened_only_once_the_treasurer_confirms(
    browser, live, night, shots, device
):
    """A resolution made by a slip is taken back from the resolved disputes: Reopen (撤销处理)
    asks first on the page, naming the hand and the resolution; no appends nothing, yes appends
    the reopening and the dispute is open again."""
    context, page, errors = phone_login(browser, live, DEVICES[device])
    api = f"{live}/api/v1/clubs/{CLUB}/disputes?state="
    page.goto(f"{live}/clubs/{CLUB}/disputes")
    form = page.locator("form.resolve").first
    form.locator("input[name=reason]").fill("牌桌同意")
    form.locator("button[type=submit]").click()
    with page.expect_navigation():
        page.click("#resolve-yes")
    assert wait_embedded(BACKGROUND_BUDGET)  # verified again: the resolution is no longer pending
    page.goto(f"{live}/clubs/{CLUB}/disputes?state=resolved")
    form = page.locator("form.reopen").first
    dialog = _ask(page, form, "点错了", "#reopen-dialog",
                  shots / f"disputes-reopen-form{SUFFIX[device]}.png")  # fmt: skip
    page.screenshot(path=str(shots / f"disputes-reopen{SUFFIX[device]}.png"))
    asked = dialog.inner_text()
    assert "撤销这个处理？" in asked and "原因：点错了" in asked, asked
    assert "按应付补足：牌桌同意（处理人 alice）" in asked, asked  # the resolution taken back
    hand = re.search(r"第 \d+ 局", page.locator("section.dispute-item h2").first.inner_text())
    assert hand and hand.group() in asked, asked
    dialog.get_by_role("button", name="取消").click()
    dialog.wait_for(state="hidden")
    page.wait_for_timeout(500)  # a reopening sent anyway would be under way by now
    assert len(page.request.get(api + "resolved").json()["disputes"]) == 1  # still resolved
    form.locator("button[type=submit]").click()
    with page.expect_navigation():
        page.click("#reopen-yes")
    assert "已撤销处理" in page.locator(".flash").inner_text()
    assert page.locator("form.reopen").count() == 0  # it left the resolved disputes at once
    assert wait_embedded(BACKGROUND_BUDGET)
    assert len(page.request.get(api + "open").json()["disputes"]) == 2  # both open again
    assert page.request.get(api + "resolved").json()["disputes"] == []
    assert errors == []
    context.close()


def test_a_point_value_saved_by_a_slip_is_put_back_on_a_phone(browser, live, night, shots):
    """The admin's money form overwrites what a point is worth; a slip (5 for 0.5) is put back
    from the ledger itself: the last change is named, with who made it, and one tap restores
    what it replaced."""
    context, page, errors = phone_login(browser, live, PHONE)
    ledger = f"{live}/clubs/{CLUB}/ledger?date={NIGHT}"
    api = f"{live}/api/v1/clubs/{CLUB}/ledger?date={NIGHT}"
    page.goto(ledger)
    for value in ("0.5", "5"):  # the right value, then the slip
        page.fill("#money-form input[name=point_value]", value)
        page.locator("#money-form").get_by_role("button").click()
        page.wait_for_load_state("load")
        assert "改回原来的" in page.locator(".flash").inner_text()
    assert page.request.get(api).json()["money"]["value"] == "5"
    change = page.locator("#money-change").inner_text()
    assert "alice" in change and "0.5 元" in change and "5 元" in change, change
    back = page.locator("#money-back button")
    assert back.inner_text() == "改回：0.5 元"
    no_sideways_scroll(page)
    page.screenshot(path=str(shots / "ledger-money-back-phone.png"), full_page=True)
    back.click()
    page.wait_for_load_state("load")
    assert page.request.get(api).json()["money"]["value"] == "0.5"
    assert page.input_value("#money-form input[name=point_value]") == "0.5"
    assert page.locator("#money-back button").inner_text() == "改回：5 元"  # the put-back too
    assert errors == []
    context.close()


def test_a_confirmation_sent_twice_by_a_phone_records_the_cash_once(browser, live, night):
    """A slow phone sends the confirmation again (no answer came): the form's key makes the
    second one answer as the first, and the cash is recorded once."""
    context, page, errors = phone_login(browser, live, PHONE)
    page.goto(f"{live}/clubs/{CLUB}/ledger?date={NIGHT}")
    page.locator(f"#night-{NIGHT} ol.transfers li form.mark-paid button").first.click()
    page.wait_for_load_state("load")
    statuses = page.evaluate(
        """async () => { const f = document.getElementById("confirm-form"); const sent = [];
             for (const _ of [1, 2]) sent.push((await fetch(f.action,
               {method: "POST", body: new FormData(f), redirect: "manual"})).type);
             return sent; }"""
    )
    assert statuses == ["opaqueredirect", "opaqueredirect"]  # both answered as recorded
    marks = page.request.get(f"{live}/api/v1/clubs/{CLUB}/ledger?date={NIGHT}").json()["marks"]
    assert len(marks) == 1, marks
    page.goto(f"{live}/clubs/{CLUB}/ledger?date={NIGHT}")
    said = page.locator(".flash").all_inner_texts()
    assert len(said) == 2 and all("已记下" in s for s in said), said  # the same answer twice
    assert page.locator("#marks tr[data-mark]").count() == 1
    assert errors == []
    context.close()
