"""The one interface every ruleset implements; the replay and the audit never branch on a name.

A ruleset is a subclass of :class:`Ruleset` with a frozen ``Options`` dataclass (every field has
a default and ``metadata={"doc": ...}``; :func:`option` makes such a field). The audit calls,
per hand::

    scorings = rs.score(outcome, opts)             # {seat: Scoring}, every seat that scores
    inp = rs.settle_input(outcome, scorings, opts) # winners, points, liabilities (包三家, 承包)
    payments = rs.settle(inp, opts)                # what should be paid
    for mistake in rs.mistakes(outcome, scorings, inp, opts): ...   # explanations of disputes

``fupan settle`` builds a :class:`SettleInput` from the command line and calls ``settle`` alone.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar, TypeVar, cast

from engine.frozen import one_step_init
from engine.model import (
    FLAG_BONUS_REPLACEMENT,
    FLAG_FIRST_DISCARD,
    FLAG_FIRST_DRAW,
    FLAG_HEAVEN,
    FLAG_KONG_REPLACEMENT,
    FLAG_LAST_TILE,
    Action,
    HandOutcome,
    Showdown,
    StepFields,
    Win,
    who,
)
from engine.shapes import STANDARD, Shape
from engine.tiles import chinese, english


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """One itemised line of a scoring: ``value`` in ``unit`` (胡, 番 or 台) for ``count`` items."""

    code: str
    zh: str
    en: str
    value: int
    unit: str
    count: int = 1


@dataclass(frozen=True, slots=True)
class Step:
    """One step of the ruleset's formula from a seat's lines to its points, with its numbers:
    ``operand`` is what the step applies (the 番 doubled, the multiple rounded to, the cap) and
    ``value`` the result after it. Made by the function that computes the points, so the hand
    page's arithmetic is the scoring itself, not a second copy of the formula."""

    code: str
    zh: str
    en: str
    value: int
    operand: int | None = None


# A checked kind (``Ruleset.checked_kinds``): a discard right after a claim, the one step a
# rule on discarding what was just claimed (吃张打张) needs to see.
CLAIMED_DISCARD = "claimed_discard"

# The labels of the formula steps the rulesets use (code: zh, en).
STEP_LABELS: dict[str, tuple[str, str]] = {
    "hu_sum": ("胡数合计", "sum of hu"),
    "fan_sum": ("番数合计", "sum of fan"),
    "tai_sum": ("台数合计", "sum of tai"),
    "doubled": ("胡 × 2^番", "hu × 2 to the power of fan"),
    "round_up": ("进位", "rounded up to a multiple of"),
    "cap": ("封顶", "capped at"),
    "limit": ("腊子(封顶)", "limit hand, paid at the cap"),
    "below_minimum": ("不够起胡", "below the minimum to win: nothing paid"),
    "liable": ("被包方牌点以 0 计", "the liable seat's points count 0"),
}


@lru_cache(maxsize=4096, typed=True)
def step(code: str, value: int, operand: int | None = None) -> Step:
    """(Memoised: a Step is immutable, and the same few recur in every hand.)"""
    zh, en = STEP_LABELS[code]
    return Step(code, zh, en, value, operand)


@one_step_init
@dataclass(frozen=True)
class Scoring:
    """A seat's points as the ruleset pays on them (after caps and rounding), with the lines that
    make them up. ``reading`` says what each 得 stood for in the chosen reading (``["3m→7z", …]``);
    ``limit`` names a limit hand (e.g. ``laizi`` 腊子) when one applies; ``raw`` is before caps;
    ``steps`` the formula from the lines to ``points``."""

    seat: str
    points: int
    lines: tuple[ScoreLine, ...] = ()
    raw: int | None = None
    reading: tuple[str, ...] = ()
    limit: str | None = None
    steps: tuple[Step, ...] = ()


@dataclass(frozen=True, slots=True)
class Text:
    """A sentence in both languages (the service shows one)."""

    zh: str
    en: str


@dataclass(frozen=True, slots=True)
class Item:
    """A scoring item as the rules list it, with the value the engine scores it at under the
    options given. ``option`` names the option that sets the value or decides whether the item
    counts (None: the seed fixes it); ``counts`` is False when the options leave it out; ``when``
    qualifies a second value of the same code (e.g. self-drawn); ``about`` says in one line what
    the item is, from the seed's clause (each ruleset's ``about.ABOUT``)."""

    code: str
    zh: str
    en: str
    value: int
    unit: str
    option: str | None = None
    counts: bool = True
    when: Text | None = None
    about: Text | None = None


@dataclass(frozen=True, slots=True)
class Term:
    """What a word of the game (胡, 番, 台, 得, 包 …) means in one ruleset."""

    term: str
    zh: str
    en: str


@dataclass(frozen=True, slots=True)
class Liability:
    """Someone pays for others: ``kind`` (e.g. ``bao_san_jia`` 包三家, ``san_bao`` 三包, ``hu_bao``
    互包, ``la_gang`` 拉杠胡 …), the liable ``seat`` and the ``beneficiary`` (usually the winner)."""

    kind: str
    seat: str
    beneficiary: str


@one_step_init
@dataclass(frozen=True)
class SettleInput:
    """Everything settlement needs: the wins, each seat's points as the ruleset counts them, and
    who is liable for whom. Built by :meth:`Ruleset.settle_input` or by ``fupan settle``."""

    wins: tuple[Win, ...]
    points: Mapping[str, int]
    liabilities: tuple[Liability, ...] = ()
    dealer: str = "E"


@one_step_init
@dataclass(frozen=True)
class Payment:
    """``reason`` names the rule that makes the payment (in Chinese; ``en`` in English) and
    ``formula`` its arithmetic with the numbers (``50 ÷ 10 × 1``); the last two are for the
    hand page and do not take part in comparisons."""

    payer: str
    payee: str
    amount: int
    reason: str = ""
    en: str = dataclasses.field(default="", compare=False)
    formula: str = dataclasses.field(default="", compare=False)


_OPTIONS: dict[tuple[type, str], Any] = {}
_HASHES: dict[int, tuple[Any, int]] = {}  # id(options) -> (the options, their hash)
_O = TypeVar("_O", bound=type)


def hashed_once(cls: _O) -> _O:
    """A ruleset's ``Options`` (a frozen dataclass) whose hash, by its fields as the dataclass
    makes it, is worked out once per object: the memos take the options as a key several times
    a hand, and the dataclass's own hash builds and hashes the tuple of every field each time.
    (Kept by id with the object itself, so an id is not reused while its entry lives.)"""
    by_fields: Callable[[Any], int] = cls.__dict__["__hash__"]

    def __hash__(self: Any) -> int:
        hit = _HASHES.get(id(self))
        if hit is not None and hit[0] is self:
            return hit[1]
        value: int = by_fields(self)
        if len(_HASHES) >= 1024:
            _HASHES.clear()
        _HASHES[id(self)] = (self, value)
        return value

    cls.__hash__ = __hash__  # type: ignore[assignment]
    return cls


@lru_cache(maxsize=1 << 14, typed=True)
def payment(
    payer: str, payee: str, amount: int, reason: str = "", en: str = "", formula: str = ""
) -> Payment:
    """A Payment, memoised (pass its fields in order): it is immutable and a session's payments
    repeat (the same seats, amounts and rules), so most cost a lookup, not a frozen dataclass's
    field-by-field init."""
    return Payment(payer, payee, amount, reason, en, formula)


@dataclass(frozen=True, slots=True)
class Mistake:
    """A plausible table mistake and the payments it would have produced; the audit reports the
    one whose payments reconcile the recorded settlement. ``code`` is stable (e.g. ``fan_missed``)."""

    code: str
    zh: str
    en: str
    payments: tuple[Payment, ...]


@dataclass(frozen=True, slots=True)
class Anomaly:
    """A broken rule found in a log. Severity ``error`` means the hand cannot be trusted."""

    seq: int | None
    code: str
    severity: str
    message: str


@dataclass(frozen=True, slots=True)
class FlagRule:
    """What a win flag needs to be possible at all (engine.checks holds every claimed flag to
    it): the win kinds it goes with, a dealer (E) or non-dealer winner, the dealer's discard, a
    kong or a revealed tile shown by the winner, a kong of the winner's tile shown by the
    discarder. ``from_play``: the replay derives it from a full log (False: the ruleset judges
    the play itself and a full log's claim is not used). ``played``, for such a flag: does a full
    log's play show it (``played(outcome, win, opts)``)? A claim the play does not show is an
    anomaly (the play still decides what is owed)."""

    zh: str
    en: str
    hows: frozenset[str]
    dealer: bool | None = None
    from_dealer: bool = False
    needs_kong: bool = False
    needs_reveal: bool = False
    discarder_kong: bool = False
    from_play: bool = True
    played: Callable[[HandOutcome, Win, Any], bool] | None = None


_SELF = frozenset({"self_draw"})
# The engine's own flags (engine.model), by their definitions there.
FLAG_RULES: dict[str, FlagRule] = {
    FLAG_KONG_REPLACEMENT: FlagRule(
        "杠上开花", "win on a kong replacement", _SELF, needs_kong=True
    ),
    FLAG_BONUS_REPLACEMENT: FlagRule(
        "补花胡", "win on a flower replacement", _SELF, needs_reveal=True
    ),
    FLAG_LAST_TILE: FlagRule("海底", "win on the last tile", frozenset({"self_draw", "discard"})),
    FLAG_HEAVEN: FlagRule(
        "天胡", "dealer wins on the deal", frozenset({"self_draw", "instant"}), dealer=True
    ),
    FLAG_FIRST_DISCARD: FlagRule(
        "地胡",
        "win on the dealer's first discard",
        frozenset({"discard"}),
        dealer=False,
        from_dealer=True,
    ),
    FLAG_FIRST_DRAW: FlagRule(
        "地胡(闲家首摸)", "non-dealer wins on its first draw", _SELF, dealer=False
    ),
}


_WAIT_WORDS = {
    "ryanmen": ("两面", "a two-sided wait"),
    "kanchan": ("嵌张", "a closed wait"),
    "penchan": ("边张", "an edge wait"),
    "tanki": ("单吊", "a pair wait"),
    "shanpon": ("对倒", "a pung wait"),
}


def reading_words(
    assignments: Iterable[tuple[str, str]], wait: str | None, tile: str | None
) -> tuple[str, str]:
    """(zh, en) naming one reading of a hand: what each 得 stood for and the winning tile's
    wait, e.g. ``("得作西，胡五筒算两面", "the wildcard as West wind, the winning 5 Dots as a
    two-sided wait")``: each language names the tiles in its own words."""
    zh = [f"得作{chinese(face)}" for _, face in assignments]
    en = [f"the wildcard as {english(face)}" for _, face in assignments]
    if tile and wait in _WAIT_WORDS:
        w_zh, w_en = _WAIT_WORDS[wait]
        zh.append(f"胡{chinese(tile)}算{w_zh}")
        en.append(f"the winning {english(tile)} as {w_en}")
    return "，".join(zh) or "另一种组合", ", ".join(en) or "another grouping"


# Between two clauses of one text (the rules that add up to one payment): a Chinese text takes
# the full-width "；", an English one "; ", as the service's catalogue entry "%(clause)s; %(next)s".
CLAUSE_SEP = Text("；", "; ")

YES_NO = {True: Text("是", "yes"), False: Text("否", "no")}


NO_CAP = {0: Text("不封顶", "no cap")}  # the labels of a cap whose 0 means none


def option(
    default: Any,
    doc: str,
    choices: tuple[Any, ...] = (),
    labels: Mapping[Any, Text] | None = None,
    *,
    zh: str,
    low: int | None = None,
) -> Any:
    """An Options field with the ``doc`` (and ``choices``) that ``fupan rules`` prints and
    :func:`parse_options` enforces; ``zh`` says what ``doc`` says in Chinese (the rules pages),
    so an option's two languages sit side by side. ``labels`` name values in words (zh and en) for a reader:
    every value of a text option (its keys are then the choices), or the numbers that mean
    something else than a number (``0``: no cap). ``low``: the least a number option may be,
    refused below it by :class:`Bounded` options."""
    labels = dict(labels or {})
    if labels and not choices and isinstance(default, str):
        choices = tuple(labels)
    meta: dict[str, Any] = {"doc": doc, "zh": zh}
    if choices:
        meta["choices"] = choices
    if labels:
        meta["labels"] = labels
    if low is not None:
        meta["low"] = low
    return dataclasses.field(default=default, metadata=meta)


class Bounded:
    """A base of a ruleset's ``Options`` whose numbers have a least value (``option(..., low=1)``):
    the first field under its bound, in field order, is refused as the options are made, so a
    multiple of 0 or a negative 胡 never reaches a hand (:func:`parse_options` makes them
    before its own checks)."""

    def __post_init__(self) -> None:
        for f in dataclasses.fields(cast(Any, self)):
            low = f.metadata.get("low")
            if low is not None and getattr(self, f.name) < low:
                raise below(f.name, getattr(self, f.name), low)


def value_label(field: dataclasses.Field[Any], value: Any) -> Text:
    """An option's value in words: its label, yes/no for a flag, else the number itself."""
    if isinstance(value, bool):
        return YES_NO[value]
    labels: Mapping[Any, Text] = field.metadata.get("labels", {})
    if value in labels:
        return labels[value]
    return Text(str(value), str(value))


class OptionError(ValueError):
    """An unknown option name or a value of the wrong type; the message lists the valid names.
    ``code`` and ``params`` say the same as data (the log codec's error codes,
    events/messages.py, translate them)."""

    def __init__(self, message: str, code: str = "option", **params: object):
        super().__init__(message)
        self.code = code
        self.params = params or {"detail": message}


def below(name: str, value: int | str, low: int) -> OptionError:
    """The error for an option under its lowest sensible value (``value`` text: the start of
    one too long to read as a number)."""
    return OptionError(f"option {name}: {value} is below {low}", "option_below",
                       name=name, value=value, low=low)  # fmt: skip


def above(name: str, value: int | str) -> OptionError:
    """The error for a number option above MAX_OPTION (``value`` as for :func:`below`)."""
    return OptionError(f"option {name}: {value} is above {MAX_OPTION}", "option_above",
                       name=name, value=value, high=MAX_OPTION)  # fmt: skip


_KIND_WORDS = {"bool": "a boolean", "int": "a whole number", "str": "a string"}
# Every number option (a multiple, a base, a cap, tiles left …) is a whole number from 0 to
# this: none means anything negative, and past it the amounts owed outgrow what the store's
# columns hold (a multiplier of 10**12 was accepted, then the session never reached the ledger).
MAX_OPTION = 10**6


class Ruleset:
    """Base class with the defaults most rulesets share. Override what differs."""

    name: ClassVar[str] = ""
    title_zh: ClassVar[str] = ""
    title_en: ClassVar[str] = ""
    # What a Scoring's points count (zh, en): charts of hand values give each ruleset its own axis.
    points_unit: ClassVar[tuple[str, str]] = ("分", "points")
    Options: ClassVar[type] = type(None)
    # The dealer throws the dice this many times to break the wall (wenling: twice, the first
    # throw picking the wall, all four dice the stack; the others once).
    dice_throws: ClassVar[int] = 1
    # The seat the seed names as the thrower of a hand's dice ("E": the dealer, 庄家), or None
    # when the seed names none; the replay flags a throw by another seat (dice_not_dealer).
    dice_thrower: ClassVar[str | None] = None
    # Non-winners score their showdown too (wenling 闲家牌点, huangyan 闲家胡数): the recorder
    # asks for their points.
    nonwinners_score: ClassVar[bool] = False
    hand_size: ClassVar[int] = 13  # a non-dealer's tiles after the deal (dealer: one more)
    has_flowers: ClassVar[bool] = False
    # 得 may not be used to 吃/碰 (both Taizhou seeds say so).
    wildcard_claims_allowed: ClassVar[bool] = False
    # A seat that discards a 得 can no longer win this hand, and nobody wins on that 得 (wenling;
    # the second half as ``thrown_wildcard_wins`` says).
    discarded_wildcard_blocks_win: ClassVar[bool] = False
    # After 吃/碰 the claimed tile (and the other end of a 吃) may not be discarded at once.
    forbid_discard_of_claimed: ClassVar[bool] = False
    # Several seats may win on one discard (一炮多响); otherwise the priority seat alone wins.
    multiple_discard_winners: ClassVar[bool] = False
    # A kong made at once on a kong's replacement (杠上杠) continues it: a bloom or a 杠后炮 after
    # the chain is paid as its first kong says (zhoushan, xizhou: ``tai.kong_feeder``). A summary
    # log says so with a meld's ``on_replacement``; the recorder asks for it only where this is set.
    kong_chains_pay: ClassVar[bool] = False
    # A seat that lets go by a discard (or an added kong it could rob) that would complete its
    # hand may not win on another seat's tile before its own next draw (zhoushan, xizhou); the
    # replay reports it as passed_win.
    passed_win_waits_for_draw: ClassVar[bool] = False
    # A concealed kong lies face down while its seat has no 吃/碰/明杠 (门清), so the other seats
    # cannot tell its tile (xizhou); otherwise it is shown (亮出). Read by the efficiency review's
    # unseen copies only.
    concealed_kong_hidden_while_closed: ClassVar[bool] = False
    # The win flags a log may claim and what each needs (engine.checks); rulesets add theirs.
    flag_rules: ClassVar[Mapping[str, FlagRule]] = FLAG_RULES
    # The least a win must be worth, in English words (a win below it is no win).
    minimum_rule: ClassVar[str] = ""
    # The liability kinds settle() understands (``fupan settle --liability``).
    liability_kinds: ClassVar[tuple[str, ...]] = ()
    # The Action kinds check() can find anything in: the replay asks it about these steps only
    # (None: every step); ``CLAIMED_DISCARD`` asks about a discard only right after a claim
    # (吃碰杠), before any other draw or discard. Ignored when check() is not overridden.
    checked_kinds: ClassVar[frozenset[str] | None] = None

    # -- options ---------------------------------------------------------------------------
    def thrown_wildcard_wins(self, opts: Any) -> bool:
        """May a seat win on a 得 another seat threw (the 得 standing for any tile)? Not where a
        thrown 得 bars wins (wenling); huangyan leaves it to the option ``thrown_de_win``."""
        return not self.discarded_wildcard_blocks_win

    def barred_win_stands(self, opts: Any) -> bool:
        """Whether a win the ruleset bars (after throwing a 得, on a thrown 得, after a passed 胡)
        is still scored and paid: by default it is no win and owes nothing; a ruleset that bars
        wins offers the option ``barred_win_stands`` for clubs that keep the table's word."""
        return bool(getattr(opts, "barred_win_stands", False))

    def passed_peng_any_tile(self, opts: Any) -> bool:
        """Whether a pung let go bars *any* pung before the seat's next draw (the replay checks
        it, from the hand the seat held then), not only one of the same tile (``check``)."""
        return getattr(opts, "passed_peng", "same_tile") == "any_tile"

    def options(self, given: Mapping[str, Any] | None = None) -> Any:
        """Typed options from a mapping (a session record's ``options`` or ``--option K=V``): one
        object for the same options (the memoised scorings keyed by them then match by identity,
        not by comparing every field, when a session's hands meet another session's)."""
        opts = parse_options(self.Options, given or {})
        if len(_OPTIONS) >= 1024:
            return opts
        return _OPTIONS.setdefault((self.Options, repr(opts)), opts)  # (1, 1.0, True: equal)

    def describe_options(self) -> list[tuple[str, Any, str]]:
        """(name, default, doc) for ``fupan rules NAME``."""
        return [
            (f.name, f.default, f.metadata.get("doc", "")) for f in dataclasses.fields(self.Options)
        ]

    # -- the rules as a reader sees them (the service's rules pages) ---------------------------
    def items(self, opts: Any) -> tuple[Item, ...]:
        """Every scoring item with the value ``score`` gives it under ``opts``, in the rules'
        order."""
        raise NotImplementedError

    def terms(self, opts: Any) -> tuple[Term, ...]:
        """What 胡/番/台/得/包 … mean in this ruleset (those it uses), numbers from ``opts``."""
        raise NotImplementedError

    def payment_rules(self, opts: Any) -> tuple[Text, ...]:
        """Who pays whom how much, as ``settle`` does it under ``opts``."""
        raise NotImplementedError

    def option_texts(self) -> list[tuple[str, Any, Text]]:
        """(name, default, what it does) of every option, in both languages."""
        return [
            (f.name, f.default, Text(f.metadata["zh"], f.metadata["doc"]))
            for f in dataclasses.fields(self.Options)
        ]

    def option_value(self, name: str, value: Any) -> Text:
        """The value ``value`` of option ``name`` as a reader reads it, in both languages
        (``"up"`` → 向上取整 / rounded up; ``True`` → 是 / yes; ``8`` → 8)."""
        return value_label(_field(self.Options, name), value)

    def option_choices(self, name: str) -> tuple[tuple[Any, Text], ...]:
        """The values option ``name`` may take with their labels (empty for a number or a
        flag: any number, or yes/no)."""
        f = _field(self.Options, name)
        return tuple((c, value_label(f, c)) for c in f.metadata.get("choices", ()))

    # -- tiles and the deal ----------------------------------------------------------------
    def tile_counts(self, opts: Any) -> Mapping[str, int]:
        """Every tile kind in the set and how many copies (4 per face, 1 per flower)."""
        raise NotImplementedError

    def wildcards(self, indicator: str | None, opts: Any) -> frozenset[str]:
        """The tile kinds that are 得 given the indicator (empty when the ruleset has none)."""
        return frozenset()

    def indicator_in_wall(self, opts: Any) -> bool:
        """Does the turned-up 得 indicator stay in the live wall (drawn later)? Default: set aside."""
        return False

    def is_bonus(self, tile: str, wildcards: frozenset[str], opts: Any) -> bool:
        """Must this tile be revealed and replaced from the back when held (flowers, …)?"""
        return tile.endswith("f") and tile not in wildcards

    def dead_wall(self, back_draws: int, flowers_out: int, opts: Any) -> int:
        """Live wall tiles left at which the hand ends drawn (黄牌/流局), given the replacements
        drawn from the back so far and the flowers revealed so far."""
        return 0

    # -- legality beyond the generic replay checks -------------------------------------------
    def check(self, action: StepFields, history: Sequence[StepFields], opts: Any) -> list[Anomaly]:
        """Ruleset-specific anomalies for ``action`` given the hand's earlier steps: the
        replay's step tuples, read by position (``engine.model.SEQ`` …; an Action is one too)."""
        return []

    def phases(self, history: tuple[Action, ...], opts: Any) -> frozenset[str]:
        """Named phases in force after ``history`` (e.g. wenling's 生牌阶段), for the replay UI."""
        return frozenset()

    def winning_shapes(self, wildcards: frozenset[str], opts: Any) -> tuple[Shape, ...]:
        """Every shape a hand may win with given the 得 kinds (the efficiency review measures the
        distance to each). Default: the standard one pair and sets only."""
        return (STANDARD,)

    def instant_win(self, show: Showdown, wildcards: frozenset[str], opts: Any) -> bool:
        """Does this seat hold a limit that wins without a standard shape (e.g. wenling's 3 得 /
        4 白), at the deal (``instant``) or completed by a draw (``self_draw``)? Default: none."""
        return False

    # -- scoring and settlement -------------------------------------------------------------
    def score(self, outcome: HandOutcome, opts: Any) -> dict[str, Scoring]:
        raise NotImplementedError

    def settle_input(
        self, outcome: HandOutcome, scorings: Mapping[str, Scoring], opts: Any
    ) -> SettleInput:
        """A win below the ruleset's minimum (xizhou's 1台起胡) is no win: settled as if its seat
        had not declared it (a bound partner's 三包 extra, say, is owed as by any non-winner)."""
        wins = tuple(w for w in outcome.wins if not below_minimum(scorings, w.seat))
        if wins != outcome.wins:
            outcome = dataclasses.replace(outcome, wins=wins)
        return SettleInput(
            wins=outcome.wins,
            points={seat: s.points for seat, s in scorings.items()},
            liabilities=self.liabilities(outcome, opts),
        )

    def score_anomalies(
        self, outcome: HandOutcome, scorings: Mapping[str, Scoring], opts: Any
    ) -> list[Anomaly]:
        """Broken rules only scoring shows: a win below the ruleset's minimum (``limit`` set to
        ``below_minimum`` by ``score``, e.g. xizhou's 1台起胡)."""
        return [
            Anomaly(
                None,
                "below_minimum",
                "error",
                f"{who(w.seat)} declares a win worth {scorings[w.seat].raw}, below the minimum the "
                f"{self.title_en} rules require ({self.minimum_rule}); nothing is owed for it",
            )
            for w in outcome.wins
            if below_minimum(scorings, w.seat)
        ]

    def liabilities(self, outcome: HandOutcome, opts: Any) -> tuple[Liability, ...]:
        return ()

    def paid_scorings(
        self, scorings: Mapping[str, Scoring], inp: SettleInput
    ) -> Mapping[str, Scoring]:
        """The scorings as ``settle`` pays on them, for the report's points and steps: by default
        as scored. A ruleset whose settlement sets a seat's points aside (wenling's 包三家:
        被包方牌点以 0 计) shows it here as a last step, so the report's points are the ones paid."""
        return scorings

    def settle(self, inp: SettleInput, opts: Any) -> list[Payment]:
        raise NotImplementedError

    def mistakes(
        self,
        outcome: HandOutcome,
        scorings: Mapping[str, Scoring],
        inp: SettleInput,
        opts: Any,
    ) -> Iterable[Mistake]:
        """Plausible table mistakes, most likely first. Default: none known."""
        return ()

    def readings(self, outcome: HandOutcome, win: Win, opts: Any) -> Iterable[tuple[int, str, str]]:
        """``(points, zh, en)`` of every legal reading of the winner's hand (what each 得 stands
        for, which group the winning tile completed), for the explanation "the table read the
        hand another way". Default: none (a ruleset without readings)."""
        return ()

    # -- the session -------------------------------------------------------------------------
    def next_dealer(self, outcome: HandOutcome, opts: Any) -> str:
        """The seat (in this hand's winds) that deals the next hand: ``E`` for 连庄."""
        raise NotImplementedError

    def check_hand_start(
        self,
        hand: Mapping[str, Any],
        earlier: Sequence[tuple[Mapping[str, Any], str | None]],
        opts: Any,
    ) -> list[Anomaly]:
        """Anomalies in how a hand begins given the session's earlier hands (their ``hand``
        records and who dealt after each, oldest first: the audit's ``dealer_after``, from the
        wins that stand, None when not judged), e.g. huangyan's 换位 (``hand.seat_change``) too
        soon. Anomalies carry ``seq=None``: the audit sets the hand record's seq. Default: none."""
        return []


def _field(options_type: type, name: str) -> dataclasses.Field[Any]:
    for f in dataclasses.fields(options_type):
        if f.name == name:
            return f
    raise OptionError(f"unknown option {name}")


def _coerce(value: Any, kind: Any, name: str) -> Any:
    kind_name = kind if isinstance(kind, str) else getattr(kind, "__name__", str(kind))
    if kind_name == "bool":
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in (
            "1",
            "true",
            "yes",
            "on",
            "0",
            "false",
            "no",
            "off",
        ):
            return value.lower() in ("1", "true", "yes", "on")
    elif kind_name == "int":
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        digits = value.strip().removeprefix("-") if isinstance(value, str) else ""
        if digits.isascii() and digits.isdigit():  # not "²", which isdigit passes and int refuses
            # int() refuses 4,301 digits, leading zeros included: read the significant ones
            significant, negative = digits.lstrip("0") or "0", value.strip()[0] == "-"
            if len(significant) > len(str(MAX_OPTION)):
                shown = value.strip()[:14] + "…"
                raise below(name, shown, 0) if negative else above(name, shown)
            return -int(significant) if negative else int(significant)
    elif kind_name == "str":
        if isinstance(value, str):
            return value
    else:
        return value
    word = _KIND_WORDS[kind_name]
    raise OptionError(f"option {name}: {value!r} is not {word}", "option_type",
                      name=name, value=repr(value), kind=word)  # fmt: skip


def parse_options(options_type: type, given: Mapping[str, Any]) -> Any:
    """Build an Options dataclass, refusing unknown names (listing the valid ones)."""
    fields = {f.name: f for f in dataclasses.fields(options_type)}
    unknown = sorted(set(given) - set(fields))
    if unknown:
        names, valid = ", ".join(unknown), ", ".join(sorted(fields))
        raise OptionError(f"unknown option {names}; valid options: {valid}", "unknown_option",
                          names=names, valid=valid)  # fmt: skip
    values = {}
    for name, value in given.items():
        f = fields[name]
        values[name] = _coerce(value, f.type, name)
        choices = f.metadata.get("choices")
        if choices and values[name] not in choices:
            listed = ", ".join(map(str, choices))
            raise OptionError(f"option {name}: {value!r} is not one of {listed}", "option_choice",
                              name=name, value=repr(value), choices=listed)  # fmt: skip
    options = options_type(**values)  # a ruleset's own bounds first (a multiplier below 1 …)
    for name, value in values.items():
        if type(value) is int and value < 0:
            raise below(name, value, 0)
        if type(value) is int and value > MAX_OPTION:
            raise above(name, value)
    return options


def below_minimum(scorings: Mapping[str, Scoring], seat: str) -> bool:
    """Is ``seat``'s win worth less than the ruleset's minimum (``Scoring.limit``)?"""
    return seat in scorings and scorings[seat].limit == "below_minimum"
