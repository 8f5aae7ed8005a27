"""杠上杠 in a summary log: a showdown meld's ``on_replacement`` (docs/log-format.md) says a kong
was made at once on the replacement of the kong listed before it, so a summary log pays a bloom
or a 杠后炮 after a kong chain as the full log of the same hand does (docs/rules/zhoushan.md and
xizhou.md, "Decision (seedsB, 杠上杠)"). Each hand is played as a full log (play_log.py) and
written as a summary log; the numbers were computed by hand from the seeds:

  zhoushan "(12)杠上开花…抓别人的牌开杠，补牌后成胡，被开杠那家付3家，杠上开花与自摸不累加。"
  xizhou "送杠胡：接他人点杠并扛开（不与扛开叠加），1台" "送杠胡：点杠玩家需付胡家5M"
         "还杠胡：点任一玩家杠后接该玩家杠后炮胡牌，1台" "还杠胡：杠牌并点炮玩家需付胡家5M"
"""

import json

import pytest

from engine.audit import audit_records
from engine.replay import replay
from engine.rulesets import get_ruleset, ruleset_names
from engine.simulate.session import summary_records
from events.codec import parse_log
from tests.engine.rulesets import play_log
from tests.engine.rulesets.seed_case_helpers import audited, each, flows, indicator
from tests.engine.rulesets.test_seed_combos_xizhou import CHAIN, CHAIN_EAST, HUAN_GANG_DEALS
from tests.engine.rulesets.test_seed_stacks_zhoushan import ADDED_CHAIN, ADDED_CHAIN_DEALS
from tests.engine.summary_log import log, settlement, show, win

# 北 明杠s 南's 5p; the replacement is its fourth 7s, konged at once (暗杠); the second
# replacement 5m completes 46m (123m 99s).
BLOOM_DEALS = {
    "E": CHAIN_EAST,
    "S": "2358m1379p1248s5z",
    "W": "5669m1489p3568s7z",
    "N": "555p777s123m46m99s",
}
EXPOSED_5P = {"kind": "gang_exposed", "tiles": "5555p", "from": "S"}


def _concealed_7s(chained: bool) -> dict:
    meld = {"kind": "gang_concealed", "tiles": "7777s"}
    return meld | {"on_replacement": True} if chained else meld


def _bloom_summary(chained: bool) -> list[dict]:
    north = show("N", "123m456m99s")
    north["melds"] = [EXPOSED_5P, _concealed_7s(chained)]
    return [north, win("N", "self_draw", "5m", flags=["kong_replacement"])]


@pytest.mark.parametrize(
    ("ruleset", "tai", "chained", "unchained"),
    [
        # 杠上开花 2 + 坎张 1 = 3台. The chain began with 南's 5p: 南 pays 3 × 3 = 9 alone. Read as
        # the seat's own 暗杠 (no field): "自摸…其他三家…付" 3 each.
        pytest.param("zhoushan", 3, {("S", "N"): 9}, each("N", 3), id="zhoushan"),
        # 送杠胡 1 + 嵌倒 1 + 自摸 1 = 3 (no 门清: a 明杠); 南 pays 5M = 15. Read as the own 暗杠: 杠开
        # 1 + 嵌倒 1 + 自摸 1 = 3, M = 3 from each.
        pytest.param("xizhou", 3, {("S", "N"): 15}, each("N", 3), id="xizhou"),
    ],
)
def test_a_bloom_after_a_kong_chain_pays_alike_in_both_logs(ruleset, tai, chained, unchained):
    full = play_log.audited(play_log.full_log(ruleset, BLOOM_DEALS, f"{CHAIN} N*5m N:zimo:5m"))
    summary = audited(ruleset, _bloom_summary(chained=True))
    assert full["points"] == summary["points"] == {"N": tai}
    assert play_log.flows(full) == flows(summary) == chained
    # Without the field, a summary log keeps its old reading: the last kong listed, 北's own.
    assert flows(audited(ruleset, _bloom_summary(chained=False))) == unchained


def test_a_huan_gang_after_a_kong_chain_pays_alike_in_both_logs():
    # 北's first discard after the chain 南 began, 3s, is won by 南 (12s: 边倒, 门清): 还杠胡 1 +
    # 边倒 1 + 门清 1 = 3台, 北 pays 5M = 15. Read from the last kong listed (北's own 暗杠): no
    # 还杠胡, 2台, "点炮玩家付2M": 4.
    full = play_log.audited(
        play_log.full_log("xizhou", HUAN_GANG_DEALS, f"{CHAIN} N*9s N-3s S:hu:3s:N")
    )

    def summary(chained: bool) -> dict:
        north = show("N", "9s11z22z33z")
        north["melds"] = [EXPOSED_5P, _concealed_7s(chained)]
        south = show("S", "123m456m789m123s88p")
        return audited("xizhou", [north, south, win("S", "discard", "3s", "N", ["after_kong"])])

    assert full["points"] == summary(True)["points"] == {"S": 3}
    assert play_log.flows(full) == flows(summary(True)) == {("N", "S"): 15}
    assert flows(summary(False)) == {("N", "S"): 4}


@pytest.mark.parametrize(("ruleset", "payments"), [("zhoushan", 9), ("xizhou", 15)])
def test_an_added_kong_chained_to_a_claimed_one(ruleset, payments):
    # test_seed_stacks_zhoushan.py's hand: 北's 碰 of 东's 7s grows into a 加杠 on the replacement
    # of its 明杠 of 南's 5p, and 5m wins on the 加杠's replacement: 南 pays 3 × 3 (zhoushan) or
    # 5 × 3 (xizhou). The summary lists the 加杠 when it was made (after the 明杠), chained.
    full = play_log.audited(play_log.full_log(ruleset, ADDED_CHAIN_DEALS, ADDED_CHAIN))
    north = show("N", "123m456m99s")
    north["melds"] = [
        EXPOSED_5P,
        {"kind": "gang_added", "tiles": "7777s", "from": "E", "on_replacement": True},
    ]
    summary = audited(ruleset, [north, win("N", "self_draw", "5m", flags=["kong_replacement"])])
    assert play_log.flows(full) == flows(summary) == {("S", "N"): payments}


@pytest.mark.parametrize(
    ("ruleset", "deals", "steps", "payments"),
    [
        pytest.param(
            "zhoushan", BLOOM_DEALS, f"{CHAIN} N*5m N:zimo:5m", {("S", "N"): 9}, id="zhoushan"
        ),
        pytest.param(
            "xizhou", BLOOM_DEALS, f"{CHAIN} N*5m N:zimo:5m", {("S", "N"): 15}, id="xizhou"
        ),
        pytest.param(
            "xizhou",
            HUAN_GANG_DEALS,
            f"{CHAIN} N*9s N-3s S:hu:3s:N",
            {("N", "S"): 15},
            id="xizhou_huan_gang",
        ),
        pytest.param(
            "zhoushan", ADDED_CHAIN_DEALS, ADDED_CHAIN, {("S", "N"): 9}, id="zhoushan_added_kong"
        ),
    ],
)
def test_the_simulators_summary_of_a_kong_chain_pays_as_its_play(ruleset, deals, steps, payments):
    # engine.simulate writes a played hand as a summary log (`fupan simulate --summary`): the
    # kong made on the replacement says so, and the summary pays what the play does (the
    # numbers above).
    full = play_log.full_log(ruleset, deals, steps)
    hand = replay(full).hands[0]
    rs = get_ruleset(ruleset)
    scorings = rs.score(hand.outcome, hand.opts)
    scored = (scorings, rs.settle_input(hand.outcome, scorings, hand.opts))
    body = summary_records(hand.outcome, scored, rs.flag_rules)
    north = next(r for r in body if r["type"] == "showdown" and r["seat"] == "N")
    assert [m.get("on_replacement", False) for m in north["melds"]] == [False, True]
    summary = audit_records(parse_log("\n".join(json.dumps(r) for r in full[:2] + body)).records)
    assert flows(summary["hands"][0]) == play_log.flows(play_log.audited(full)) == payments


@pytest.mark.parametrize(
    ("ruleset", "named"), [("zhoushan", "bao_missed"), ("xizhou", "song_gang_missed")]
)
def test_a_chained_bloom_paid_by_all_three_is_explained(ruleset, named):
    # The table paid the first test's hand as a bloom on 北's own kong (3 from each): the audit
    # names the feeder's 包 (zhoushan 杠上开花包三家, xizhou 送杠胡) it missed first.
    paid = settlement(("E", "N", 3), ("S", "N", 3), ("W", "N", 3))
    hand = audit_records(log(ruleset, [*_bloom_summary(chained=True), paid]))["hands"][0]
    assert hand["explanations"][0]["code"] == named


@pytest.mark.parametrize("ruleset", ruleset_names())
def test_kong_chains_pay_says_which_rulesets_read_the_field(ruleset):
    # The recorder asks for 杠上杠 where ``kong_chains_pay`` is set: there the chained bloom pays
    # otherwise than the seat's own 暗杠 (the first test's numbers); in wenling and huangyan a
    # 杠上开花 is worth the same whoever fed the kong ("杠上开花为 1番"), so the field changes nothing.
    rs = get_ruleset(ruleset)
    lead = [indicator("3z")] if rs.wildcards("3z", rs.options()) else []  # a 得 not in the hand
    extra = "888p" * ((rs.hand_size - 13) // 3)  # wenling's 16 tiles: one set more

    def paid(chained: bool) -> dict:
        north = show("N", "123m456m99s" + extra)
        north["melds"] = [EXPOSED_5P, _concealed_7s(chained)]
        kong_bloom = win("N", "self_draw", "5m", flags=["kong_replacement"])
        return flows(audited(ruleset, [*lead, north, kong_bloom]))

    assert (paid(True) != paid(False)) is rs.kong_chains_pay
