"""The rules as a reader sees them: every ruleset lists its items at the values it scores with
(the seeds' numbers, written here by hand), and its terms and payment rules in both languages
with the numbers of the options in force."""

from __future__ import annotations

import dataclasses
import importlib
import re

import pytest

from engine.audit import audit
from engine.glossary import GLOSSARY
from engine.replay import replay
from engine.rulesets import SHIPPED, get_ruleset
from engine.rulesets.base import OptionError, Text
from engine.simulate import generate_session


def _values(name: str, **options) -> dict[str, list[int]]:
    rs = get_ruleset(name)
    out: dict[str, list[int]] = {}
    for item in rs.items(rs.options(options)):
        out.setdefault(item.zh, []).append(item.value)
    return out


def test_xizhou_items_are_the_seeds_numbers():
    """Seed 【胡牌牌型及对应台数】, the flushes per 清14混12 … (大吊车, 对对胡 按混一色计)."""
    v = _values("xizhou")
    seed = {"边倒": 1, "嵌倒": 1, "单吊": 1, "对倒": 1, "平胡": 1, "正花": 2, "野花": 1,
            "四花": 12, "八花": 25, "正风": 2, "圈风": 1, "位风": 1, "天胡": 24, "地胡": 16,
            "杠开": 1, "拉杠胡": 1, "送杠胡": 1, "还杠胡": 1, "海底捞月": 1, "自摸": 1, "门清": 1,
            "中发白": 1, "大三元": 25, "大四喜": 50, "字一色": 40, "清一色": 14, "混一色": 12,
            "大吊车": 12, "对对胡": 12}  # fmt: skip
    assert v == {zh: [n] for zh, n in seed.items()}
    other = _values("xizhou", flush_config="12/8")
    assert [other[k] for k in ("清一色", "混一色", "大吊车", "对对胡")] == [[12], [8], [8], [8]]


def test_zhoushan_items_are_the_seeds_numbers():
    """Seed (1)-(19): 单钓将 1 on a discard, 2 self-drawn; 排胡 is this project's option."""
    v = _values("zhoushan")
    seed = {"中3个": [1], "发3个": [1], "白3个": [1], "正花": [1], "一套花": [2], "八花": [4],
            "自摸": [1], "对倒": [1], "坎张": [1], "边张": [1], "单钓将": [1, 2], "碰碰胡": [2],
            "混一色": [2], "杠上开花": [2], "清一色": [4], "海底捞月": [4], "天胡": [4],
            "地胡": [1], "圈风": [1], "排胡": [1]}  # fmt: skip
    assert v == seed
    assert _values("zhoushan", tanki_self_draw_tai=3, pinghu_tai=2)["单钓将"] == [1, 3]
    rs = get_ruleset("zhoushan")
    (paihu,) = [i for i in rs.items(rs.options({"pinghu_tai": 0})) if i.code == "paihu"]
    assert not paihu.counts and paihu.option == "pinghu_tai"


def test_huangyan_and_wenling_items():
    hy = _values("huangyan", base_hu=12)
    assert hy["底胡"] == [12] and hy["清一色"] == [3] and hy["风、幺九、字牌暗杠"] == [32]
    rs = get_ruleset("huangyan")
    (ppk,) = [i for i in rs.items(rs.options()) if i.code == "pengpenghu"]
    assert not ppk.counts and ppk.option == "pengpenghu"
    wenling = get_ruleset("wenling")
    wl = {i.code: i.value for i in wenling.items(wenling.options())}
    assert wl["base_20"] == 20 and wl["three_de"] == 500 and wl["qing_yi_se"] == 3
    assert "not_a_win" not in wl  # a verdict, not an item


@pytest.mark.parametrize("name", SHIPPED)
def test_every_scored_line_is_a_listed_item_at_its_listed_value(name):
    """Score simulated hands: each line the engine writes is on the rules page at that value."""
    rs = get_ruleset(name)
    records, _ = generate_session(name, 120, seed=7)
    rp = replay(records)
    listed: dict[str, set[int]] = {}
    for item in rs.items(rp.opts):
        listed.setdefault(item.code, set()).add(item.value)
    seen = set()
    for hand in rp.hands:
        for scoring in rs.score(hand.outcome, rp.opts).values():
            for line in scoring.lines:
                if line.code in ("not_a_win", "no_showdown", "bad_showdown"):
                    continue
                assert line.value in listed.get(line.code, ()), (line, listed.get(line.code))
                seen.add(line.code)
    assert len(seen) >= 5, seen  # the hands exercised a fair share of the table


@pytest.mark.parametrize("name", SHIPPED)
def test_terms_and_payment_rules_in_both_languages(name):
    rs = get_ruleset(name)
    opts = rs.options()
    assert rs.title_zh and rs.title_en
    terms = rs.terms(opts)
    assert {"胡", "包"} & {t.term for t in terms} and all(t.zh and t.en for t in terms)
    rules = rs.payment_rules(opts)
    assert rules and all(r.zh and r.en for r in rules)
    codes = [(i.code, i.when) for i in rs.items(opts)]
    assert len(codes) == len(set(codes))


def test_payment_rules_carry_the_options_in_force():
    wl = get_ruleset("wenling")
    assert "× 3" in wl.payment_rules(wl.options({"multiplier": 3}))[0].en
    zs = get_ruleset("zhoushan")
    assert (
        "each seat that did not win" in zs.payment_rules(zs.options({"discard_payer": "all"}))[1].en
    )
    assert "at most 6 tai" in zs.terms(zs.options({"cap": 6}))[1].en
    hy = get_ruleset("huangyan")
    assert "the tile after" in hy.terms(hy.options({"wildcard_rule": "next"}))[2].en


@pytest.mark.parametrize("name", SHIPPED)
def test_english_terms_and_payment_rules_say_the_words_in_english(name):
    """An English reader of a rules page meets no Chinese but the term explained (and 得, the
    wildcard's name, which the glossary explains): 胡, 番, 台 read hu, fan, tai."""
    rs = get_ruleset(name)
    opts = rs.options()
    texts = [t.en for t in rs.terms(opts)] + [r.en for r in rs.payment_rules(opts)]
    assert [t for t in texts if re.search(r"[\u4e00-\u9fff]", t.replace("得", ""))] == []


def test_glossary_terms_are_unique_and_in_both_languages():
    terms = [e.term for e in GLOSSARY]
    assert len(terms) == len(set(terms))
    assert {
        "胡",
        "番",
        "台",
        "得",
        "包三家",
        "闹闹",
        "闲家",
        "庄",
        "自摸",
        "放炮",
        "杠上开花",
        "海底",
    } <= set(terms)
    assert all(e.zh and e.en and e.pinyin for e in GLOSSARY)


@pytest.mark.parametrize("name", SHIPPED)
def test_every_option_is_explained_in_both_languages(name):
    rs = get_ruleset(name)
    texts = rs.option_texts()
    assert [n for n, _, _ in texts] == [n for n, _, _ in rs.describe_options()]
    assert all(t.zh and t.en for _, _, t in texts)


CJK = re.compile(r"[\u3400-\u9fff\uff00-\uffef\u3000-\u303f]")
LATIN_WORD = re.compile(r"[A-Za-z_]{2,}")  # a code or an English word; single letters (M) pass


def _one_language(text, zh: bool) -> bool:
    """Chinese with no Latin word (a code), or English with no Chinese character."""
    return bool(text) and (not LATIN_WORD.search(text) if zh else not CJK.search(text))


@pytest.mark.parametrize("name", SHIPPED)
def test_every_option_value_has_a_label_in_zh_and_en(name):
    """Every value a text option may take, and each number given a meaning (0: no cap), reads
    as words in both languages, neither showing the code; a flag reads yes/no."""
    rs = get_ruleset(name)
    for f in dataclasses.fields(rs.Options):
        choices = rs.option_choices(f.name)
        if isinstance(f.default, str):
            assert choices, f"{name}.{f.name}: a text option with no labelled choices"
            assert f.default in [c for c, _ in choices]
        values = [c for c, _ in choices] + list(f.metadata.get("labels", {})) + [f.default]
        for value in values:
            label = rs.option_value(f.name, value)
            assert _one_language(label.zh, zh=True), (f.name, value, label)
            assert _one_language(label.en, zh=False), (f.name, value, label)
            if isinstance(value, str):
                assert value not in (label.zh, label.en), (f.name, value)


@pytest.mark.parametrize("name", SHIPPED)
def test_option_texts_name_no_code(name):
    """The option's own explanation is one language each: no value code in the Chinese, no
    Chinese in the English (the labels say what each value means)."""
    rs = get_ruleset(name)
    for option, _, text in rs.option_texts():
        assert _one_language(text.zh, zh=True), (option, text.zh)
        assert _one_language(text.en, zh=False), (option, text.en)


def test_flags_and_numbers_read_naturally():
    hy = get_ruleset("huangyan")
    assert hy.option_value("pengpenghu", True) == Text("是", "yes")
    assert hy.option_value("pengpenghu", False) == Text("否", "no")
    assert hy.option_value("cap", 0).en == "no cap" and hy.option_value("cap", 300).en == "300"
    assert hy.option_value("half_rounding", "down").zh.startswith("向下")
    with pytest.raises(OptionError):
        hy.option_value("no_such_option", 1)


_FIGURES = re.compile(r"(?<![A-Za-z])\d*M(?![A-Za-z])|÷ ?\d+|\d+")


@pytest.mark.parametrize("name", SHIPPED)
def test_a_payments_rule_says_the_same_in_both_languages(name):
    """A payment's rule (the hand page's rule column, issue 27, 3) carries in Chinese what the
    English says: the rule's name, then who pays how much — each figure (2M, ÷ 10, 5 …) of the
    one is in the other, and the halving's rounding is in words, not in the arithmetic."""
    records, _ = generate_session(name, 60, seed=3, faults=0.3)
    payments = [p for h in audit(records).hands for p in h.expected_payments]
    assert payments
    for p in payments:
        assert _FIGURES.findall(p.reason) == _FIGURES.findall(p.en), (p.reason, p.en)
        assert not re.search(r"[A-Za-z]{2}", p.formula), p.formula


_UNIT_EN = {"胡": "hu", "番": "fan", "台": "tai"}


@pytest.mark.parametrize("name", SHIPPED)
def test_every_item_says_what_it_is_in_both_languages(name):
    """Each rules item has one line from its seed clause, kept in its ruleset's package, in both
    languages (issue 27, 3): none missing or left over, one line each, the English without
    Chinese, the Chinese without English words, and an item the seed fixes states the value
    the engine scores it at, in its unit."""
    rs = get_ruleset(name)
    about = importlib.import_module(f"engine.rulesets.{name}.about").ABOUT
    items = rs.items(rs.options())
    assert set(about) == {i.code for i in items}
    for item in items:
        assert item.about == about[item.code]
        zh, en = item.about.zh, item.about.en
        assert "\n" not in zh + en and len(zh) <= 60 and len(en) <= 160, item.code
        assert not re.search(r"[\u4e00-\u9fff]", en), (item.code, en)
        assert not re.search(r"[A-Za-z]{2}", zh), (item.code, zh)
        if item.option is None and item.unit in _UNIT_EN:
            assert re.search(rf"(?<!\d){item.value}{item.unit}", zh), (item.code, zh)
            assert re.search(rf"(?<!\d){item.value} {_UNIT_EN[item.unit]}", en), (item.code, en)
