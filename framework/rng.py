"""A game's random generator (`Rng`): `random.Random` seeded only when first used, and copied
without reading its state twice (undo checkpoints copy the whole state every few actions).

While an `Rng` holds a `Script` (`rng.script`), every whole-number draw it makes (randrange,
randint, choice, shuffle, sample: random.Random's `_randbelow`) is shown to the script, which
may replace the outcome: how OpenSpiel sees each die roll and shuffle as a chance node
(dockyard.interop.openspiel). The generator draws all the same, so a script that keeps every
outcome changes nothing. Without a script (always, outside that adapter) nothing changes."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any


class Script:
    """The whole-number draws of an `Rng` while it holds this script (see the module's text):
    `drawn` lists (n, outcome) for each draw among n outcomes (2 to `most`), and the first
    outcomes are `forced` ones instead of the generator's."""

    def __init__(self, forced: list[int] | tuple[int, ...] = (), most: int = 256) -> None:
        self.forced = forced
        self.most = most
        self.drawn: list[tuple[int, int]] = []
        self.closed = False  # set when done: a generator still holding it draws as its own

    def draw(self, n: int, outcome: int) -> int:
        if n < 2 or n > self.most or self.closed:
            return outcome
        at = len(self.drawn)
        if at < len(self.forced):
            outcome = self.forced[at]
            if not 0 <= outcome < n:  # (told by the caller through `drawn`)
                outcome %= n
        self.drawn.append((n, outcome))
        return outcome


_ADOPTED: ContextVar[Script | None] = ContextVar("dockyard_rng_script", default=None)


@contextmanager
def scripting(script: Script) -> Iterator[Script]:
    """Every `Rng` made in this block (in this thread or task) holds `script`: how a game's
    set-up draws are shown (its generator is made inside the set-up)."""
    token = _ADOPTED.set(script)
    try:
        yield script
    finally:
        _ADOPTED.reset(token)


class Rng(random.Random):
    """A game's random generator: `random.Random(seed)` in every way (the same numbers for the
    same seed), but seeded only when first used. Seeding a Mersenne Twister costs more than
    setting up a whole game of tic-tac-toe, and games that never draw or shuffle never pay."""

    # Only a generator holding a script pays for it: `script = S` puts a scripted `_randbelow`
    # in the instance's own dict (ahead of random.Random's), `script = None` takes it away; a
    # copy (`__clone__`) is a new generator without one.
    @property
    def script(self) -> Script | None:  # see the module's text
        return self.__dict__.get("_script")  # type: ignore[no-any-return]

    @script.setter
    def script(self, script: Script | None) -> None:
        if script is None:
            self.__dict__.pop("_script", None)
            self.__dict__.pop("_randbelow", None)
        else:
            self.__dict__["_script"] = script
            self.__dict__["_randbelow"] = self._scripted_randbelow

    def _scripted_randbelow(self, n: int) -> int:
        outcome = self._randbelow_with_getrandbits(n)  # type: ignore[attr-defined]
        script = self.__dict__.get("_script")
        return outcome if script is None else script.draw(n, outcome)

    def __init__(self, seed: int | None = None) -> None:
        self._seed_pending = seed
        self.gauss_next = None
        script = _ADOPTED.get()
        if script is not None:
            self.script = script
        self.__class__ = _LazyRng  # until its first use

    def __clone__(self) -> Rng:  # dockyard.speed.cloning
        # a state copy for undo is made every few actions, and most of the time nothing drew
        # since the last one: the generator's state is read once and shared (a tuple) until it
        # is used again, and a copy sets it into its own generator only when first used
        state = random.Random.getstate(self)
        self.__class__ = _SnappedRng  # type: ignore[assignment]
        self._snap = state
        return _PendingRng.holding(state)

    def _ready(self) -> None:
        # a method bound before the first use still comes here afterwards: seed only once
        if type(self) is _LazyRng:
            self.__class__ = Rng  # type: ignore[assignment]
            random.Random.seed(self, self._seed_pending)


class _LazyRng(Rng):
    """An `Rng` not seeded yet: anything that reads or sets its state seeds it first."""

    def __clone__(self) -> Rng:  # a copy not seeded yet either
        if type(self) is not _LazyRng:
            return Rng.__clone__(self)
        return Rng(self._seed_pending)

    def random(self) -> float:
        self._ready()
        return self.random()

    def getrandbits(self, k: int, /) -> int:
        self._ready()
        return self.getrandbits(k)

    def getstate(self) -> tuple[Any, ...]:
        self._ready()
        return self.getstate()

    def setstate(self, state: tuple[Any, ...]) -> None:
        self.__class__ = Rng  # type: ignore[assignment]
        self.setstate(state)

    def seed(self, a: Any = None, version: int = 2) -> None:
        self.__class__ = Rng  # type: ignore[assignment]
        self.seed(a, version)


class _SnappedRng(Rng):
    """An `Rng` whose state (`_snap`) was read and has not changed since: a copy shares it."""

    _snap: tuple[Any, ...]

    def _state(self) -> tuple[Any, ...]:
        snap = self._snap  # gauss() may have used its spare number without drawing
        return snap if snap[2] is self.gauss_next else (snap[0], snap[1], self.gauss_next)

    def __clone__(self) -> Rng:
        return _PendingRng.holding(self._state())

    def getstate(self) -> tuple[Any, ...]:
        return self._state()

    def _changing(self) -> None:
        self.__class__ = Rng  # type: ignore[assignment]
        del self._snap

    # (a method bound before a draw, as random.py's own loops do, may come here again after
    # the state changed: only the first call since the state was read changes the class)
    def random(self) -> float:
        if type(self) is not Rng:
            self._changing()
        return random.Random.random(self)

    def getrandbits(self, k: int, /) -> int:
        if type(self) is not Rng:
            self._changing()
        return random.Random.getrandbits(self, k)

    def setstate(self, state: tuple[Any, ...]) -> None:
        if type(self) is not Rng:
            self._changing()
        random.Random.setstate(self, state)

    def seed(self, a: Any = None, version: int = 2) -> None:
        if type(self) is not Rng:
            self._changing()
        random.Random.seed(self, a, version)


class _PendingRng(_SnappedRng):
    """A copy of an `Rng` that holds the state to set (`_snap`) and sets it when first used."""

    @staticmethod
    def holding(state: tuple[Any, ...]) -> _PendingRng:
        twin = _PendingRng.__new__(_PendingRng)
        twin._snap = state
        twin.gauss_next = state[2]
        return twin

    def _changing(self) -> None:
        snap = self._state()
        self.__class__ = Rng  # type: ignore[assignment]
        del self._snap
        random.Random.setstate(self, snap)
