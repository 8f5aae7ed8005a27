"""Uploading a file that is already stored says so, with a link to the stored session
(issue 19: it used to show the old session as if it were new)."""

from __future__ import annotations

import pytest

from tests.conftest import BACKGROUND_BUDGET
from tests.service.conftest import PHONE, fixture_log, phone_login
from workers.celery_app import wait_embedded

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_a_second_upload_of_a_file_says_already_stored(live, browser, shots, tmp_path, device):
    desktop = {"viewport": {"width": 1280, "height": 900}}
    context, page, errors = phone_login(browser, live, PHONE if device == "phone" else desktop)
    log = tmp_path / "night.jsonl"
    log.write_bytes(fixture_log("replay/clean.jsonl"))
    page.goto(f"{live}/upload")
    for _ in range(2):
        page.set_input_files("#files", [str(log)])
        page.click("#upload-form button[type=submit]")
    page.wait_for_selector("#results li.duplicate .already a")
    first = page.locator("#results li.accepted:not(.duplicate)")
    assert first.count() == 1 and "已经存过" not in first.text_content()
    again = page.locator("#results li.duplicate")
    assert again.count() == 1 and "已经存过" in again.text_content()
    href = again.locator(".already a").get_attribute("href")
    assert href.startswith("/sessions/") and href == first.locator("a").first.get_attribute("href")
    assert wait_embedded(BACKGROUND_BUDGET)  # the verification, waited for (not timed)
    page.wait_for_selector("#results li.duplicate[data-status=ok]")  # the page's next poll
    page.screenshot(path=shots / f"upload-again-{device}.png", full_page=True)
    page.click("#results li.duplicate .already a")
    page.wait_for_url(f"{live}{href}")
    assert errors == []
    context.close()


@pytest.mark.parametrize(
    "locale, want",
    [("zh-CN", '第 5 行，字段 tiles："123x" 不是一张牌'),
     ("en-US", 'line 5, field tiles: "123x" is not a tile')],
)  # fmt: skip
def test_a_broken_file_is_explained_in_the_pages_language(live, browser, shots, tmp_path,
                                                          locale, want):  # fmt: skip
    context, page, errors = phone_login(browser, live, {**PHONE, "locale": locale})
    lines = fixture_log("replay/clean.jsonl").decode().splitlines()
    lines[4] = '{"type":"deal","seat":"E","tiles":"123x"}'
    log = tmp_path / "broken.jsonl"
    log.write_text("\n".join(lines), encoding="utf-8")
    page.goto(f"{live}/upload")
    page.set_input_files("#files", [str(log)])
    page.click("#upload-form button[type=submit]")
    shown = page.wait_for_selector("#results li.rejected pre.errors").text_content()
    assert shown.splitlines() == [want]
    page.screenshot(path=shots / f"upload-error-{locale[:2]}.png", full_page=True)
    assert errors == []
    context.close()
