"""Every claim a log makes about a finished hand, checked before the hand is scored.

The replay checks the play step by step; what it takes as given is what a record *says*: a win's
flags, the tiles a showdown shows as revealed, concealed or melded, the winning tile, and in a
summary log (showdown only) the whole hand. :func:`check_claims` holds each such claim to the
seed and the physical set, using only facts the ruleset object states (``is_bonus``,
``hand_size``, ``flag_rules``, ``wildcard_claims_allowed``): no ruleset is named here.

An impossible claim becomes an anomaly (severity ``error``, on the record that makes it) and is
left out of the hand the ruleset scores (:class:`Checked.outcome`): a flag is dropped, a tile that
is never revealed is not scored as revealed, a tile that is always revealed counts as revealed, a
seat whose shown hand cannot exist is not scored, and a declared win that is no win is dropped
(nothing is owed for it). A claim that a summary log cannot show is listed in
:attr:`Checked.on_word`, "taken on the table's word". The list of claims is in docs/report.md.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any, TypedDict

from engine.model import (
    SEATS,
    WIN_HOW_EN,
    HandOutcome,
    Meld,
    Record,
    Showdown,
    Win,
    claim_order,
    prev_seat,
    who,
)
from engine.rulesets.base import Anomaly, FlagRule, Ruleset
from engine.state import ERROR, WARNING
from engine.state import names as _names
from engine.tiles import ALL_TILES, chinese, english

# Replay anomalies on a win line that mean the declared win is no win at all: the tiles do not
# win, or (a full log) the discard or added kong it takes was never made.
FALSE_WIN_CODES = frozenset({"not_winning", "claim_no_discard"})
# Anomalies on a win line that mean the ruleset bars the win although the tiles win (the seat
# threw a 得, the win takes a thrown 得, a passed 胡 before the seat's own draw): no win either,
# unless the ruleset's option keeps it (``Ruleset.barred_win_stands``).
BARRED_WIN_CODES = frozenset(
    {"won_after_discarding_wildcard", "win_on_discarded_wildcard", "passed_win"}
)


_NO_WIN_CODES = FALSE_WIN_CODES | BARRED_WIN_CODES
_REVEALED = attrgetter("revealed")


class OnWordClaim(TypedDict):
    """A claim taken on the table's word (the report's ``OnWord`` before its seats are named)."""

    seq: int | None
    claim: str
    zh: str
    en: str


@dataclass
class Checked:
    """The hand as the ruleset should score it, what was found, and what was believed."""

    outcome: HandOutcome
    anomalies: list[Anomaly] = field(default_factory=list)
    on_word: list[OnWordClaim] = field(default_factory=list)
    false_wins: tuple[str, ...] = ()
    barred_wins: tuple[str, ...] = ()  # of the false wins, those whose tiles win but the rules bar
    # The hand as the log declared it: ``outcome``'s wins and the win lines a priority seat's win
    # on the same discard outranks (one winner per discard), each shown with the tile it took.
    declared: HandOutcome | None = None
    outranked: tuple[Win, ...] = ()


def check_claims(
    records: Sequence[tuple[int, Record]],
    outcome: HandOutcome,
    replay_anomalies: Iterable[Anomaly],
    rs: Ruleset,
    opts: Any,
    summary: bool,
    outranked: Sequence[Win] = (),
) -> Checked:
    """Check the claims of one hand's records (``(seq, record)``, corrections applied). A full
    log's claims sit in the records after its last play step (wins, showdowns), and its reveal
    lines are looked up only when a revealed tile is one the ruleset never reveals: the audit
    of a clean full log pays for a few lookups, not a pass over the hand. ``outranked``: the win
    lines the replay left out for a priority seat's win on the same discard (``win_priority``)."""
    wild = outcome.wildcards
    bonus = bonus_tiles(rs, opts, wild)
    if summary:
        closing = records
    else:
        closing = _closing(records)
    win_seq: dict[str, int] = {}
    show_seq: dict[str, int] = {}
    claimed_flags: dict[str, tuple[str, ...]] = {}
    on_word: list[OnWordClaim] = []
    seq: int | None  # a record's; None for a claim no record makes
    show: Showdown | None
    for seq, rec in closing:
        kind = rec["type"]
        if kind == "win":
            win_seq[rec["seat"]] = seq
            claimed_flags[rec["seat"]] = tuple(rec.get("flags", ()))
        elif kind == "showdown":
            show_seq[rec["seat"]] = seq
        elif kind == "exhausted" and summary:
            on_word.append(_word(seq, "exhausted", "黄牌", "the wall ran out"))
    out = Checked(outcome, on_word=on_word)
    shows = dict(outcome.showdowns)
    stripped = set()
    if outranked:  # no win ("其它均不能胡牌"): the seat holds its hand without the winner's tile
        out.outranked = tuple(outranked)
        out.declared = dataclasses.replace(outcome, wins=(*outcome.wins, *outranked))
        for w in outranked:
            if w.seat in shows and w.tile in shows[w.seat].concealed:
                shows[w.seat] = shows[w.seat].without(w.tile)
                stripped.add(w.seat)
    # Revealed tiles: only what the ruleset reveals (a full log's reveal lines, a summary's
    # showdowns); a summary showdown's concealed tile that is always revealed counts as revealed.
    if not summary and not all(map(bonus.issuperset, map(_REVEALED, shows.values()))):
        for seq, rec in records:
            if rec["type"] == "reveal" and rec["tile"] not in bonus:
                out.anomalies.append(_not_revealable(seq, rec["seat"], rec["tile"]))
                shows[rec["seat"]] = _without_revealed(shows[rec["seat"]], rec["tile"])
    if summary:
        for seat, show in list(shows.items()):
            seq = show_seq.get(seat)
            bad = [t for t in show.revealed if t not in bonus]
            for tile in bad:
                out.anomalies.append(_not_revealable(seq, seat, tile))
                show = _without_revealed(show, tile)
            hidden = [t for t in show.concealed if t in bonus]
            if hidden:
                out.anomalies.append(
                    Anomaly(
                        seq,
                        "bonus_concealed",
                        ERROR,
                        f"{who(seat)} shows {_names(hidden)} among its concealed tiles; the "
                        f"{rs.title_en} rules always reveal it: counted as revealed",
                    )
                )
                rest = list(show.concealed)
                for t in hidden:
                    rest.remove(t)
                show = Showdown(seat, tuple(rest), show.melds, (*show.revealed, *hidden))
            shows[seat] = show
    # Which declared wins stand.
    replay_anomalies = list(replay_anomalies)
    no_win = FALSE_WIN_CODES if rs.barred_win_stands(opts) else _NO_WIN_CODES
    false_wins = _wins_flagged(outcome.wins, replay_anomalies, win_seq, FALSE_WIN_CODES)
    barred = _wins_flagged(outcome.wins, replay_anomalies, win_seq, no_win) - false_wins
    false_wins |= barred
    impossible: set[str] = set()
    if summary:
        winners = {w.seat: w for w in outcome.wins}
        at_deal = any(w.how == "instant" for w in outcome.wins)
        for seat, show in list(shows.items()):
            why = _impossible_show(show, winners.get(seat), at_deal, rs, wild)
            if why:
                out.anomalies.append(Anomaly(show_seq.get(seat), why[0], ERROR, why[1]))
                impossible.add(seat)
        for w in outcome.wins:
            show = shows.get(w.seat)
            if (
                w.tile
                and show is not None
                and w.seat not in impossible
                and w.tile not in show.concealed
            ):
                out.anomalies.append(
                    Anomaly(
                        win_seq.get(w.seat),
                        "win_tile_not_shown",
                        ERROR,
                        f"{who(w.seat)} declares a win on {english(w.tile)}, which its shown hand lacks",
                    )
                )
                impossible.add(w.seat)
        robbed_on_word = _check_robbed(outcome.wins, shows, impossible, win_seq, out.anomalies)
    else:
        robbed_on_word = set()
    false_wins |= {w.seat for w in outcome.wins if w.seat in impossible}
    later = None
    if outranked:  # (rare: the usual hand pays nothing for this)
        later = _next_in_priority(outcome, outranked, false_wins, replay_anomalies, win_seq, no_win)
    if later is not None:  # the priority seat's win is none: the next whose hand wins is the winner
        out.outranked = tuple(w for w in out.outranked if w is not later)
        if later.seat in stripped and later.tile:
            show = shows[later.seat]
            shows[later.seat] = dataclasses.replace(show, concealed=(*show.concealed, later.tile))
        out.anomalies.append(
            Anomaly(
                win_seq.get(later.seat),
                "priority_seat_no_win",
                WARNING,
                f"{who(later.seat)} wins: the win declared ahead of it on that tile is no win",
            )
        )
        for w in outcome.wins:
            if w.seat in false_wins and _same_tile(w, later) and w.seat in shows:
                shows[w.seat] = shows[w.seat].without(w.tile)
    # Flags: each one held to what it needs; unknown ones ignored.
    wins = []
    for w in (*outcome.wins, *(() if later is None else (later,))):
        seq = win_seq.get(w.seat)
        claimed = claimed_flags.get(w.seat, ())
        kept = w.flags
        if summary:
            kept = frozenset(f for f in claimed if _flag_claim(f, w, shows, rs, out.anomalies, seq))
            if w.seat not in false_wins:
                rules = rs.flag_rules
                out.on_word += [_word(seq, f, rules[f].zh, rules[f].en) for f in sorted(kept)]
                if w.from_seat:
                    came = w.from_seat
                    out.on_word.append(
                        _word(seq, "from", f"{who(came)}放的牌", f"the tile came from {who(came)}")
                    )
                if w.seat in robbed_on_word:
                    assert w.tile is not None  # _check_robbed names wins on a tile
                    zh = f"抢杠：{who(w.from_seat)}加杠{chinese(w.tile)}"
                    en = (
                        f"{who(w.from_seat)} was adding {english(w.tile)} to its pung (robbed kong)"
                    )
                    out.on_word.append(_word(seq, "robbed_kong", zh, en))
        else:
            for f in claimed:
                rule = rs.flag_rules.get(f)
                if rule is None:
                    out.anomalies.append(_unknown_flag(seq, w, f, rs))
                elif not _played(rule, f, outcome, w, opts):
                    out.anomalies.append(
                        Anomaly(
                            seq,
                            "flag_not_borne_out",
                            ERROR,
                            f"{who(w.seat)}'s win claims {rule.en}; the play does not bear it out: "
                            "scored as played",
                        )
                    )
        if w.seat not in false_wins:
            wins.append(w if kept == w.flags else dataclasses.replace(w, flags=kept))
    for seat in impossible:
        shows.pop(seat, None)  # a hand that cannot exist is not scored
    if false_wins:
        out.false_wins = tuple(s for s in SEATS if s in false_wins)
        out.barred_wins = tuple(s for s in SEATS if s in barred)
    if tuple(wins) != outcome.wins or shows != outcome.showdowns:
        out.outcome = dataclasses.replace(outcome, wins=tuple(wins), showdowns=shows)
    return out


_PLAY = frozenset(
    {"hand", "deal", "dice", "wildcard", "reveal", "draw", "discard", "chi", "peng", "gang"}
)


def _wins_flagged(
    wins: Iterable[Win],
    anomalies: Sequence[Anomaly],
    win_seq: Mapping[str, int],
    codes: frozenset[str],
) -> set[str]:
    """The seats of ``wins`` whose win line carries one of ``codes``."""
    if not anomalies:
        return set()
    return {
        w.seat
        for w in wins
        if any(a.code in codes and a.seq == win_seq.get(w.seat) for a in anomalies)
    }


def _next_in_priority(
    outcome: HandOutcome,
    outranked: Sequence[Win],
    false_wins: set[str],
    anomalies: Sequence[Anomaly],
    win_seq: Mapping[str, int],
    no_win: frozenset[str],
) -> Win | None:
    """The outranked win that stands because every win ahead of it on the same discard is no
    win (the seed's priority is among the seats whose hand wins), the first in claim order;
    None when a win ahead stands or no outranked hand wins. ``no_win``: the codes on a win line
    that make it none."""
    for w in sorted(outranked, key=_priority):
        ahead = [v for v in outcome.wins if _same_discard(v, w)]
        if any(v.seat not in false_wins for v in ahead):
            return None
        if not _wins_flagged((w,), anomalies, win_seq, no_win):
            return w
    return None


def _priority(w: Win) -> int:
    """A win's place in its discarder's claim order (a seat that names itself last)."""
    order = claim_order(w.from_seat or "E")
    return order.index(w.seat) if w.seat in order else len(order)


def _same_discard(a: Win, b: Win) -> bool:
    """Do two wins take one discard or added kong as the replay grouped them (the same way and
    seat; a summary's wins may name different tiles)?"""
    return (a.how, a.from_seat) == (b.how, b.from_seat)


def _same_tile(a: Win, b: Win) -> bool:
    """Do two wins take the same discard or added kong?"""
    return (a.how, a.from_seat, a.tile) == (b.how, b.from_seat, b.tile)


def _played(rule: FlagRule, flag: str, outcome: HandOutcome, w: Win, opts: Any) -> bool:
    """Does a full log's play show ``flag`` on win ``w``? The replay's derived flags for the
    engine's own; the ruleset's ``played`` for one it judges itself (one it cannot judge
    is believed: the play decides what is owed anyway)."""
    if rule.from_play:
        return flag in w.flags
    return rule.played is None or rule.played(outcome, w, opts)


def _closing(records: Sequence[tuple[int, Record]]) -> list[tuple[int, Record]]:
    """The records after a full log's last play step (its wins, showdowns, settlement)."""
    out = []
    for seq, rec in reversed(records):
        if rec["type"] in _PLAY:
            break
        out.append((seq, rec))
    return out[::-1]


def bonus_tiles(rs: Ruleset, opts: Any, wild: frozenset[str]) -> frozenset[str]:
    """The tiles the ruleset always reveals given the 得 (memoised: asked for every hand). The
    options are held and matched by identity (a session's hands share one object): hashing a
    frozen dataclass of options at every hand cost more than the lookup saves."""
    key = (rs, id(opts), wild)
    hit = _BONUS.get(key)
    if hit is not None and hit[0] is opts:
        return hit[1]
    if len(_BONUS) >= 256:
        _BONUS.clear()
    tiles = frozenset(t for t in ALL_TILES if rs.is_bonus(t, wild, opts))
    _BONUS[key] = (opts, tiles)
    return tiles


_BONUS: dict[tuple[Ruleset, int, frozenset[str]], tuple[Any, frozenset[str]]] = {}


def _not_revealable(seq: int | None, seat: str, tile: str) -> Anomaly:
    return Anomaly(
        seq,
        "not_revealable",
        ERROR,
        f"{who(seat)} reveals {english(tile)}, which these rules never reveal: not scored",
    )


def _without_revealed(show: Showdown, tile: str) -> Showdown:
    rest = list(show.revealed)
    if tile in rest:
        rest.remove(tile)
    return dataclasses.replace(show, revealed=tuple(rest))


def _impossible_show(
    show: Showdown, win: Win | None, at_deal: bool, rs: Ruleset, wild: frozenset[str]
) -> tuple[str, str] | None:
    """(code, message) when a summary showdown cannot exist: a meld no table can make, or a
    hand of the wrong size (melds count 3, so a kong's replacement is counted; when a hand ends
    with an instant win the dealer may still hold its 14th/17th tile)."""
    for meld in show.melds:
        why = _meld_problem(meld, show.seat, rs, wild)
        if why:
            return (
                "meld_impossible",
                f"{who(show.seat)} shows a {_MELD_EN.get(meld.kind, meld.kind)} of "
                f"{_names(meld.tiles)}: {why}",
            )
    size = len(show.concealed) + 3 * len(show.melds)
    if win is None:
        sizes = (
            (rs.hand_size, rs.hand_size + 1) if at_deal and show.seat == "E" else (rs.hand_size,)
        )
    elif win.how == "instant":
        sizes = (rs.hand_size, rs.hand_size + 1)
    else:
        sizes = (rs.hand_size + 1,)
    if size not in sizes:
        role = "the winner" if win else "a non-winner"
        return "shown_hand_size", (
            f"{who(show.seat)} shows {size} tiles (melds count 3); {role} holds "
            f"{' or '.join(map(str, sizes))} in {rs.title_en}"
        )
    return None


_MELD_EN = {
    "chi": "chow",
    "peng": "pung",
    "gang_exposed": "exposed kong",
    "gang_concealed": "concealed kong",
    "gang_added": "added kong",
}


def _meld_problem(meld: Meld, seat: str, rs: Ruleset, wild: frozenset[str]) -> str | None:
    tiles = meld.tiles
    if meld.kind == "chi":
        suits = {t[1] for t in tiles}
        ranks = sorted(int(t[0]) for t in tiles)
        if len(suits) != 1 or suits <= {"z", "f"} or ranks != list(range(ranks[0], ranks[0] + 3)):
            return "not a sequence of one suit"
        if meld.from_seat and meld.from_seat != prev_seat(seat):
            return f"a chow comes from the left seat ({who(prev_seat(seat))}), not {who(meld.from_seat)}"
    elif len(set(tiles)) != 1 or tiles[0][1] == "f":
        return "not one tile kind"
    if meld.kind == "gang_concealed" and meld.from_seat not in (None, seat):
        return "a concealed kong takes nobody's tile"
    if meld.kind != "gang_concealed" and meld.from_seat == seat:
        return "a claim takes another seat's discard"
    if not rs.wildcard_claims_allowed and meld.kind != "gang_concealed" and wild & set(tiles):
        return "a wildcard may not be used to chow, pung or kong"
    return None


def _flag_claim(
    flag: str,
    w: Win,
    shows: dict[str, Showdown],
    rs: Ruleset,
    anomalies: list[Anomaly],
    seq: int | None,
) -> bool:
    """Can the win carry ``flag``? If not, an anomaly says why and the flag is not scored."""
    rule = rs.flag_rules.get(flag)
    if rule is None:
        anomalies.append(_unknown_flag(seq, w, flag, rs))
        return False
    why = _flag_problem(rule, w, shows)
    if why:
        anomalies.append(
            Anomaly(
                seq,
                "impossible_flag",
                ERROR,
                f"{who(w.seat)}'s win claims {rule.en}, but {why}: not scored",
            )
        )
    return why is None


def _unknown_flag(seq: int | None, w: Win, flag: str, rs: Ruleset) -> Anomaly:
    return Anomaly(
        seq,
        "unknown_flag",
        WARNING,
        f"{who(w.seat)}'s win claims a way of winning the {rs.title_en} rules do not know: ignored",
    )


def _flag_problem(rule: FlagRule, w: Win, shows: dict[str, Showdown]) -> str | None:
    if w.how not in rule.hows:
        needs = " or ".join(WIN_HOW_EN.get(h, h) for h in sorted(rule.hows))
        return f"it needs a win by {needs}, not by {WIN_HOW_EN.get(w.how, w.how)}"
    if rule.dealer is True and w.seat != "E":
        return f"only the dealer ({who('E')}) can have it"
    if rule.dealer is False and w.seat == "E":
        return "the dealer cannot have it"
    if rule.from_dealer and w.from_seat != "E":
        return f"it needs the dealer's ({who('E')}) discard"
    show = shows.get(w.seat)
    if rule.needs_kong and not (show and any(m.is_kong for m in show.melds)):
        return "the winner shows no kong"
    if rule.needs_reveal and not (show and show.revealed):
        return "the winner revealed nothing to replace"
    by = shows.get(w.from_seat) if rule.discarder_kong and w.from_seat else None
    if by is not None and not any(m.is_kong and m.from_seat == w.seat for m in by.melds):
        return f"the discarder shows no kong of {who(w.seat)}'s tile"
    return None


def _check_robbed(
    wins: Sequence[Win],
    shows: dict[str, Showdown],
    impossible: set[str],
    win_seq: dict[str, int],
    anomalies: list[Anomaly],
) -> set[str]:
    """A summary's 抢杠胡: the robbed seat was adding the winning tile to its 碰, and the robbed
    kong counts as that 碰 again, so a robbed seat that shows its hand shows a 碰 of the tile.
    One that does not contradicts the win, which is then no win (``impossible`` gains the
    winner). Returns the winners whose robbed seat shows no hand: taken on the table's word."""
    on_word = set()
    for w in wins:
        if w.how != "robbed_kong" or not w.tile or not w.from_seat or w.seat in impossible:
            continue
        robbed = shows.get(w.from_seat)
        if robbed is None:
            on_word.add(w.seat)
        elif not any(m.kind == "peng" and m.tiles[0] == w.tile for m in robbed.melds):
            anomalies.append(
                Anomaly(
                    win_seq.get(w.seat),
                    "robbed_kong_no_peng",
                    ERROR,
                    f"{who(w.seat)} robs {who(w.from_seat)}'s kong of {english(w.tile)}, but {who(w.from_seat)} "
                    f"shows no pung of {english(w.tile)} to add it to: no win",
                )
            )
            impossible.add(w.seat)
    return on_word


def _word(seq: int | None, claim: str, zh: str, en: str) -> OnWordClaim:
    """A claim taken on the table's word (``taken_on_word``)."""
    return {
        "seq": seq,
        "claim": claim,
        "zh": f"{zh}：照桌上所记",
        "en": f"{en}: as the table recorded",
    }
