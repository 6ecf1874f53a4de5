"""Copies of states (dockyard.speed.cloning): what may change is copied, what cannot is shared, and
a field's annotation may say which without looking at its values."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pytest
from dockyard.speed.cloning import CloneCheckError, _plans, checking, clone

if TYPE_CHECKING:
    from collections import OrderedDict


@dataclass(frozen=True)
class Card:
    name: str


@dataclass(slots=True)
class Inner:
    items: list[str] = field(default_factory=list)


@dataclass(slots=True)
class Table:
    count: int = 0
    label: str | None = None
    where: tuple[int, int] = (0, 0)
    card: Card = Card("x")
    hand: list[str] = field(default_factory=list)
    scores: dict[str, int] = field(default_factory=dict)
    seen: set[int] = field(default_factory=set)
    cards: dict[str, Card] = field(default_factory=dict)
    nested: list[list[str]] = field(default_factory=list)
    inner: Inner = field(default_factory=Inner)
    anything: list[Any] = field(default_factory=list)
    stacks: tuple[list[str], list[str]] = field(default_factory=lambda: ([], []))
    streets: dict[str, list[Inner]] = field(default_factory=dict)
    unknown: OrderedDict[str, list[int]] | None = None  # a name only type checkers know
    rng: random.Random = field(default_factory=lambda: random.Random(1), compare=False)


def test_annotations_plan_the_copy_of_plain_fields_only() -> None:
    plans = _plans(Table)
    assert plans["count"] == plans["label"] == plans["where"] == plans["card"] == "item"
    assert plans["hand"] == "item[:]"
    assert plans["scores"] == plans["seen"] == plans["cards"] == "item.copy()"
    for name in ("unknown", "rng"):
        assert name not in plans, name  # copied value by value
    # a mutable dataclass: its own copier, called directly when the value is of that very class
    assert plans["inner"].startswith("(copy_T") and "else clone(item))" in plans["inner"]
    # containers of containers: comprehensions, each checking the container is the one declared
    assert plans["nested"] == "([v0[:] for v0 in item] if type(item) is list else clone(item))"
    assert "clone(v0) for v0 in item" in plans["anything"]
    assert plans["stacks"].startswith("((item[0][:], item[1][:],) if type(item) is tuple")
    assert "copy_T" in plans["streets"] and "clone(v1)) for v1 in v0" in plans["streets"]


@dataclass(slots=True)
class Node:
    label: str
    children: list[Node] = field(default_factory=list)
    parent_of: Node | None = None


def test_a_class_holding_itself_is_planned_without_end_and_copied_in_full() -> None:
    tree = Node("root", [Node("a", [Node("a1")]), Node("b")])
    tree.parent_of = Node("x")
    twin = clone(tree)
    assert twin == tree
    twin.children[0].children[0].label = "changed"
    twin.children[0].children.append(Node("new"))
    assert tree.children[0].children == [Node("a1")]


class Inner2(Inner):
    pass


def test_a_subclass_where_a_class_is_declared_is_copied_as_itself() -> None:
    table = Table(inner=Inner2(["s"]))
    twin = clone(table)
    assert type(twin.inner) is Inner2 and twin.inner.items == ["s"]
    twin.inner.items.append("x")
    assert table.inner.items == ["s"]


def test_a_value_that_is_not_what_its_annotation_says_is_still_copied_in_full() -> None:
    """A plan checks its containers' types (and a tuple's length): anything else is copied by
    `clone`, value by value, so a loose annotation costs speed, never a shared list."""
    odd = Table(nested=(["n"],), stacks=(["a"], ["b"], ["c"]), streets=[Inner(["i"])])  # type: ignore[arg-type]
    twin = clone(odd)
    assert twin == odd
    twin.nested[0].append("x")
    twin.stacks[2].append("x")
    twin.streets[0].items.append("x")
    assert odd.nested == (["n"],) and odd.stacks[2] == ["c"] and odd.streets[0].items == ["i"]


def test_a_copy_shares_nothing_that_can_change() -> None:
    table = Table(
        3,
        "t",
        (1, 2),
        Card("a"),
        ["h"],
        {"p": 1},
        {4},
        {"c": Card("c")},
        [["n"]],
        Inner(["i"]),
        [["any"]],
        stacks=(["s"], []),
        streets={"x": [Inner(["j"])]},
    )
    twin = clone(table)
    assert twin == table
    twin.hand.append("x")
    twin.scores["p"] = 9
    twin.seen.add(5)
    twin.cards["d"] = Card("d")
    twin.nested[0].append("x")
    twin.inner.items.append("x")
    twin.anything[0].append("x")
    twin.stacks[0].append("x")
    twin.streets["x"][0].items.append("x")
    assert table.stacks == (["s"], []) and table.streets == {"x": [Inner(["j"])]}
    assert table.hand == ["h"] and table.scores == {"p": 1} and table.seen == {4}
    assert table.cards == {"c": Card("c")} and table.nested == [["n"]]
    assert table.inner.items == ["i"] and table.anything == [["any"]]
    assert twin.card is table.card  # printed components are shared
    assert twin.rng is not table.rng and twin.rng.random() == table.rng.random()


# ---- checking mode: values are what the plan assumed --------------------------------------


@dataclass(frozen=True)
class Pile:  # "printed", so shared: but it holds a list
    cards: list[str]


@dataclass(slots=True)
class MisDeclared:
    piles: list[str] = field(default_factory=list)  # declared strings, holds lists
    pile: Pile | None = None
    # a cache, not state (compare=False), shared by the copies: its annotation says so
    cache: str | None = field(default=None, compare=False)


def test_a_plan_trusts_annotations_without_checking_mode() -> None:
    odd = MisDeclared([["a"]])  # type: ignore[list-item]
    assert clone(odd).piles[0] is odd.piles[0]  # shared: what checking mode is for


def test_checking_mode_names_a_field_holding_what_its_annotation_does_not_say() -> None:
    odd = MisDeclared([["a"]])  # type: ignore[list-item]
    expected = (
        r"a clone shares MisDeclared.piles\[0\] \(a list\) with its original: field 'piles' "
        r"of MisDeclared \(declared list\[str\]\)"
    )
    with checking(), pytest.raises(CloneCheckError, match=expected):
        clone(odd)
    assert clone(odd).piles[0] is odd.piles[0]  # off again once out of the block


def test_checking_mode_finds_a_list_inside_a_tuple_shared_as_never_changing() -> None:
    in_a_tuple = MisDeclared(piles=[("a", ["b"])])  # type: ignore[list-item]
    with checking(), pytest.raises(CloneCheckError, match=r"piles\[0\]\[1\] \(a list\)"):
        clone(in_a_tuple)


def test_strict_checking_mode_looks_into_frozen_dataclasses_too() -> None:
    """A frozen dataclass is a printed component, shared whole as its class declares; strict
    mode finds what can change inside it."""
    odd = MisDeclared(pile=Pile(["a"]))
    with checking():
        assert clone(odd).pile is odd.pile
    with checking(strict=True), pytest.raises(CloneCheckError, match=r"\.pile\.cards \(a list"):
        clone(odd)


def test_checking_mode_passes_honest_states_and_looks_past_caches() -> None:
    cached = MisDeclared(["a"], Pile.__new__(Pile), {"k": ["shared"]})  # type: ignore[arg-type]
    object.__setattr__(cached.pile, "cards", ())
    with checking():
        twin = clone(cached)
        clone(Table(nested=[["n"]], stacks=(["s"], []), streets={"x": [Inner(["j"])]}))
    assert twin.cache is cached.cache  # compare=False: a cache, not looked at


def test_checking_mode_can_be_turned_on_by_the_environment() -> None:
    code = (
        "from dataclasses import dataclass, field\n"
        "from dockyard.speed.cloning import CloneCheckError, clone\n"
        "@dataclass(slots=True)\n"
        "class S:\n"
        "    piles: list[str] = field(default_factory=list)\n"
        "try:\n"
        "    clone(S([['a']]))\n"
        "except CloneCheckError as exc:\n"
        "    print('caught', exc)\n"
    )
    env = {**os.environ, "DOCKYARD_CHECK_CLONES": "1"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert out.stdout.startswith("caught a clone shares S.piles[0] (a list)"), out.stderr
