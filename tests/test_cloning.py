"""Copies of states (dockyard.cloning): what may change is copied, what cannot is shared, and
a field's annotation may say which without looking at its values."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from dockyard.cloning import _plans, clone

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
