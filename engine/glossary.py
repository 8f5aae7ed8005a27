"""The words of the game every ruleset shares, explained in both languages (the glossary page
shows the two side by side: the word itself is the subject). What a word means in one ruleset,
with its numbers, is that ruleset's ``terms``."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Entry:
    term: str
    pinyin: str
    zh: str
    en: str


GLOSSARY: tuple[Entry, ...] = (
    Entry(
        "胡",
        "hú",
        "胡牌：凑成一副完整的牌（通常四组加一对将）而赢下这一局；温岭、黄岩也用“胡”作计分单位。",
        "To win: complete a hand (usually four sets and a pair). Wenling and Huangyan also "
        "count points in hu.",
    ),
    Entry(
        "番",
        "fān",
        "翻倍：每一番使分数乘以二。",
        "A doubling: each fan multiplies the points by two.",
    ),
    Entry(
        "台",
        "tái",
        "舟山、西周的计分单位：胡牌各项的台数相加。",
        "The unit Zhoushan and Xizhou count a win in: the tai of its items added up.",
    ),
    Entry(
        "得",
        "dé",
        "百搭牌（癞子）：开牌后翻出一张牌决定，可以当任何牌用。",
        "The wildcard, chosen by a tile turned up after the deal; it stands for any tile.",
    ),
    Entry(
        "包三家",
        "bāo sān jiā",
        "一家因犯规或喂牌，替其余三家付给胡家。",
        "One seat pays the winner for all three others, for a throw the rules punish.",
    ),
    Entry(
        "闹闹",
        "nàonao",
        "温岭：翻出的得是中、发、白或花时，中发白和花都要翻出补牌。",
        "Wenling: when the tile turned up to choose the wildcard is a dragon or a flower, every "
        "dragon and flower is revealed and replaced.",
    ),
    Entry(
        "闲家",
        "xiánjiā",
        "庄家以外的人；温岭指没胡的三家。",
        "A seat other than the dealer; in Wenling, a seat that did not win.",
    ),
    Entry(
        "庄",
        "zhuāng",
        "庄家：坐东、先摸牌的一家。连庄：庄家继续坐庄。",
        "The dealer: the East seat, who draws first. The dealer may deal again (lianzhuang).",
    ),
    Entry("自摸", "zìmō", "自己摸到胡的那张牌。", "Winning on a tile one drew oneself."),
    Entry(
        "放炮",
        "fàngpào",
        "打出的牌被别人胡了（也叫点炮、放铳）。",
        "Throwing the tile another seat wins on (also dianpao, fangchong).",
    ),
    Entry(
        "杠上开花",
        "gàng shàng kāihuā",
        "开杠后补的那张牌正好胡。",
        "Winning on the replacement tile drawn after a kong.",
    ),
    Entry("海底", "hǎidǐ", "海底捞月：用最后一张牌胡。", "Winning on the last tile of the wall."),
    Entry(
        "抢杠",
        "qiǎng gàng",
        "别人加杠时胡那张牌。",
        "Winning on the tile another seat adds to a pung.",
    ),
    Entry(
        "吃",
        "chī",
        "拿上家打出的牌凑成顺子。",
        "Taking the previous seat's discard to complete a run of three.",
    ),
    Entry(
        "碰",
        "pèng",
        "拿别人打出的牌凑成三张相同的刻子。",
        "Taking any seat's discard to make three of a kind.",
    ),
    Entry(
        "杠",
        "gàng",
        "四张相同的牌：明杠（拿别人的牌）、暗杠（自己摸齐）、加杠（碰后再摸到第四张）。",
        "Four of a kind: exposed (from a discard), concealed (all drawn), added (a fourth "
        "tile on a pung).",
    ),
    Entry(
        "刻子",
        "kèzi",
        "三张相同的牌；暗刻是自己摸齐的。",
        "Three of a kind; concealed if all drawn.",
    ),
    Entry(
        "顺子", "shùnzi", "同花色连续三张，如一二三万。", "Three in a row of one suit, e.g. 1-2-3."
    ),
    Entry("将", "jiàng", "胡牌时的那一对。", "The pair of a winning hand."),
    Entry("听牌", "tīngpái", "再来一张就能胡。", "One tile away from winning (ready)."),
    Entry("向听", "xiàngtīng", "离听牌还差几张。", "How many tiles a hand is from being ready."),
    Entry(
        "有效牌",
        "yǒuxiào pái",
        "摸到后能减少向听的牌（也叫进张）。",
        "A tile whose draw brings the hand closer to ready (also jinzhang).",
    ),
    Entry("漏胡", "lòu hú", "能胡却没有胡。", "Not declaring a win one could have declared."),
    Entry("现物", "xiànwù", "胡家自己打过的牌。", "A tile the winner had discarded itself."),
    Entry(
        "效率复盘",
        "xiàolǜ fùpán",
        "逐张出牌比较牌效：向听和未见的有效牌，不评判怎样打最好。",
        "The efficiency review: every discard compared by shanten and unseen useful tiles; "
        "not a judgement of the best play.",
    ),
    Entry("单吊", "dāndiào", "只等将牌的那一张。", "Waiting on the tile that makes the pair."),
    Entry(
        "嵌档",
        "qiàndàng",
        "等顺子中间那张，如有一三等二。",
        "Waiting on the middle of a run, e.g. 2 with 1 and 3.",
    ),
    Entry(
        "边张", "biānzhāng", "等一二后的三或八九前的七。", "Waiting on 3 with 1-2, or 7 with 8-9."
    ),
    Entry(
        "花",
        "huā",
        "春夏秋冬梅兰竹菊八张花牌，摸到就翻出补牌。",
        "The eight flowers; a seat reveals one when drawn and draws a replacement.",
    ),
    Entry(
        "黄牌",
        "huángpái",
        "黄牌（也叫流局）：牌摸到规定处仍没人胡。",
        "A drawn hand: nobody wins before the wall runs down.",
    ),
)


@dataclass(frozen=True, slots=True)
class Usage:
    """One concept, one Chinese word on every page: ``word``, never a match of ``avoid`` (the
    other words clubs use for it). A test reads every Chinese text of the pages for ``avoid``;
    a glossary entry may name the other word once, as "也叫…"."""

    concept: str
    word: str
    avoid: str  # a regular expression


USAGE: tuple[Usage, ...] = (
    # 手 alone is a hand numbered in a session; 手牌 (the tiles), 起手, 对手 are other words
    Usage("a hand of a session (第 3 局)", "局", r"(?<![牌对起出动经顺拿])手(?![牌里上中机动])"),
    Usage("a hand nobody wins", "黄牌", r"流局|黄庄|荒庄"),
    # the seeds say 点炮 (xizhou) and 放铳 (zhoushan); the glossary's 放炮 names both ("也叫")
    # 庄 alone is the glossary's headword (a quoted term); 连庄, 坐庄, 下庄 are other words
    Usage("the dealer", "庄家", r"(?<![连坐下做\"])庄(?![家\"])"),
    Usage("throwing the tile another seat wins on (a deal-in)", "放炮", r"点炮|放铳"),
    Usage("the role that resolves disputes", "审核员", "核查员"),
    # 实付 is what a table recorded as paid; cash handed over after the night is 现金, never 已付
    Usage("cash handed over after the night", "现金", r"已付(?!现金)"),
    # 场 (本场, 这一场, 场次 in lists) is one table's night, whose hands are 局; 牌局 said both
    Usage("a session: one table's night, uploaded or recorded", "场", r"牌局|对局"),
    Usage("a person seated at the table", "玩家", r"牌手|牌友"),
    # the audit checks a session; 审核员 (the role that resolves disputes) is another word
    Usage("checking a session against the rules (the audit)", "核对", r"核查|复核|核验"),
    Usage("a difference between what was paid and what was owed", "争议", r"纠纷|异议"),
    # 结账 settles up after the night (fewest transfers); 结算 is a hand's settlement record
    Usage("what settling up counts (what was recorded, or owed)", "结账依据", r"结算依据"),
    Usage("resolving a dispute: the table pays the difference", "按应付补足", r"按应付结算"),
    Usage(
        "resolving a dispute: the table keeps what it paid", "维持实付", r"维持(?:牌桌实付|原记录)"
    ),
)
