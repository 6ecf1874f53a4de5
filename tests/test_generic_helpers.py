"""Helpers of the generic suite's tests: which tables the default run plays (`sweep`, in
conftest.py), and how the hidden information check finds a secret in a text."""

from __future__ import annotations

import re

import conftest
from conftest import sweep
from dockyard.registry import registry
from dockyard.testing import tables
from hypothesis import given
from hypothesis import strategies as st


def test_the_default_sweep_keeps_every_count_and_variant_and_long_keeps_every_table(
    monkeypatch,
) -> None:
    for name in registry().games:
        every = tables(name)
        monkeypatch.setattr(conftest, "LONG", False)
        some = sweep(name)
        assert set(some) <= set(every)
        assert {t for t in every if not t.variants} <= set(some)  # each count alone
        counts = sorted({t.players for t in every})
        variants = {t.variants for t in every if t.variants}
        for v in variants:
            kept = {t.players for t in some if t.variants == v}
            assert len(kept) == 1 and kept <= {counts[0], counts[-1]}, (name, v)  # one end
        if len(variants) > 1:  # the most and the fewest both played with a variant
            ends = {t.players for t in some if t.variants}
            assert ends == {counts[0], counts[-1]}, name
        monkeypatch.setattr(conftest, "LONG", True)
        assert sweep(name) == every
    assert len(sweep("import-export")) == 25  # LONG: five counts alone and four variants at each
    monkeypatch.setattr(conftest, "LONG", False)
    assert len(sweep("import-export")) == 9  # five counts alone, each variant at one end


_IDS = ["w2", "ww2", "w2-b", "rice", "price", "c.7", "a b", "x"]


@given(
    st.lists(st.sampled_from(_IDS), max_size=4),
    st.lists(st.sampled_from([*_IDS, " ", "-", "_", ".", ",", '"', "\n", "é"]), max_size=12),
)
def test_the_hidden_information_check_finds_a_secret_as_seats_mentions_does(ids, parts) -> None:
    """The check looks ids up among a text's words (one pass for every id): it finds what
    `dockyard.seats.mentions` finds, whole ids only, the leftmost first."""
    from dockyard.seats import mentions
    from dockyard.testing.hidden_information import _finder, named

    text = "".join(parts)
    assert named(text, ids) == {x for x in ids if mentions(text, [x])}
    find = _finder(frozenset(ids)) if ids else None
    found = find(text) if find is not None else None
    assert (found is None) == (mentions(text, ids) is None)
    if found is not None:
        assert mentions(text, [found]) == found
        first = min(
            m.start()
            for x in ids
            for m in re.finditer(r"(?<![\w-])" + re.escape(x) + r"(?![\w-])", text)
        )
        assert text.find(found, first) == first
