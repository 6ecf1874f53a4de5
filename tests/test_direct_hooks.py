"""The direct hook relay answers exactly as pluggy does, and leaves to pluggy what it must."""

from __future__ import annotations

import pluggy
import pytest
from dockyard import Session
from dockyard.speed.direct_hooks import DirectRelay

spec = pluggy.HookspecMarker("t")
impl = pluggy.HookimplMarker("t")


class Specs:
    @spec(firstresult=True)
    def first_none(self, a, b): ...

    @spec
    def listed_none(self, a, b): ...

    @spec(firstresult=True)
    def first_one(self, a, b): ...

    @spec
    def listed_one(self, a, b): ...

    @spec
    def listed_one_gives_none(self, a, b): ...

    @spec(firstresult=True)
    def takes_some(self, a, b): ...

    @spec
    def two(self, a, b): ...

    @spec(firstresult=True)
    def wrapped(self, a, b): ...

    @spec(firstresult=True)
    def with_default(self, a, b=5): ...


class One:
    @impl
    def first_one(self, a, b):
        return a + b

    @impl
    def listed_one(self, a, b):
        return a * b

    @impl
    def listed_one_gives_none(self, a, b):
        return None

    @impl
    def takes_some(self, b):
        return -b

    @impl
    def two(self, a, b):
        return "one"

    @impl
    def wrapped(self, a, b):
        return a - b

    @impl
    def with_default(self, a, b):
        return a + b


class Two:
    @impl
    def two(self, a, b):
        return "two"

    @impl(wrapper=True)
    def wrapped(self, a, b):
        result = yield
        return result * 10


@pytest.fixture
def pm() -> pluggy.PluginManager:
    pm = pluggy.PluginManager("t")
    pm.add_hookspecs(Specs)
    pm.register(One())
    pm.register(Two())
    return pm


CALLS = [
    "first_none",
    "listed_none",
    "first_one",
    "listed_one",
    "listed_one_gives_none",
    "takes_some",
    "two",
    "wrapped",
]


@pytest.mark.parametrize("name", CALLS)
def test_the_relay_answers_as_pluggy(pm, name) -> None:
    relay = DirectRelay(pm)
    assert getattr(relay, name)(a=3, b=4) == getattr(pm.hook, name)(a=3, b=4)
    assert getattr(relay, name).get_hookimpls() == getattr(pm.hook, name).get_hookimpls()


def test_plain_hooks_are_called_directly_the_rest_through_pluggy(pm) -> None:
    relay = DirectRelay(pm)
    for name in ("first_none", "listed_none", "first_one", "listed_one"):
        assert not isinstance(getattr(relay, name), pluggy.HookCaller), name
    for name in ("takes_some", "two", "wrapped", "with_default"):
        assert getattr(relay, name) is getattr(pm.hook, name), name
    assert relay.with_default(a=1) == pm.hook.with_default(a=1) == 6


def test_listed_results_are_fresh_lists(pm) -> None:
    relay = DirectRelay(pm)
    first = relay.listed_none(a=1, b=2)
    first.append("x")
    assert relay.listed_none(a=1, b=2) == []


def test_sessions_call_curious_cargo_hooks_through_the_relay() -> None:
    s = Session("curious-cargo", seed=1)
    assert isinstance(s.hook, DirectRelay) and s.game.hook is s.hook
    assert not isinstance(s.hook.cc_token_limit, pluggy.HookCaller)
    assert s.hook.cc_token_limit(state=s.state, seat=0, kind="construction") == 3
