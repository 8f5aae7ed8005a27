"""The table recorder: a hand entered at the table becomes v1 summary records (hand, wildcard,
showdowns, win or exhausted, settlement), judged live by the same audit as an upload, and appended
to the session's stream. See docs/recorder.md.

An entry (JSON from the phone)::

    {"client_id": "…", "result": "win" | "exhausted", "indicator": "9s",
     "win": {"seat": "S", "how": "discard", "tile": "5p", "from": "W"},
     "shows": {"S": {"concealed": [...without the winning tile...], "melds": [{kind, tiles, from}],
                     "revealed": [...]}, "W": {...}},
     "payments": [{"from", "to", "amount"}] | null, "note": "…"}

``payments`` null means "as the engine says": the settlement is the expected payments. Optional:
``no`` (the hand it was entered as), ``seat_change`` with ``seats`` (换位), ``win.also`` (一炮多响),
``win.flags`` (杠上开花 …), ``win.how`` ``instant`` (no tile).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from typing import Any

from flask_babel import gettext as _
from sqlmodel import select

from engine.audit import audit_hand, dealer_after
from engine.hand import is_winning_hand, shanten
from engine.model import SEATS
from engine.replay import replay
from engine.report import to_dict
from engine.rulesets import get_ruleset, ruleset_names
from engine.rulesets.base import Payment
from engine.tiles import chinese, sort_key, tile_name
from events import store
from events.codec import LogFormatError, canonical_json, parse_appended, parse_log
from events.models import Receipt, TableSession
from service.db import db, engine
from service.i18n import language, problems
from service.models import User
from service.recorder.entries import (
    EntryError,
    _seated,
    _tile,
    _tiles,
    has_indicator,
)
from service.recorder.play import play_of, play_records

HOWS = ("self_draw", "discard", "robbed_kong", "instant")  # instant: at the deal, no tile
MELD_KINDS = ("chi", "peng", "gang_exposed", "gang_concealed", "gang_added")
CLIENT_ID = re.compile(r"^[A-Za-z0-9_-]{8,64}$")


# -- rulesets ------------------------------------------------------------------------------------
def ruleset_info(name: str, opts: Any = None) -> dict:
    """What the page needs to draw the keyboard and the session form for a ruleset (with a
    session's options, or the defaults)."""
    rs = get_ruleset(name)
    opts = opts or rs.options()
    counts = rs.tile_counts(opts)
    return {
        "name": name,
        "title": rs.title_zh,
        "tiles": sorted(counts, key=sort_key),
        "counts": dict(counts),
        "names": {t: chinese(t) for t in counts},
        "has_indicator": has_indicator(rs, opts),
        "hand_size": rs.hand_size,
        "nonwinners_score": rs.nonwinners_score,
        "multiple_winners": rs.multiple_discard_winners,
        "kong_chains": rs.kong_chains_pay,  # the form's 杠上杠 checkbox
        "options": [
            {"name": n, "default": d, "doc": text.en, "text": {"zh": text.zh, "en": text.en},
             "choices": [{"value": v, "zh": label.zh, "en": label.en}
                         for v, label in rs.option_choices(n)]}
            for n, d, text in rs.option_texts()
        ],  # the form shows ``text`` and the choices' labels in the page's language, never a code
    }  # fmt: skip


def all_rulesets() -> dict[str, dict]:
    return {name: ruleset_info(name) for name in ruleset_names()}


# -- sessions ------------------------------------------------------------------------------------
def open_session(user: User, form: dict, clubs: list[str]) -> TableSession:
    """Store a new recorded session (its session record alone, receipt kind ``record``)."""
    club = str(form.get("club") or "")
    if club not in clubs:
        raise EntryError(_("you are not a member of club %(club)s", club=repr(club)), "club", 404)
    players = form.get("players")
    if not isinstance(players, list):
        raise EntryError(_("players: the four names, E S W N of the first hand"), "players")
    players = [str(p).strip() for p in players]
    record = {
        "type": "session",
        "ruleset": form.get("ruleset"),
        "options": form.get("options") or {},
        "club": club,
        "table": str(form.get("table") or "").strip(),
        "players": players,
        "started_at": datetime.now().astimezone().isoformat(timespec="seconds"),
        "recorded_by": user.username,
    }
    if not record["table"]:
        raise EntryError(_("name the table"), "table")
    parsed = _parsed([record])
    return store.ingest_parsed(parsed=parsed, club=club, engine=engine(), kind="record").session


def _parsed(records: list[dict]):
    try:
        return parse_log("\n".join(json.dumps(r, ensure_ascii=False) for r in records))
    except LogFormatError as e:
        first = e.errors[0]
        raise EntryError(problems.problem(first), first.field) from None


def _seat(seat: str) -> str:
    """A seat for people (东/East), not its letter."""
    return {"E": _("East"), "S": _("South"), "W": _("West"), "N": _("North")}.get(seat, seat)


def _tile_name(tile: str) -> str:
    return tile_name(tile, language())


def is_recorded(session_id: str) -> bool:
    return bool(recorded_ids([session_id]))


def recorded_ids(session_ids: list[str]) -> set[str]:
    """Which of these sessions were opened by the recorder (their first receipt is a record)."""
    if not session_ids:
        return set()
    query = (
        select(Receipt.session_id, Receipt.document)
        .where(Receipt.session_id.in_(session_ids))
        .order_by(Receipt.id)
    )
    first: dict[str, str] = {}
    with db() as session:
        for sid, doc in session.exec(query):
            first.setdefault(sid, doc)
    return {sid for sid, doc in first.items() if json.loads(doc)["receipt"]["kind"] == "record"}


@dataclass(frozen=True)
class Table:
    """A recorded session as the recorder sees it: its stored records, their replay, and the
    hand to enter next (number and seats, the dealer rotated by ``rs.next_dealer``)."""

    session: TableSession
    records: list[dict]
    rp: Any

    @classmethod
    def load(cls, session: TableSession) -> Table:
        return cls(session, *_stream(str(engine().url), session.id, session.head_seq))

    @property
    def ruleset(self):
        return self.rp.ruleset

    def next_hand(self) -> dict:
        if not self.rp.hands:
            return {"no": 1, "seats": dict(zip(SEATS, self.records[0]["players"], strict=True))}
        hand = self.rp.hands[-1]
        last = hand.outcome
        dealer = dealer_after(hand, audit_hand(hand)) or "E"  # (the audit's rotation)
        k = SEATS.index(dealer)
        seats = {SEATS[i]: last.seats[SEATS[(k + i) % 4]] for i in range(4)}
        return {"no": last.no + 1, "seats": seats}

    def saved_hand(self, no: int) -> tuple[dict, int]:
        """Hand ``no`` as entered (number and seats) and the seq of its hand record."""
        seq, (record, *_) = self.hand_slots(no)[0]
        return {k: record[k] for k in ("no", "seats", "seat_change") if k in record}, seq

    def client_ids(self) -> dict[str, int]:
        """Client id -> hand number of every hand the recorder saved."""
        return {
            r["client_id"]: r["no"]
            for r in self.records
            if r["type"] == "hand" and isinstance(r.get("client_id"), str)
        }

    def hand_slots(self, no: int) -> list[tuple[int, list[dict]]]:
        """Hand ``no``'s lines as stored (corrections excluded), each with the records in force
        there: its own, a correction's replacement and inserted records, or none (voided)."""
        start = next((h.seq for h in self.rp.hands if h.no == no), None)
        if start is None:
            raise EntryError(_("there is no hand %(no)s in this session", no=no), "no", 404)
        seqs = [start]
        for seq in range(start + 1, len(self.records)):
            kind = self.records[seq]["type"]
            if kind == "hand":
                break
            if kind != "correction":
                seqs.append(seq)
        slots = {seq: [self.records[seq]] for seq in seqs}
        for c in self.rp.corrections:
            if c.applied and c.target in slots:
                slots[c.target] = [] if c.replacement is None else [c.replacement, *c.inserted]
        return list(slots.items())

    def state(self) -> dict:
        """The poll answer: the session, the hands saved so far and the next hand."""
        s, first = self.session, self.records[0]
        hands = []
        for h in self.rp.hands:
            report = audit_hand(h)
            hands.append(
                {
                    "no": h.no,
                    "seq": h.seq,
                    **report.json("seats", "result", "wins"),
                    "client_id": self.records[h.seq].get("client_id"),
                    **report.json("expected_payments", "recorded_payments", "disputes"),
                    "entry": _entry_of(h),
                }
            )
        return {
            "session": {
                "id": s.id,
                "club": s.club,
                "table": s.table_name,
                "ruleset": s.ruleset,
                "options": first.get("options", {}),
                "players": list(s.players),
                "started_at": s.started_at,
            },
            "head_seq": s.head_seq,
            "hands": hands,
            "next": self.next_hand(),
        }


@lru_cache(maxsize=32)
def _stream(url: str, session_id: str, head_seq: int) -> tuple[list[dict], Any]:
    """A session's records up to ``head_seq`` and their replay (``url`` names the database).
    The stream only grows, so they stay true for that head: a poll or a tap of play by play
    does not read the store again (the cache's entries are shared, never changed)."""
    records = store.read_records(session_id=session_id, engine=engine())[: head_seq + 1]
    return records, replay(records)


def _entry_of(h) -> dict:
    """A saved hand back as an entry (for a correction); a full hand with its play."""
    out = h.outcome
    win = out.wins[0] if out.wins else None
    winners = {w.seat for w in out.wins}
    shows = {}
    for seat, sd in out.showdowns.items():
        concealed = list(sd.concealed)
        if seat in winners and win.tile in concealed:  # the winning tile is entered apart
            concealed.remove(win.tile)
        shows[seat] = {
            "concealed": concealed,
            "melds": [
                {"kind": m.kind, "tiles": list(m.tiles), "from": m.from_seat}
                | ({"on_replacement": True} if m.on_replacement else {})
                for m in sd.melds
            ],
            "revealed": list(sd.revealed),
        }
    return {
        "result": "win" if win else "exhausted",
        "indicator": out.indicator,
        "win": {
            "seat": win.seat,
            "how": win.how,
            "tile": win.tile,
            "from": win.from_seat,
            "flags": sorted(win.flags),
            "also": [w.seat for w in out.wins[1:]],
        }
        if win
        else None,
        "shows": shows,
        "payments": (h.settlement or {}).get("payments"),
        **({} if h.summary else {"play": play_of(h)}),
    }


# -- entries -------------------------------------------------------------------------------------
def hand_records(table: Table, entry: dict, hand: dict) -> list[dict]:
    """The v1 records of one entered hand (not yet validated by the codec)."""
    if not isinstance(entry, dict):
        raise EntryError(_("send the hand as a JSON object"))
    if entry.get("play") is not None:  # play by play: the full records of the hand
        return play_records(table, entry, hand)
    rs, opts = table.ruleset, table.rp.opts
    result = entry.get("result")
    if result not in ("win", "exhausted"):
        raise EntryError(_("result must be win or exhausted"), "result")
    records: list[dict] = [{"type": "hand", **hand}]
    if entry.get("client_id") is not None:
        records[0]["client_id"] = entry["client_id"]
    indicator = _tile(entry.get("indicator"), "indicator") if entry.get("indicator") else None
    if has_indicator(rs, opts):
        if indicator is None and result == "win":
            raise EntryError(_("enter the wildcard indicator"), "indicator")
        if indicator:
            records.append({"type": "wildcard", "indicator": indicator})
    shows = entry.get("shows") or {}
    if not isinstance(shows, dict) or not set(shows) <= set(SEATS):
        raise EntryError(_("shows must map seats E, S, W, N to their tiles"), "shows")
    wins = _checked_wins(entry.get("win"), rs) if result == "win" else []
    winners = {w["seat"]: w for w in wins}
    if set(winners) - set(shows):
        raise EntryError(_("enter the winner's tiles"), "shows")
    for seat in sorted(shows, key=lambda s: (s not in winners, SEATS.index(s))):
        records.append(_showdown(seat, shows[seat], winners.get(seat)))
    records += [{"type": "win", **w} for w in wins] or [{"type": "exhausted"}]
    counted = Counter([indicator] if indicator and not rs.indicator_in_wall(opts) else [])
    if len(wins) > 1:  # one discarded tile, in every winner's showdown
        counted[wins[0]["tile"]] -= len(wins) - 1
    _check_copies(rs.tile_counts(opts), records, counted)
    return records


def _checked_wins(win: object, rs) -> list[dict]:
    """The win records: the winner's, and one per seat in ``also`` that won on the same discard
    (一炮多响, where the ruleset allows several winners)."""
    win = win if isinstance(win, dict) else {}
    first = _checked_win(win)
    also = win.get("also") or []
    if not also:
        return [first]
    if not rs.multiple_discard_winners or first["how"] not in ("discard", "robbed_kong"):
        raise EntryError(_("only one winner here (this ruleset or way of winning has no several winners on one discard)"),
                         "win.also")  # fmt: skip
    others = set(SEATS) - {first["seat"], first["from"]}
    if not isinstance(also, list) or len(set(also)) != len(also) or not set(also) <= others:
        raise EntryError(_("also: the other seats that won on the same tile"), "win.also")
    same = {k: first[k] for k in ("how", "tile", "from")}
    return [first, *({"seat": seat, **same} for seat in also)]


def _checked_win(win: dict) -> dict:
    """The win record's fields: ``tile`` unless instant, ``from`` for a discard or robbed kong,
    ``flags`` (杠上开花, 海底 …: a summary hand has no play to derive them from)."""
    out = {"seat": win.get("seat"), "how": win.get("how")}
    if out["seat"] not in SEATS:
        raise EntryError(_("who won? (seat E, S, W or N)"), "win.seat")
    if out["how"] not in HOWS:
        raise EntryError(_("how was it won? (%(hows)s)", hows=", ".join(HOWS)), "win.how")
    if out["how"] != "instant":
        out["tile"] = _tile(win.get("tile"), "win.tile")
    if out["how"] in ("discard", "robbed_kong"):
        if win.get("from") not in SEATS or win["from"] == out["seat"]:
            raise EntryError(_("from whom? (another seat)"), "win.from")
        out["from"] = win["from"]
    flags = win.get("flags") or []
    if not isinstance(flags, list) or not all(isinstance(f, str) for f in flags):
        raise EntryError(_("flags must be a list of names"), "win.flags")
    if flags:
        out["flags"] = flags
    return out


def _showdown(seat: str, show: object, win: dict | None) -> dict:
    if not isinstance(show, dict):
        raise EntryError(_("%(seat)s: send concealed, melds and revealed tiles", seat=_seat(seat)),
                         f"shows.{seat}")  # fmt: skip
    concealed = _tiles(show.get("concealed"), f"shows.{seat}.concealed")
    if win is not None and "tile" in win:
        concealed.append(win["tile"])  # a winner's concealed tiles include the winning tile
    rec: dict[str, Any] = {"type": "showdown", "seat": seat, "concealed": concealed}
    melds = []
    melds_in = show.get("melds") or []
    if not isinstance(melds_in, list):
        raise EntryError(
            _("%(seat)s: melds must be a list", seat=_seat(seat)), f"shows.{seat}.melds"
        )
    for m in melds_in:
        if not isinstance(m, dict) or m.get("kind") not in MELD_KINDS:
            raise EntryError(_("a meld is one of %(kinds)s", kinds=", ".join(MELD_KINDS)),
                             f"shows.{seat}.melds")  # fmt: skip
        meld = {"kind": m["kind"], "tiles": _tiles(m.get("tiles"), f"shows.{seat}.melds")}
        if m["kind"] != "gang_concealed":
            if m.get("from") not in SEATS or m["from"] == seat:
                raise EntryError(_("%(seat)s: whose discard was claimed?", seat=_seat(seat)),
                                 f"shows.{seat}.melds")  # fmt: skip
            meld["from"] = m["from"]
        if m.get("on_replacement") is True:  # 杠上杠 (docs/log-format.md); the codec checks it
            meld["on_replacement"] = True
        melds.append(meld)
    if melds:
        rec["melds"] = melds
    revealed = _tiles(show.get("revealed"), f"shows.{seat}.revealed")
    if revealed:
        rec["revealed"] = revealed
    return rec


def _check_copies(counts, records: list[dict], seen: Counter[str]) -> None:
    """Refuse more copies of a tile than the set holds (a fifth 5p, a second 春); ``seen`` starts
    with what the showdowns do not hold (the indicator) or hold twice (a shared winning tile)."""
    for rec in records:
        if rec["type"] == "showdown":
            seen.update(rec["concealed"])
            seen.update(rec.get("revealed", ()))
            for m in rec.get("melds", ()):
                seen.update(m["tiles"])
    for tile, n in seen.items():
        if tile not in counts:
            raise EntryError(_("%(tile)s is not in this ruleset's tiles", tile=_tile_name(tile)),
                             "tiles")  # fmt: skip
        if n > counts[tile]:
            raise EntryError(
                _("%(n)s copies of %(tile)s entered; the set has %(have)s", n=n,
                  tile=_tile_name(tile), have=counts[tile]),
                "tiles",
            )  # fmt: skip


def _settlement(entry: dict, expected: tuple[Payment, ...]) -> dict:
    payments = entry.get("payments")
    if payments is None:
        payments = [{"from": p.payer, "to": p.payee, "amount": p.amount} for p in expected]
    elif not isinstance(payments, list):
        raise EntryError(_("payments must be a list of {from, to, amount}"), "payments")
    rec: dict[str, Any] = {"type": "settlement", "payments": payments}
    if entry.get("note"):
        rec["note"] = str(entry["note"])[:500]
    return rec


# -- evaluation ------------------------------------------------------------------------------------
def evaluate(table: Table, entry: dict, hand: dict | None = None, at: int | None = None) -> dict:
    """The engine's verdict on an entry before anything is saved: is it a winning hand, the 得
    reading, the itemised lines, the expected payments, and, when the entry carries the payments
    the table made, the disputes with their explanation (the audit of the would-be records).
    ``hand`` and ``at`` (its seq) re-enter a saved hand; default: the next one."""
    hand = hand or _seated(table.next_hand(), entry)
    canonical = _validated(table.records[:at], hand_records(table, entry, hand))
    rp = replay([table.records[0], *canonical])
    report = audit_hand(rp.hands[0])
    settlement = _settlement(entry, report.expected_payments)
    try:
        settlement = json.loads(canonical_json(settlement))
    except LogFormatError as e:
        raise EntryError(problems.problem(e.errors[0]), e.errors[0].field) from None
    if entry.get("payments") is not None:  # the table paid otherwise: audit what would be saved
        rp = replay([table.records[0], *canonical, settlement])
        report = audit_hand(rp.hands[0])
    names = hand["seats"]
    return {
        "no": hand["no"],
        "seats": names,
        "records": [*canonical, settlement],
        "winning": _winning(rp),
        **report.json("indicator", "wildcards", "reading", "items", "points", "limits"),
        "expected_payments": _named([to_dict(p) for p in report.expected_payments], names),
        "recorded_payments": _named(settlement["payments"], names),
        **report.json("expected_net", "disputes", "anomalies"),
    }


def _validated(before: list[dict], records: list[dict]) -> list[dict]:
    """The records in canonical form, checked by the codec after the stored ones. The codec's
    context of new hand records is the session record and the last hand record (players, tile
    set, numbering), so only those are fed again (the store checks the whole log on saving)."""
    last = next((r for r in reversed(before) if r["type"] == "hand"), None)
    try:
        return parse_appended([before[0], *([last] if last else [])], records)
    except LogFormatError as e:
        first = e.errors[0]
        raise EntryError(problems.problem(first), first.field) from None


def _winning(rp) -> dict | None:
    """Is the winner's hand a winning hand (and if not, how far: shanten)? An instant win at the
    deal is the ruleset's to judge (``rs.instant_win``), not a hand shape."""
    outcome = rp.hands[0].outcome
    if not outcome.wins:
        return None
    win = outcome.wins[0]
    sd = outcome.showdowns.get(win.seat)
    if sd is None:
        return None
    if win.how == "instant":
        return {"ok": rp.ruleset.instant_win(sd, outcome.wildcards, rp.opts), "shanten": None}
    try:
        ok = is_winning_hand(sd.concealed, sd.melds, outcome.wildcards)
        away = -1 if ok else shanten(sd.concealed, sd.melds, outcome.wildcards)
    except ValueError:
        return {"ok": False, "shanten": None}
    return {"ok": ok, "shanten": away}


def _named(payments: list[dict] | None, seats: dict) -> list[dict] | None:
    if payments is None:
        return None
    return [{**p, "from_player": seats[p["from"]], "to_player": seats[p["to"]]} for p in payments]


# -- saving ----------------------------------------------------------------------------------------
def save_hand(user: User, session: TableSession, entry: dict) -> tuple[dict, bool]:
    """Append the hand (settlement included); ``(answer, created)``. A client id already saved
    answers the stored hand with ``created`` False, so a retried save stores nothing twice. An
    entry naming the hand number it was entered as (``no``) is refused if that hand was saved
    meanwhile: its seats were another hand's."""
    client_id = entry.get("client_id") if isinstance(entry, dict) else None
    if not isinstance(client_id, str) or not CLIENT_ID.match(client_id):
        raise EntryError(
            _("each hand needs a client_id (8-64 letters, digits, - or _)"), "client_id"
        )
    for _attempt in range(3):
        table = Table.load(store.get_session(session_id=session.id, engine=engine()))
        done = table.client_ids()
        if client_id in done:
            return {
                "no": done[client_id],
                "duplicate": True,
                "head_seq": table.session.head_seq,
            }, False
        verdict = evaluate(table, entry)
        if entry.get("no") not in (None, verdict["no"]):
            raise EntryError(
                _(
                    "hand %(no)s was saved meanwhile (another phone?); check the seats and enter "
                    "this as hand %(next)s",
                    no=entry["no"],
                    next=verdict["no"],
                ),
                "no",
                409,
            )
        try:
            stored = store.append_records(
                session_id=session.id,
                records=verdict["records"],
                expected_seq=table.session.head_seq,
                engine=engine(),
            )
        except store.ConcurrencyConflict:
            continue  # another phone saved meanwhile: reload, then the duplicate check again
        except LogFormatError as e:
            # another phone's hand landed between the store's head check and its read of the
            # stream, so ours reads as out of order there: reload, as for a conflict
            now = store.get_session(session_id=session.id, engine=engine())
            if now.head_seq != table.session.head_seq:
                continue
            first = e.errors[0]
            raise EntryError(problems.problem(first), first.field) from None
        return {
            "no": verdict["no"],
            "duplicate": False,
            "head_seq": stored.session.head_seq,
            "disputes": verdict["disputes"],
            "receipt": stored.receipt,
        }, True
    raise EntryError(_("the table is busy; try again"), None, 409)


def correct_hand(user: User, session: TableSession, no: int, entry: dict, reason: str) -> dict:
    """Fix a saved hand, its result included (drawn <-> win, the winner, how): the new records
    are laid over the hand's lines in order, and each line whose records change gets one
    ``correction`` (the original stays in the stream). The first line keeps the hand record and
    the last the settlement (a dispute resolution corrects it by its seq); the line before the
    last takes any extra records (``inserted``), lines left over are voided. A hand already as
    entered gets none (``corrections`` 0), so a retried correction is harmless."""
    if not str(reason or "").strip():
        raise EntryError(_("say why the hand is corrected"), "reason")
    if not isinstance(entry, dict):
        raise EntryError(_("send the hand as a JSON object"))
    table = Table.load(session)
    slots = table.hand_slots(no)
    hand, at = table.saved_hand(no)
    client_id = slots[0][1][0].get("client_id")
    verdict = evaluate(table, {**entry, "client_id": client_id}, hand, at)
    corrections = [
        {"type": "correction", "target": seq, **_replacing(new), "reason": str(reason).strip(),
         "by": user.username}
        for (seq, old), new in zip(slots, _laid_over(verdict["records"], len(slots)), strict=True)
        if [canonical_json(r) for r in old] != [canonical_json(r) for r in new]
    ]  # fmt: skip
    answer = {"no": no, "corrections": len(corrections), "disputes": verdict["disputes"],
              "result": "win" if any(r["type"] == "win" for r in verdict["records"]) else "exhausted",
              "head_seq": session.head_seq}  # fmt: skip
    if not corrections:  # already as entered (a retried correction): nothing to append
        return answer
    try:
        stored = store.append_records(
            session_id=session.id,
            records=corrections,
            expected_seq=session.head_seq,
            engine=engine(),
        )
    except store.ConcurrencyConflict:
        raise EntryError(
            _("the session changed meanwhile; reload and try again"), None, 409
        ) from None
    return {**answer, "head_seq": stored.session.head_seq}


def _laid_over(records: list[dict], lines: int) -> list[list[dict]]:
    """``records`` (hand record first, settlement last) spread over a hand's ``lines``: one
    each in order, the surplus with the line before the last, the last line the settlement,
    empty lists for lines left over."""
    body = records[:-1]
    chunks = [[r] for r in body[: lines - 2]] + [body[lines - 2 :]]
    return chunks + [[] for _ in range(lines - 1 - len(chunks))] + [records[-1:]]


def _replacing(records: list[dict]) -> dict:
    if not records:
        return {"void": True}
    first, *rest = records
    return {"replacement": first, **({"inserted": rest} if rest else {})}
