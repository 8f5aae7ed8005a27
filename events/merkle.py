"""Merkle tree hashing and proofs exactly as RFC 6962 §2.1 (Certificate Transparency) defines them,
with the verification algorithms of RFC 9162 §2.1.3.2 and §2.1.4.2. Standard library only.

A tree is seen through ``subtree(lo, hi)``: the Merkle Tree Hash of leaves ``lo..hi-1``. ``Tree``
computes it in memory from leaf hashes; the store feeds the same functions from its rows.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence

Subtree = Callable[[int, int], bytes]


class ProofFailed(Exception):
    """An inclusion or consistency proof that does not verify."""


def leaf_hash(data: bytes) -> bytes:
    return hashlib.sha256(b"\x00" + data).digest()


def node_hash(left: bytes, right: bytes) -> bytes:
    return hashlib.sha256(b"\x01" + left + right).digest()


EMPTY_ROOT = hashlib.sha256(b"").digest()  # MTH({}) of an empty tree


def split(n: int) -> int:
    """The largest power of two smaller than ``n`` (n > 1): where RFC 6962 splits a tree."""
    return 1 << ((n - 1).bit_length() - 1)


def inclusion_proof(index: int, size: int, subtree: Subtree) -> list[bytes]:
    """PATH(m, D[n]) of RFC 6962 §2.1.1, leaf first."""
    if not 0 <= index < size:
        raise ValueError(f"leaf {index} is not in a tree of {size}")
    path, lo, hi = [], 0, size
    while hi - lo > 1:
        k = split(hi - lo)
        if index < lo + k:
            path.append(subtree(lo + k, hi))
            hi = lo + k
        else:
            path.append(subtree(lo, lo + k))
            lo += k
    return path[::-1]


def consistency_proof(old: int, new: int, subtree: Subtree) -> list[bytes]:
    """PROOF(m, D[n]) of RFC 6962 §2.1.2 (empty when m is 0 or m = n)."""
    if not 0 <= old <= new:
        raise ValueError(f"no consistency proof from a tree of {old} to one of {new}")
    if old in (0, new):
        return []
    proof, m, lo, hi, whole = [], old, 0, new, True
    while m != hi - lo:  # SUBPROOF(m, D[lo:hi], whole)
        k = split(hi - lo)
        if m <= k:
            proof.append(subtree(lo + k, hi))
            hi = lo + k
        else:
            proof.append(subtree(lo, lo + k))
            m, lo, whole = m - k, lo + k, False
    if not whole:
        proof.append(subtree(lo, hi))
    return proof[::-1]


def _shift_while_even(fn: int, sn: int) -> tuple[int, int]:
    while fn and not fn & 1:
        fn, sn = fn >> 1, sn >> 1
    return fn, sn


def verify_inclusion(
    leaf: bytes, index: int, size: int, proof: Sequence[bytes], root: bytes
) -> None:
    """RFC 9162 §2.1.3.2: raises ProofFailed unless ``leaf`` (a leaf hash) is leaf ``index`` of
    the tree of ``size`` leaves with ``root``."""
    if not 0 <= index < size:
        raise ProofFailed(f"leaf {index} is not in a tree of {size}")
    fn, sn, r = index, size - 1, leaf
    for p in proof:
        if sn == 0:
            raise ProofFailed("the inclusion proof is too long")
        if fn & 1 or fn == sn:
            r = node_hash(p, r)
            fn, sn = _shift_while_even(fn, sn)
        else:
            r = node_hash(r, p)
        fn, sn = fn >> 1, sn >> 1
    if sn != 0 or r != root:
        raise ProofFailed(f"leaf {index} is not in the tree of {size} with this root")


def verify_consistency(
    old: int, new: int, old_root: bytes, new_root: bytes, proof: Sequence[bytes]
) -> None:
    """RFC 9162 §2.1.4.2: raises ProofFailed unless the tree of ``new`` leaves with ``new_root``
    keeps the tree of ``old`` leaves with ``old_root`` as its first ``old`` leaves."""
    if not 0 <= old <= new:
        raise ProofFailed(f"a tree of {new} cannot extend one of {old}")
    if old == new:
        if proof or old_root != new_root:
            raise ProofFailed(f"two different trees of {old} leaves")
        return
    if old == 0:
        if proof:
            raise ProofFailed("a consistency proof from the empty tree is empty")
        return
    path = list(proof)
    if old & (old - 1) == 0:  # a power of two: the old root is a node of the new tree
        path.insert(0, old_root)
    if not path:
        raise ProofFailed("the consistency proof is empty")
    fn, sn = old - 1, new - 1
    while fn & 1:
        fn, sn = fn >> 1, sn >> 1
    fr = sr = path[0]
    for c in path[1:]:
        if sn == 0:
            raise ProofFailed("the consistency proof is too long")
        if fn & 1 or fn == sn:
            fr, sr = node_hash(c, fr), node_hash(c, sr)
            fn, sn = _shift_while_even(fn, sn)
        else:
            sr = node_hash(sr, c)
        fn, sn = fn >> 1, sn >> 1
    if sn != 0 or fr != old_root or sr != new_root:
        raise ProofFailed(f"the tree of {new} leaves does not extend the tree of {old}")


class Tree:
    """A whole tree in memory from its leaf hashes: every perfect subtree is kept by level, so
    any MTH(D[lo:hi]), root, or proof costs O(log n) hashes after O(n) to build."""

    def __init__(self, leaves: Sequence[bytes]):
        self.levels = [list(leaves)]
        while len(self.levels[-1]) > 1:
            below = self.levels[-1]
            self.levels.append(
                [node_hash(below[i], below[i + 1]) for i in range(0, len(below) - 1, 2)]
            )

    @property
    def size(self) -> int:
        return len(self.levels[0])

    def subtree(self, lo: int, hi: int) -> bytes:
        """MTH(D[lo:hi]) for 0 <= lo < hi <= size."""
        n = hi - lo
        if n & (n - 1) == 0 and lo % n == 0:
            return self.levels[n.bit_length() - 1][lo // n]
        k = split(n)
        return node_hash(self.subtree(lo, lo + k), self.subtree(lo + k, hi))

    def root(self, size: int | None = None) -> bytes:
        """MTH of the first ``size`` leaves (default: all)."""
        size = self.size if size is None else size
        return self.subtree(0, size) if size else EMPTY_ROOT
