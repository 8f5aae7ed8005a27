"""Xizhou's 承包: a kong that made the win (拉杠胡, 送杠胡, 还杠胡: the liable seat pays 5M alone) and
seats bound by their claims on each other (三包, 互包), and the summary log's 杠后炮 flag."""

from __future__ import annotations

from collections import Counter

from engine.model import SEATS, HandOutcome, Win
from engine.rulesets import tai
from engine.rulesets.base import Liability
from engine.rulesets.xizhou.options import Options

BAO_CLAIMS = 3  # 三包: three claims from one seat
# A summary log's win flag: the winning discard was the discarder's first after its kong (杠后炮).
FLAG_AFTER_KONG = "after_kong"
GANG_KINDS = ("la_gang", "song_gang", "huan_gang")  # the winner's 承包 for a kong: 5M
BAO_KINDS = ("san_bao", "hu_bao")
KIND_ZH = {
    "la_gang": "拉杠胡",
    "song_gang": "送杠胡",
    "huan_gang": "还杠胡",
    "san_bao": "三包",
    "hu_bao": "互包",
}
KIND_EN = {
    "la_gang": "robbing an added kong",
    "song_gang": "a win on the replacement of a kong one fed",
    "huan_gang": "a win on the discard of a konger one fed",
    "san_bao": "bound after three claims",
    "hu_bao": "bound both ways",
}


def liabilities(outcome: HandOutcome, opts: Options) -> tuple[Liability, ...]:
    """Each win's kong 承包 and the 三包/互包 of its seat with a partner who did not win."""
    out = []
    pairs = bound_pairs(tai.claim_counts(outcome), opts)
    for win in outcome.wins:
        kind = gang_kind(outcome, win)
        liable = gang_liable(outcome, win) if kind else None
        if kind and liable:
            out.append(Liability(kind, liable, win.seat))
        for pair, bao in pairs.items():
            if win.seat in pair:
                (other,) = pair - {win.seat}
                # "未胡的另一方": a bound partner who also won owes nothing for 三包
                if other not in outcome.winners:
                    out.append(Liability(bao, other, win.seat))
    return tuple(out)


def gang_kind(outcome: HandOutcome, win: Win) -> str | None:
    """拉杠胡 (robbing an added kong), 送杠胡 (replacement win after a kong of someone's discard)
    or 还杠胡 (win on the discard a seat made right after konging the winner's discard)."""
    if win.how == "robbed_kong":
        return "la_gang"
    if win.how == "self_draw":
        return "song_gang" if tai.kong_feeder(outcome, win) else None
    if win.how == "discard" and win.from_seat:
        return "huan_gang" if _fed_kong_before(outcome, win) else None
    return None


def _fed_kong_before(outcome: HandOutcome, win: Win) -> bool:
    """Was the winning tile the discarder's first discard after a 明杠 of the winner's discard
    (other kongs made on its replacement between them)? A summary log: its last kong listed
    (or the first of its chain, ``tai.listed_chain_start``) is the winner's 明杠, and the
    win's ``after_kong`` flag says the discard came right after."""
    if outcome.actions is None:
        kong = tai.listed_chain_start(outcome, win.from_seat) if win.from_seat else None
        fed = tai.listed_exposed_from(kong) == win.seat
        return fed and FLAG_AFTER_KONG in win.flags
    first = tai.chain_start(outcome.actions, win.from_seat or "", after_discard=True)
    return tai.exposed_from(first) == win.seat


def after_kong_played(outcome: HandOutcome, win: Win, opts: Options) -> bool:
    """Does a full log's play show what a win line's ``after_kong`` flag claims: the winning
    tile was the discarder's first discard after its last kong?"""
    if win.how != "discard" or win.from_seat is None or outcome.actions is None:
        return False
    return tai.chain_start(outcome.actions, win.from_seat, after_discard=True) is not None


def gang_liable(outcome: HandOutcome, win: Win) -> str | None:
    """Who pays 5M for the kong 承包 of this win."""
    kind = gang_kind(outcome, win)
    if kind == "song_gang":
        return tai.kong_feeder(outcome, win)
    return win.from_seat if kind else None


def bound_pairs(counts: Counter[tuple[str, str]], opts: Options) -> dict[frozenset[str], str]:
    """``{frozenset({a, b}): "san_bao" | "hu_bao"}`` for every pair of seats bound by their
    claims on each other (``counts`` as :func:`tai.claim_counts` gives them)."""
    pairs = {}
    for i, a in enumerate(SEATS):
        for b in SEATS[i + 1 :]:
            ab, ba = counts.get((a, b), 0), counts.get((b, a), 0)
            if opts.hu_bao_rule == "each_3":
                mutual = ab >= BAO_CLAIMS and ba >= BAO_CLAIMS
            else:
                mutual = ab > 0 and ba > 0 and ab + ba >= BAO_CLAIMS
            if mutual:
                pairs[frozenset((a, b))] = "hu_bao"
            elif ab >= BAO_CLAIMS or ba >= BAO_CLAIMS:
                pairs[frozenset((a, b))] = "san_bao"
    return pairs
