"""西周麻将 (Xizhou): 144 tiles with flowers, 13 in hand, the standard shape only, 1 台 to win,
M = 台 × 底分, and 承包 (三包, 互包, 拉杠/送杠/还杠胡). Clause-by-clause reading and every decision
on an ambiguous clause: docs/rules/xizhou.md. The ruleset assembled from its modules
(docs/engine.md, "A ruleset's package").
"""

from __future__ import annotations

from engine.rulesets import register, tai
from engine.rulesets.assembled import Assembled, Parts
from engine.rulesets.base import FLAG_RULES, FlagRule, Term, Text
from engine.rulesets.xizhou import flow, liability, mistakes, settlement, winner
from engine.rulesets.xizhou.liability import BAO_CLAIMS, BAO_KINDS, FLAG_AFTER_KONG, GANG_KINDS
from engine.rulesets.xizhou.options import Options
from engine.rulesets.xizhou.options import Options as XizhouOptions
from engine.rulesets.xizhou.settlement import BAO_M, BAO_SELF_DRAW_M, DISCARD_M, GANG_M
from engine.rulesets.xizhou.winner import MIN_TAI


class Xizhou(Assembled):
    name = "xizhou"
    title_zh = "西周麻将"
    title_en = "Xizhou mahjong"
    points_unit = ("台", "tai")
    Options = Options
    hand_size = 13
    has_flowers = True
    dice_thrower = "E"  # "掷骰子：庄家掷骰子"
    multiple_discard_winners = True
    passed_win_waits_for_draw = True  # the replay checks a passed 胡 (see docs)
    kong_chains_pay = True  # 送杠胡 and 还杠胡 by the chain's first kong
    concealed_kong_hidden_while_closed = True  # "当玩家门清时，暗杠不亮明；非门清时，暗杠需亮明1张"
    flag_rules = FLAG_RULES | {
        FLAG_AFTER_KONG: FlagRule(
            "杠后炮",
            "the discard came right after the discarder's kong",
            frozenset({"discard"}),
            discarder_kong=True,
            from_play=False,
            played=liability.after_kong_played,
        )
    }
    liability_kinds = (*GANG_KINDS, *BAO_KINDS)
    minimum_rule = "at least 1 tai"
    # The seed bars discarding the claimed tile itself (not a 吃's other end), with exceptions:
    # check() enforces it.
    forbid_discard_of_claimed = False
    parts = Parts(winner.WINNER, settlement, mistakes, flow, liability=liability, checks=flow)

    def tile_counts(self, opts: XizhouOptions) -> dict[str, int]:
        return tai.tile_counts_144()

    def terms(self, opts: XizhouOptions) -> tuple[Term, ...]:
        return (
            Term(
                "胡",
                "胡牌只认标准牌型：四组（顺子、刻子或杠）加一对将。",
                "A win is the standard shape only: four sets (chows, pungs or kongs) and a pair.",
            ),
            Term(
                "台",
                f"牌的分值单位。下表各项相加，至少{MIN_TAI}台才能胡（{MIN_TAI}台起胡），不封顶。",
                f"What a winning hand is worth: the items below added up. A win needs at least "
                f"{MIN_TAI} tai; there is no cap.",
            ),
            Term(
                "底分",
                f"M = 台 × 底分（本局底分 {opts.base}）：付款都以M计。",
                f"M = tai × the base ({opts.base} here): every payment is a multiple of M.",
            ),
            Term(
                "包",
                f"承包：一家替别家付。三包：一家吃、碰、明杠另一家的牌达{BAO_CLAIMS}次；"
                f"互包：两家互相吃碰达到此数；拉杠胡、送杠胡、还杠胡：让胡牌成立的那一杠的一方独付。",
                f"Paying for others. Bound after three claims: one seat claimed {BAO_CLAIMS} times "
                f"(chow, pung, exposed kong) from another; bound both ways: the two claimed from "
                f"each other that often; robbing an added kong, a win on the replacement or on "
                f"the discard of a kong one fed: the seat whose kong made the win pays alone.",
            ),
        )

    def payment_rules(self, opts: XizhouOptions) -> tuple[Text, ...]:
        return (
            Text("自摸：其余三家各付 M。", "Self-draw: each of the other three pays M."),
            Text(
                f"放炮（含抢杠）：放炮者一家付 {DISCARD_M}M。",
                f"On a discard (or a robbed kong): the discarder alone pays {DISCARD_M}M.",
            ),
            Text(
                f"拉杠胡、送杠胡、还杠胡：承包者一家付 {GANG_M}M。",
                f"Wins made by a kong (robbed, or fed by another seat): the liable seat alone pays "
                f"{GANG_M}M.",
            ),
            Text(
                f"三包：被包的一家另付 {BAO_M}M（自摸时独付 {BAO_SELF_DRAW_M}M）；互包此部分加倍。",
                f"Bound after three claims: the bound seat pays {BAO_M}M more ({BAO_SELF_DRAW_M}M "
                f"alone on a self-draw); bound both ways doubles that part.",
            ),
            Text(
                "一炮多响：每位胡家分别收款；与不同家的承包关系相加。",
                "Several winners on one discard are each paid; relations with different seats "
                "add up.",
            ),
        )

    def dead_wall(self, back_draws: int, flowers_out: int, opts: XizhouOptions) -> int:
        """流局 at 16 live tiles left while not all 8 flowers are out, at 18 once they are."""
        return 18 if flowers_out >= 8 else 16


RULESET = register(Xizhou())

__all__ = ["RULESET", "Options", "Xizhou"]
