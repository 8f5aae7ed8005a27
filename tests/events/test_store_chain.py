"""The hash chain on its own: the documented byte encoding, and any edit of the stored chunks
caught at the seq of the link that can no longer be recomputed."""

from __future__ import annotations

import hashlib
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from events.chain import (
    GENESIS,
    ChainBroken,
    Chunk,
    Head,
    Link,
    chunk,
    extend,
    head,
    link_hash,
    relink,
    walk,
)
from events.chain import records as records_of

records = st.lists(
    st.fixed_dictionaries(
        {"type": st.sampled_from(["hand", "discard", "correction"]), "x": st.text()}
    ),
    min_size=1,
    max_size=12,
).map(lambda rs: [json.dumps(r, ensure_ascii=False, separators=(",", ":")) for r in rs])


def test_the_encoding_is_the_documented_one():
    data = '{"type":"hand","no":1}'
    expected = hashlib.sha256(
        (5).to_bytes(8, "big") + bytes.fromhex("ab" * 32) + hashlib.sha256(data.encode()).digest()
    ).hexdigest()
    assert link_hash(5, "ab" * 32, data) == expected
    assert extend([data])[0].prev_hash == GENESIS == "0" * 64


def chunked(links: list[Link], cuts: list[int]) -> list[Chunk]:
    """``links`` stored as chunks, a new one after each seq in ``cuts`` (one a batch)."""
    ends = sorted({c for c in cuts if c < links[-1].seq} | {links[-1].seq})
    starts = [0] + [e + 1 for e in ends[:-1]]
    return [chunk(links[a : b + 1]) for a, b in zip(starts, ends, strict=True)]


cuts = st.lists(st.integers(0, 11), max_size=4)


@given(records, cuts)
def test_an_intact_chain_walks_to_its_head(data, cut):
    links = extend(data)
    chunks = chunked(links, cut)
    hashes = walk("s", chunks, head_seq=links[-1].seq, head_hash=links[-1].hash)
    assert hashes == {x.seq: x.hash for x in links}
    assert relink(chunks) == links  # every link recomputed from the records
    assert records_of(chunks) == data


def test_a_chunk_keeps_its_records_as_lines_and_its_last_link():
    links = extend(['{"type":"hand","note":"a\\nb"}', '{"type":"exhausted"}'])
    assert chunk(links) == Chunk(0, 1, "".join(x.data + "\n" for x in links), links[-1].hash)


@given(records)
def test_given_digests_and_types_make_the_same_links(data):
    """What an upload passes from the codec (ParsedLog.digests) chains as the data would."""
    digests = [hashlib.sha256(d.encode()).digest() for d in data]
    types = [json.loads(d)["type"] for d in data]
    assert extend(data, seq=3, digests=digests, types=types) == extend(data, seq=3)
    wrong = [bytes(32)] * len(data)  # and they are used, not recomputed
    assert extend(data, digests=wrong)[-1].hash != extend(data)[-1].hash


@given(records, st.integers(0, 99) | st.integers((1 << 13) - 3, (1 << 13) + 3))
def test_the_head_alone_is_the_last_link_of_the_documented_chain(data, seq):
    """What an upload stores (its chunk's last link) without making the links before it; seqs
    on both sides of the table of hash objects fed a seq (8,192)."""
    prev = "cd" * 32
    expected = prev
    for n, d in enumerate(data, seq):
        expected = link_hash(n, expected, d)
    digests = [hashlib.sha256(d.encode()).digest() for d in data]
    assert head(digests, seq=seq, prev_hash=prev) == Head(seq + len(data) - 1, expected)
    assert head(digests) == extend(data)[-1][::4]  # (seq, hash)
    with pytest.raises(ValueError):
        head([], seq=seq)


@given(records, cuts, st.data())
def test_any_edit_is_caught_at_the_end_of_its_chunk(data, cut, draw):
    """Only a chunk's last link is stored: an edited record breaks it, at the chunk's last seq;
    a chunk dropped, or holding other records than its seqs say, breaks where it starts."""
    links = extend(data)
    head = links[-1]
    chunks = chunked(links, cut)
    i = draw.draw(st.integers(0, len(chunks) - 1))
    kind = draw.draw(st.sampled_from(["data", "hash", "drop", "line", "swap", "seqs"]))
    x = chunks[i]
    lines = x.data.split("\n")[:-1]
    at = x.last_seq
    if kind == "data":
        j = draw.draw(st.integers(0, len(lines) - 1))
        lines[j] = lines[j].replace("}", ',"y":1}')
        chunks[i] = x._replace(data="".join(line + "\n" for line in lines))
    elif kind == "hash":
        chunks[i] = x._replace(hash="f" * 64)
    elif kind == "drop":
        del chunks[i]
        at = x.first_seq
    elif kind == "line":  # a record dropped from the chunk
        chunks[i] = x._replace(data="".join(line + "\n" for line in lines[1:]))
        at = x.first_seq
    elif kind == "swap" and len(set(lines)) > 1:
        j = next(j for j in range(1, len(lines)) if lines[j] != lines[0])
        lines[0], lines[j] = lines[j], lines[0]
        chunks[i] = x._replace(data="".join(line + "\n" for line in lines))
    elif kind == "seqs" and i + 1 < len(chunks):  # the boundary moved: the next one starts late
        chunks[i] = x._replace(last_seq=x.last_seq - 1, data="".join(f"{v}\n" for v in lines[:-1]))
        at = x.first_seq if len(lines) == 1 else x.last_seq - 1
    else:
        return  # nothing to swap, or no boundary after the last chunk
    with pytest.raises(ChainBroken) as e:
        walk("s", chunks, head_seq=head.seq, head_hash=head.hash)
    assert e.value.seq == at


def test_a_stray_event_beyond_the_head_is_caught():
    links = extend(['{"type":"hand"}', '{"type":"exhausted"}'])
    chunks = [chunk(links[:1]), chunk(links[1:])]
    with pytest.raises(ChainBroken, match="beyond the recorded head") as e:
        walk("s", chunks, head_seq=0, head_hash=links[0].hash)
    assert e.value.seq == 1
    with pytest.raises(ChainBroken, match="beyond the recorded head") as e:
        walk("s", [chunk(links)], head_seq=0, head_hash=links[0].hash)  # a head moved back
    assert e.value.seq == 1


def test_a_rewritten_head_is_caught():
    links = extend(['{"type":"hand"}'])
    with pytest.raises(ChainBroken, match="recorded head hash"):
        walk("s", [chunk(links)], head_seq=0, head_hash="0" * 64)
