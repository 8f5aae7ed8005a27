"""Every page works under the Content-Security-Policy (issue 18): headless Chromium opens each
page, desktop and phone, and any CSP violation (reported by the page's
``securitypolicyviolation`` event and Chromium's console) or script error fails the test.

Screenshots of the pages whose markup changed go to ``$FUPAN_SCREENSHOTS`` when set.
"""

from __future__ import annotations

import pytest

from tests.service.conftest import CLUB, PHONE, fixture_log, phone_login, verified

pytestmark = pytest.mark.browser

DESKTOP = {"viewport": {"width": 1280, "height": 900}}
REPORT_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", (e) => {
  console.error("CSP violation: " + e.violatedDirective + " " + e.blockedURI + " " + e.sourceFile + ":" + e.lineNumber + ":" + e.columnNumber);
});
"""


@pytest.fixture
def pages(app, alice):
    sid = verified(alice, fixture_log("audit/fan_missed.jsonl"))
    return [
        "/",
        "/upload",
        f"/sessions/{sid}",
        f"/sessions/{sid}/hands/0",
        f"/sessions/{sid}/replay",
        f"/clubs/{CLUB}/ledger",
        f"/clubs/{CLUB}/disputes",
        f"/clubs/{CLUB}/dashboards",
        "/players/阿强",
        "/clubs",
        "/account",
        "/record",
        "/checkpoint",
        "/no-such-page",
    ]


@pytest.mark.parametrize("device", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_every_page_runs_without_a_csp_violation(live, browser, shots, pages, device):
    context, page, errors = phone_login(browser, live, {**device, "bypass_csp": False})
    context.add_init_script(REPORT_VIOLATIONS)
    console: list[str] = []
    page.on("console", lambda m: console.append(f"{m.type}: {m.text}"))
    for path in pages:
        page.goto(f"{live}{path}")
        page.wait_for_load_state("networkidle")
        if path.endswith("/replay"):
            page.keyboard.press("ArrowRight")  # the replay's script runs
        bad = [m for m in console if "Content Security Policy" in m or "CSP violation" in m]
        assert not bad, (path, bad)
        assert not errors, (path, errors)
        if path.endswith("/dashboards") or path == pages[2]:  # the chart pages' markup changed
            name = "csp-dashboards" if path.endswith("/dashboards") else "csp-session"
            suffix = "-phone" if device is PHONE else ""
            page.screenshot(path=shots / f"{name}{suffix}.png", full_page=True)
    context.close()


def test_the_login_page_runs_without_a_csp_violation(live, browser):
    context = browser.new_context(bypass_csp=False)
    context.add_init_script(REPORT_VIOLATIONS)
    page = context.new_page()
    console: list[str] = []
    page.on("console", lambda m: console.append(m.text))
    response = page.goto(f"{live}/login")
    assert "frame-ancestors 'none'" in response.headers["content-security-policy"]
    page.wait_for_load_state("networkidle")
    assert not [m for m in console if "Content Security Policy" in m or "CSP violation" in m]
    context.close()


def test_charts_are_styled_by_the_plotly_stylesheet(live, browser, pages):
    """plotly.js's own rules come from /plotly.css now: a chart's modebar is placed by them."""
    context, page, errors = phone_login(browser, live, DESKTOP)
    page.goto(f"{live}/clubs/{CLUB}/dashboards")
    page.locator("#chart-balance").scroll_into_view_if_needed()  # drawn once in view
    page.wait_for_selector(".js-plotly-plot .main-svg")
    page.hover(".js-plotly-plot")
    position = page.evaluate(
        "getComputedStyle(document.querySelector('.js-plotly-plot .plotly .modebar')).position"
    )
    assert position == "absolute"
    assert not errors
    context.close()


@pytest.mark.parametrize(
    "locale, want", [("zh-CN", ["下载为 PNG 图片", "缩放", "自动缩放"]),
                     ("en-US", ["Download plot as a PNG", "Zoom", "Autoscale"])]
)  # fmt: skip
def test_plotlys_own_words_are_in_the_pages_language(live, browser, pages, locale, want):
    """The modebar's button titles (plotly.js's words) follow the page: a Plotly locale made from
    the scripts' catalog (charts.js)."""
    context, page, errors = phone_login(browser, live, {**DESKTOP, "locale": locale})
    page.goto(f"{live}/clubs/{CLUB}/dashboards")
    page.locator("#chart-balance").scroll_into_view_if_needed()
    page.wait_for_selector("#chart-balance .modebar-btn", state="attached")
    titles = page.eval_on_selector_all(
        "#chart-balance .modebar-btn", "els => els.map(e => e.getAttribute('data-title'))"
    )
    assert set(want) <= set(titles), titles
    assert not errors
    context.close()
