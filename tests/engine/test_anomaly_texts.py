"""Every anomaly message is plain English: a Chinese page shows the anomaly's zh label (its
code's, engine.state.ANOMALY_LABELS), an English page its message, which names win flags, win
kinds, records, rulesets and tiles in English words, never by code ("(flags: last_tile)",
"wenling", "7m"), and says no Chinese ("换位 … 圈", a rule's zh name) outside players' names.

Two ways: the engine's source (every message a call can make, with what it interpolates), and
the messages the checks make for each win flag a table can claim wrongly."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from engine.checks import _flag_claim, _unknown_flag
from engine.hand import HandError, decompositions, is_winning_hand, waits
from engine.model import Meld, Showdown, Win, name_seats
from engine.rulesets import SHIPPED, get_ruleset
from engine.state import ANOMALY_LABELS
from tests.engine.test_seat_names import CJK, problems
from tests.service.i18n.one_language import internal_codes

ENGINE = Path(__file__).resolve().parents[2] / "engine"
SEATS = {"E": "阿强", "S": "小李", "W": "老王", "N": "阿芳"}
# The argument holding the message (or a word of it) of each call that makes one.
MESSAGE_ARG = {"Anomaly": 3, "flag": 2, "flag_once": 3, "HandError": 0, "_size_error": 1,
               "_claimed": 2, "check_turn": 3}  # fmt: skip
# Helpers whose returned text becomes a message ("… declares a win: <why>").
WHY_HELPERS = {"_flag_problem", "_meld_problem", "_why_not_winning", "_impossible_show"}
# An interpolated value that is a code, not words: a seat letter, a win kind, a record type, a
# flag, a ruleset's code name, a label's zh, anything by repr.
CODE_VALUE = re.compile(r"(?:\.seat|\.how|\.kind|\.name|\.zh|\bflag|\[.type.\]|\bseat|\bkind)$")


def _parts(node: ast.AST):
    """(literal text, interpolated expressions) of a message expression."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value, None
    elif isinstance(node, ast.JoinedStr):
        for v in node.values:
            if isinstance(v, ast.Constant):
                yield v.value, None
            else:
                yield "", ast.unparse(v.value) + ("!r" if v.conversion == ord("r") else "")
    elif isinstance(node, ast.BinOp):
        yield from _parts(node.left)
        yield from _parts(node.right)
    elif isinstance(node, ast.IfExp):
        yield from _parts(node.body)
        yield from _parts(node.orelse)
    else:
        yield "", ast.unparse(node)


def source_messages() -> list[tuple[str, str | None, str]]:
    """(literal, expression, where) of every message the engine's source can make."""
    found = []
    for path in ENGINE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        exprs = []
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
                i = MESSAGE_ARG.get(name)
                if i is not None and len(node.args) > i:
                    exprs.append(node.args[i])
            elif isinstance(node, ast.FunctionDef) and node.name in WHY_HELPERS:
                exprs += [r.value for r in ast.walk(node) if isinstance(r, ast.Return) and r.value]
        for expr in exprs:
            where = f"{path.relative_to(ENGINE.parent)}:{expr.lineno}"
            found += [(text, value, where) for text, value in _parts(expr)]
    return found


def test_every_message_in_the_source_is_english_words():
    found = source_messages()
    assert len(found) > 150
    chinese = [(w, t) for t, _, w in found if CJK.search(t)]
    codes = [(w, v) for _, v, w in found if v and (v.endswith("!r") or CODE_VALUE.search(v))]
    assert chinese == [] and codes == []


def test_the_source_check_sees_a_code_and_chinese():
    """The check itself can fail: the messages the engine used to make are caught."""
    tree = ast.parse('Anomaly(seq, "x", ERROR, f"{who(w.seat)}\'s win claims {rule.zh} (flags: {flag})")'
                     '\nAnomaly(None, "y", "warning", f"换位 after {passes} passes in {rs.name}: {exc!r}")')  # fmt: skip
    values = [v for call in tree.body for text, v in _parts(call.value.args[3]) if v]
    assert [v for v in values if v.endswith("!r") or CODE_VALUE.search(v)] == [
        "rule.zh", "flag", "rs.name", "exc!r"]  # fmt: skip
    texts = [t for call in tree.body for t, _ in _parts(call.value.args[3])]
    assert [t for t in texts if CJK.search(t)] == ["换位 after "]


def _readable(message: str) -> list[str]:
    named = name_seats(message, SEATS, "en")
    return problems("", named, SEATS.values()) + internal_codes(named, set(SEATS.values()))


@pytest.mark.parametrize("ruleset", SHIPPED)
def test_every_wrong_flag_claim_reads_in_english(ruleset):
    """Each win flag of the ruleset claimed where it cannot be (by a winner of the wrong seat,
    by the wrong kind of win, with nothing shown), and a flag no ruleset knows."""
    rs = get_ruleset(ruleset)
    found = []
    empty = Showdown("S", ("1m",) * 2, (), ())
    for flag in rs.flag_rules:
        for win in (Win("S", "discard", "1m", "E"), Win("E", "self_draw", "1m"),
                    Win("S", "robbed_kong", "1m", "W"), Win("N", "instant")):  # fmt: skip
            _flag_claim(flag, win, {"S": empty}, rs, found, 7)
    found.append(_unknown_flag(7, Win("S", "discard", "1m", "E"), "lucky_seven", rs))
    assert {a.code for a in found} == {"impossible_flag", "unknown_flag"}
    assert {a.code: a for a in found}["impossible_flag"].code in ANOMALY_LABELS
    assert {m: p for m, p in ((a.message, _readable(a.message)) for a in found) if p} == {}
    assert not any("lucky_seven" in a.message for a in found)


@pytest.mark.parametrize("call", [
    lambda: is_winning_hand("123m11z", melds=(Meld("chi", ("1m", "3m", "5m")),)),
    lambda: is_winning_hand("1m1m", melds=(Meld("peng", ("1m",) * 3),)),
    lambda: waits("1f1f123m", wildcards="1f"),
    lambda: is_winning_hand("123m1f11z"),
    lambda: list(decompositions("123m456p789s11z222z", winning_tile="5m")),
    lambda: is_winning_hand("123m"),
])  # fmt: skip
def test_a_hand_error_names_tiles_in_english(call):
    """A HandError's text reaches the audit (score_failed, not_winning): tiles by name."""
    with pytest.raises(HandError) as raised:
        call()
    assert _readable(str(raised.value)) == []
