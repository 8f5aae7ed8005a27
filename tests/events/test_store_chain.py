"""The hash chain on its own: the documented byte encoding, and any edit caught at its seq."""

from __future__ import annotations

import hashlib
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from events.chain import GENESIS, ChainBroken, Link, extend, link_hash, walk

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


@given(records)
def test_an_intact_chain_walks_to_its_head(data):
    links = extend(data)
    assert walk("s", links, head_seq=links[-1].seq, head_hash=links[-1].hash) == len(data)


@given(records)
def test_given_digests_and_types_make_the_same_links(data):
    """What an upload passes from the codec (ParsedLog.digests) chains as the data would."""
    digests = [hashlib.sha256(d.encode()).digest() for d in data]
    types = [json.loads(d)["type"] for d in data]
    assert extend(data, seq=3, digests=digests, types=types) == extend(data, seq=3)
    wrong = [bytes(32)] * len(data)  # and they are used, not recomputed
    assert extend(data, digests=wrong)[-1].hash != extend(data)[-1].hash


@given(records, st.data())
def test_any_edit_is_caught_at_its_seq(data, draw):
    links = extend(data)
    head = links[-1]
    i = draw.draw(st.integers(0, len(links) - 1))
    kind = draw.draw(st.sampled_from(["data", "hash", "prev_hash", "type", "drop", "swap"]))
    edited = list(links)
    x = links[i]
    if kind == "data":
        edited[i] = Link(x.seq, x.type, x.data.replace("}", ',"y":1}'), x.prev_hash, x.hash)
    elif kind == "hash":
        edited[i] = Link(x.seq, x.type, x.data, x.prev_hash, "f" * 64)
    elif kind == "prev_hash":
        edited[i] = Link(x.seq, x.type, x.data, "e" * 64, x.hash)
    elif kind == "type":
        edited[i] = Link(x.seq, "settlement", x.data, x.prev_hash, x.hash)
    elif kind == "drop":
        del edited[i]
    elif i + 1 < len(links):
        edited[i], edited[i + 1] = edited[i + 1], edited[i]
    else:
        return  # nothing to swap the last link with
    with pytest.raises(ChainBroken) as e:
        walk("s", edited, head_seq=head.seq, head_hash=head.hash)
    assert e.value.seq == i


def test_a_stray_event_beyond_the_head_is_caught():
    links = extend(['{"type":"hand"}', '{"type":"exhausted"}'])
    with pytest.raises(ChainBroken, match="beyond the recorded head") as e:
        walk("s", links, head_seq=0, head_hash=links[0].hash)
    assert e.value.seq == 1


def test_a_rewritten_head_is_caught():
    links = extend(['{"type":"hand"}'])
    with pytest.raises(ChainBroken, match="recorded head hash"):
        walk("s", links, head_seq=0, head_hash="0" * 64)
