"""Odd input at the ledger's forms and API: refused with the field named, nothing else lost,
the ledger still shown."""

from __future__ import annotations

import pytest

from tests.service.conftest import CLUB, csrf_token, fixture_log, verified

NIGHT = "2026-11-28"


@pytest.fixture
def disputed(alice):
    return verified(alice, fixture_log("audit/fan_missed.jsonl"))


def _money(client, value: str):
    token = csrf_token(client, f"/clubs/{CLUB}/ledger?date={NIGHT}")
    return client.post(f"/api/v1/clubs/{CLUB}/ledger/money", json={"point_value": value},
                       headers={"X-CSRFToken": token})  # fmt: skip


@pytest.mark.parametrize(
    "value",
    [
        "9E+999999",  # accepted, then every amount of the club's ledger overflowed: a 500
        "1E-999999",  # accepted, then every amount printed as a megabyte of zeros
        "٣",  # an Arabic-Indic three: Decimal reads it, the page printed it
        "0.0000001",
        "1000000000",
    ],
)
def test_a_point_value_the_ledger_cannot_show_is_refused_and_the_ledger_stays(
    alice, disputed, value
):
    assert _money(alice, "0.5").status_code == 200
    answer = _money(alice, value)
    assert answer.status_code == 400 and "point_value" in answer.get_json()["message"]
    ledger = alice.get(f"/api/v1/clubs/{CLUB}/ledger?date={NIGHT}")
    assert ledger.status_code == 200 and ledger.get_json()["money"]["value"] == "0.5"
    assert alice.get(f"/clubs/{CLUB}/ledger?date={NIGHT}").status_code == 200
    assert alice.get(f"/clubs/{CLUB}/ledger.csv?date={NIGHT}").status_code == 200


@pytest.mark.parametrize("value", ["0.5", "2", "0.000001", "999999999.5"])
def test_a_plain_point_value_is_kept(alice, disputed, value):
    answer = _money(alice, value)
    assert answer.status_code == 200 and answer.get_json()["money"]["value"] == value
    assert alice.get(f"/clubs/{CLUB}/ledger.csv?date={NIGHT}").status_code == 200


@pytest.mark.parametrize(
    ("body", "zh", "en"),
    [
        ({"night": "28.11.2026"}, "night（哪一晚）格式须为 YYYY-MM-DD", "night must be YYYY-MM-DD"),
        ({"to": "甲"}, "from 和 to 须是两个不同的玩家", "from and to must name two different"),
        ({"from": "甲" * 201}, "名字最多 200 个字符", "names of at most 200 characters"),
        ({"amount": "0"}, "amount（分数）须是不为 0 的整数", "other than 0"),
        (
            {"basis": "cash"},
            "basis（结账依据）必须是以下之一：recorded, owed",
            "one of recorded, owed",
        ),
        ({"paid_before": "x"}, "paid_before（之前记下的现金分数）须为整数", "paid_before must be"),
    ],
)
def test_a_bad_mark_is_refused_in_the_callers_language_naming_the_field(
    alice, disputed, body, zh, en
):
    mark = {"night": NIGHT, "from": "甲", "to": "乙", "amount": 3, "basis": "recorded"}
    token = csrf_token(alice, f"/clubs/{CLUB}/ledger?date={NIGHT}")
    for language, said in (("zh-CN", zh), ("en", en)):
        answer = alice.post(f"/api/v1/clubs/{CLUB}/ledger/paid", json={**mark, **body},
                            headers={"X-CSRFToken": token, "Accept-Language": language})  # fmt: skip
        assert answer.status_code == 400 and said in answer.get_json()["message"], answer.get_json()
    refused = alice.get(f"/api/v1/clubs/{CLUB}/ledger?date={NIGHT}&basis=cash")
    assert refused.status_code == 400 and "结账依据" in refused.get_json()["message"]
