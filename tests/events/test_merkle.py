"""RFC 6962 Merkle trees: the published test vectors, the RFC's own 7-leaf example written out by
hand, and every proof of every small tree verified (and broken) by the RFC 9162 algorithms."""

from __future__ import annotations

import hashlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from events.merkle import (
    EMPTY_ROOT,
    ProofFailed,
    Tree,
    consistency_proof,
    inclusion_proof,
    leaf_hash,
    node_hash,
    verify_consistency,
    verify_inclusion,
)

# The leaves and roots of the Certificate Transparency test vectors (certificate-transparency-go,
# merkle tree tests): roots of the first n leaves.
CT_LEAVES = [
    b"",
    b"\x00",
    b"\x10",
    b"\x20\x21",
    b"\x30\x31",
    b"\x40\x41\x42\x43",
    bytes(range(0x50, 0x58)),
    bytes(range(0x60, 0x70)),
]
CT_ROOTS = [
    "6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d",
    "fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125",
    "aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77",
    "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
    "4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4",
    "76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef",
    "ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c",
    "5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328",
]


def sha(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()


def test_the_hashes_are_domain_separated():
    assert leaf_hash(b"x") == sha(b"\x00x")
    assert node_hash(b"L", b"R") == sha(b"\x01LR")
    assert Tree([]).root() == EMPTY_ROOT == sha(b"")


def test_the_certificate_transparency_vectors():
    tree = Tree([leaf_hash(x) for x in CT_LEAVES])
    assert [tree.root(n).hex() for n in range(1, 9)] == CT_ROOTS


# RFC 6962 §2.1.3, the tree of seven leaves d0..d6, with the RFC's names for its nodes:
#             hash
#            /    \
#           k      l
#          / \    / \
#         g   h  i   j
#        / \ / \ / \  |
#        a b c d e f  d6
D = [f"d{i}".encode() for i in range(7)]
a, b, c, d, e, f, j = (leaf_hash(x) for x in D)
g, h, i = node_hash(a, b), node_hash(c, d), node_hash(e, f)
k, l = node_hash(g, h), node_hash(i, j)  # noqa: E741 (the RFC's name)
TREE = Tree([a, b, c, d, e, f, j])


def test_the_rfc_example_roots():
    assert TREE.root() == node_hash(k, l)
    assert TREE.root(3) == node_hash(g, c)  # hash0 of the RFC
    assert TREE.root(4) == k  # hash1
    assert TREE.root(6) == node_hash(k, i)  # hash2


@pytest.mark.parametrize(
    "leaf, path",
    [(0, [b, h, l]), (3, [c, g, l]), (4, [f, j, k]), (6, [i, k])],
)
def test_the_rfc_example_audit_paths(leaf, path):
    assert inclusion_proof(leaf, 7, TREE.subtree) == path
    verify_inclusion(leaf_hash(D[leaf]), leaf, 7, path, TREE.root())


@pytest.mark.parametrize(
    "old, proof",
    [(3, [c, d, g, l]), (4, [l]), (6, [i, j, k])],
)
def test_the_rfc_example_consistency_proofs(old, proof):
    assert consistency_proof(old, 7, TREE.subtree) == proof
    verify_consistency(old, 7, TREE.root(old), TREE.root(), proof)


def test_trivial_consistency_and_wrong_sizes():
    verify_consistency(0, 7, EMPTY_ROOT, TREE.root(), [])
    verify_consistency(7, 7, TREE.root(), TREE.root(), [])
    with pytest.raises(ProofFailed, match="different trees"):
        verify_consistency(7, 7, TREE.root(6), TREE.root(), [])
    with pytest.raises(ProofFailed, match="cannot extend"):
        verify_consistency(7, 6, TREE.root(), TREE.root(6), [])
    with pytest.raises(ProofFailed, match="not in a tree"):
        verify_inclusion(a, 7, 7, [], TREE.root())
    with pytest.raises(ValueError):
        inclusion_proof(7, 7, TREE.subtree)


@given(st.integers(1, 40), st.data())
def test_every_proof_of_a_small_tree_verifies_and_any_change_breaks_it(n, data):
    tree = Tree([leaf_hash(str(x).encode()) for x in range(n)])
    index = data.draw(st.integers(0, n - 1))
    path = inclusion_proof(index, n, tree.subtree)
    leaf = leaf_hash(str(index).encode())
    verify_inclusion(leaf, index, n, path, tree.root())
    with pytest.raises(ProofFailed):
        verify_inclusion(leaf_hash(b"forged"), index, n, path, tree.root())
    if path:
        with pytest.raises(ProofFailed):
            verify_inclusion(leaf, index, n, path[:-1], tree.root())
        with pytest.raises(ProofFailed):
            verify_inclusion(leaf, index ^ 1 if index ^ 1 < n else index - 1, n, path, tree.root())

    old = data.draw(st.integers(1, n))
    proof = consistency_proof(old, n, tree.subtree)
    verify_consistency(old, n, tree.root(old), tree.root(), proof)
    if old < n:
        rewritten = Tree([leaf_hash(b"rewritten")] + tree.levels[0][1:])
        with pytest.raises(ProofFailed):  # the old tree's first leaf changed since
            verify_consistency(
                old,
                n,
                tree.root(old),
                rewritten.root(),
                consistency_proof(old, n, rewritten.subtree),
            )
        with pytest.raises(ProofFailed):
            verify_consistency(old, n, tree.root(old), tree.root(), proof[:-1])
