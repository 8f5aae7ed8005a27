"""A declared win that is no win (a passed 胡 the rules bar, in this fixture) is not called 胡家
on the hand page: the treasurer sees the seat's win does not stand."""

from __future__ import annotations

from tests.service.conftest import EN, fixture_log, verified


def _heading(page: str, player: str) -> str:
    start = page.index(f"<h2>{player}")
    return page[start : page.index("</h2>", start)]


def test_a_barred_win_is_not_called_the_winner(alice):
    # hand 1: 小李 (S) lets 老王's 9s go by, then wins on 阿芳's 6s before drawing (passed_win);
    # hand 2: the same play with a draw between, by 老王 (S now), which stands.
    sid = verified(alice, fixture_log("zhoushan/passed_win.jsonl"))
    barred = alice.get(f"/sessions/{sid}/hands/1").get_data(as_text=True)
    assert "胡不成立" in _heading(barred, "小李") and "胡家" not in _heading(barred, "小李")
    result = barred[barred.index("<p>结果") : barred.index("</p>", barred.index("<p>结果"))]
    assert "（胡不成立）" in result or "(胡不成立)" in result  # the declared win, marked
    stands = alice.get(f"/sessions/{sid}/hands/2").get_data(as_text=True)
    assert "胡家" in _heading(stands, "老王") and "胡不成立" not in stands
    english = alice.get(f"/sessions/{sid}/hands/1", headers=EN).get_data(as_text=True)
    assert "declared win does not stand" in english


def test_the_replays_last_step_says_which_declared_wins_stand(alice):
    sid = verified(alice, fixture_log("zhoushan/passed_win.jsonl"))
    for hand, stands in ((1, False), (2, True)):
        first = alice.get(f"/api/v1/sessions/{sid}/hands/{hand}/steps/0").get_json()
        last = alice.get(f"/api/v1/sessions/{sid}/hands/{hand}/steps/{first['steps']}").get_json()
        assert [w["stands"] for w in last["win_tiles"]] == [stands]
        assert [w["stands"] for w in last["result"]["wins"]] == [stands]
