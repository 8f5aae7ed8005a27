"""A page whose links keep its query arguments (CSV, charts, paging) answers a query argument
named like the link's own (``club``, ``name``, ``index``) or like ``url_for``'s (``_external``)
without a 500, and its links still point at its own pages."""

from __future__ import annotations

import pytest

from tests.service.conftest import CLUB, fixture_log, verified

ODD = "club=x&name=y&index=3&_external=1&_scheme=javascript&_anchor=z&offset=0"


@pytest.fixture
def night(alice):
    return verified(alice, fixture_log("audit/fan_missed.jsonl"))


@pytest.mark.parametrize(
    "page",
    [
        f"/clubs/{CLUB}/ledger",
        f"/clubs/{CLUB}/dashboards",
        f"/clubs/{CLUB}/integrity",
        f"/clubs/{CLUB}/disputes",
        "/",
    ],  # fmt: skip
)
def test_a_query_argument_named_like_a_links_own_is_no_crash(alice, night, page):
    answer = alice.get(f"{page}?{ODD}")
    assert answer.status_code == 200, answer.status_code  # the ledger and dashboards were a 500
    html = answer.get_data(as_text=True)
    assert "javascript:" not in html and "http://localhost" not in html


def test_the_ledgers_csv_link_keeps_its_filters(alice, night):
    html = alice.get(f"/clubs/{CLUB}/ledger?date=all&basis=owed&club=x").get_data(as_text=True)
    assert 'ledger.csv?date=all&amp;basis=owed"' in html
