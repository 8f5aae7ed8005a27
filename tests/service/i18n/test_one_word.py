"""One Chinese word per concept on every page (issue 27, 3): the glossary's ``USAGE`` names the
word (局, 黄牌, 审核员) and the other words clubs use for it; no Chinese text the pages show — the
catalogs' translations, the templates, the scripts, the service's, workers' engine's and
dashboards' string literals — uses another."""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from engine.glossary import GLOSSARY, USAGE

ROOT = Path(__file__).resolve().parents[3]


def _catalog_texts() -> list[tuple[str, str]]:
    out = []
    for po in sorted(ROOT.glob("service/translations/*/LC_MESSAGES/messages.po")):
        with po.open("rb") as f:
            catalog = read_po(f)
        for m in catalog:
            for text in m.string if isinstance(m.string, tuple) else (m.string,):
                if text:
                    out.append((f"{po.parts[-3]} msgid {m.id!r}", text))
    return out


def _page_texts() -> list[tuple[str, str]]:
    """The templates (but their comments) and the scripts (but theirs): words written there
    directly, not through the catalog."""
    out = []
    for path in sorted(ROOT.glob("service/**/templates/**/*.html")):
        text = re.sub(r"\{#.*?#\}", "", path.read_text(encoding="utf-8"), flags=re.S)
        out.append((str(path.relative_to(ROOT)), text))
    for path in sorted(ROOT.glob("service/**/static/**/*.js")):
        text = re.sub(
            r"/\*.*?\*/|(?<![:\\])//[^\n]*", "", path.read_text(encoding="utf-8"), flags=re.S
        )
        out.append((str(path.relative_to(ROOT)), text))
    return out


def _source_texts() -> list[tuple[str, str]]:
    """The string literals of service/, workers/, engine/ and dashboards/ (not comments, not
    docstrings)."""
    out = []
    layers = ("service", "workers", "engine", "dashboards")
    paths = [path for layer in layers for path in ROOT.glob(f"{layer}/**/*.py")]
    for path in sorted(p for p in paths if p.name != "glossary.py" or p.parent.name != "engine"):
        tokens = tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline)
        for tok in tokens:
            if tok.type == tokenize.STRING and not tok.string.lstrip("rfbuRFBU").startswith('"""'):
                out.append((f"{path.relative_to(ROOT)}:{tok.start[0]}", tok.string))
    return out


TEXTS = (_catalog_texts() + _page_texts() + _source_texts()
         + [(f"glossary {e.term}", e.zh) for e in GLOSSARY])  # fmt: skip


@pytest.mark.parametrize("usage", USAGE, ids=[u.word for u in USAGE])
def test_each_concept_has_one_chinese_word_on_every_page(usage):
    aliases = {e.zh for e in GLOSSARY if "也叫" in e.zh}  # a glossary entry naming the other word
    found = [(where, text) for where, text in TEXTS
             if re.search(usage.avoid, text) and not any(a in text for a in aliases)]  # fmt: skip
    assert found == [], f"{usage.concept}: say {usage.word}"
    assert any(usage.word in text for _, text in TEXTS)  # the word itself is in use


def test_the_check_finds_the_other_words():
    """The patterns catch what they are for and spare the words that only look alike."""
    hand = next(u for u in USAGE if u.word == "局")
    assert all(re.search(hand.avoid, t) for t in ("第 3 手", "%(num)d 手", "下一手", "每手应付"))
    assert not any(re.search(hand.avoid, t) for t in ("手牌", "牌手", "起手胡", "点手里的两张牌"))
    assert re.search(next(u for u in USAGE if u.word == "黄牌").avoid, "第 3 局流局")
    cash = next(u for u in USAGE if u.word == "现金").avoid
    assert re.search(cash, "标记已付") and not re.search(cash, "记下已付现金…")
    said = {u.word: u.avoid for u in USAGE}
    assert all(re.search(said["黄牌"], t) for t in ("请点「黄庄」", "荒庄", "流局"))
    assert all(re.search(said["放炮"], t) for t in ("点炮：点炮的一家付2M", "放铳者一家付"))
    assert not re.search(said["放炮"], "放炮者一家付；可避免的放炮")
    assert all(re.search(said["庄家"], t) for t in ("东为庄", "东 (庄) 老王"))
    assert not any(re.search(said["庄家"], t) for t in ("庄家连庄", "下家坐庄", '"庄"'))
    assert all(re.search(said["场"], t) for t in ("上传牌局记录", "分给对局的四位玩家"))
    assert not any(re.search(said["场"], t) for t in ("本场", "这一局", "场次", "局数"))
    assert re.search(said["玩家"], "四位牌手") and re.search(said["玩家"], "牌友")
    assert re.search(said["核对"], "正在重新核查") and re.search(said["核对"], "复核")
    assert not re.search(said["核对"], "审核员：还能处理争议")  # the role is another word
    assert re.search(said["争议"], "纠纷") and not re.search(said["争议"], "有争议的局")
    assert re.search(said["按应付补足"], "按应付结算") and not re.search(
        said["按应付补足"], "按应付结账"
    )
    assert re.search(said["维持实付"], "维持牌桌实付") and not re.search(
        said["维持实付"], "维持实付"
    )
    assert re.search(said["结账依据"], "结算依据") and not re.search(said["结账依据"], "结算记录")


def test_every_kind_of_text_a_page_shows_is_read():
    """Both catalogs, the templates, the scripts and the literals of each layer are in the scan."""
    where = {w.split(":")[0].split(" ")[0] for w, _ in TEXTS}
    assert {"zh", "en", "service/templates/base.html", "service/recorder/static/record.js",
            "service/sessions/views.py", "workers/digests.py", "engine/rulesets/wenling/about.py",
            "dashboards/flows.py"} <= where, sorted(where)  # fmt: skip
