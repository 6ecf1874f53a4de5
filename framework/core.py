"""The values that cross every boundary of dockyard: actions, events, decisions, outcomes,
errors, and the flow's plain data (phases and the flow state).

A leaf module: it imports nothing from dockyard, so every other module can import it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple


class DockyardError(Exception):
    """An error meant for a user: one clear line saying what and where."""


class IllegalAction(DockyardError):
    """The action breaks a rule; the message says which."""


@dataclass(frozen=True, slots=True)
class Action:
    """One move: who, which verb, and the verb's typed arguments (hashable values)."""

    player: str
    verb: str
    args: tuple[Any, ...] = ()

    def __str__(self) -> str:  # the generic canonical text; games may format their own
        return f"{self.player}: {' '.join([self.verb, *map(_arg_text, self.args)])}"


def _arg_text(value: Any) -> str:
    if isinstance(value, tuple):
        return " ".join(map(_arg_text, value))
    return str(value)


class Event(NamedTuple):
    """Something that happened: a kind, the player concerned (if any), what it was, and who may
    see it: `audience` None is everyone (a public event), else the names of the players who
    may (a drawn card told to its owner, a question about a hand asked of that hand's player).
    (A named tuple: rules make several per action, so it must be cheap to make.)"""

    kind: str
    player: str | None
    text: str
    data: tuple[tuple[str, Any], ...] = ()
    audience: tuple[str, ...] | None = None

    def __str__(self) -> str:
        return self.text

    def seen_by(self, viewer: str | None) -> bool:
        """May `viewer` (a player's name; None: a spectator) see this event?"""
        return self.audience is None or (viewer is not None and viewer in self.audience)

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.data:
            if k == key:
                return v
        return default


def make_event(
    kind: str,
    player: str | None,
    text: str,
    data: tuple[tuple[str, Any], ...] = (),
    audience: tuple[str, ...] | None = None,
) -> Event:
    """`Event(...)`, made in C: a named tuple's own `__new__` is a Python function, and rules
    make several events per action (tests check that the two are equal)."""
    return _new_tuple(Event, (kind, player, text, data, audience))


_new_tuple = tuple.__new__


def visible(events: Any, viewer: str | None) -> list[Event]:
    """The events of `events` that `viewer` may see (None: a spectator)."""
    return [
        e for e in events if e.audience is None or (viewer is not None and viewer in e.audience)
    ]


class EndTrigger(str):
    """The text of an end-game trigger that also carries a stable id (`shipped`, `bag-empty`):
    the text is for people and changes with names and numbers, the id is for tables and tools.

        EndTrigger("p1 has shipped 9 goods", "shipped")
    """

    id: str

    def __new__(cls, text: str, id: str) -> EndTrigger:
        made = super().__new__(cls, text)
        made.id = id
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return (EndTrigger, (str(self), self.id))


def trigger_ids(reasons: Any) -> tuple[str, ...]:
    """The ids of end-game triggers, each once, in order (a plain string's id is `other`)."""
    return tuple(dict.fromkeys(getattr(r, "id", "other") for r in reasons))


@dataclass(frozen=True, slots=True)
class Decision:
    """A question a rule stopped to ask one player; only answers to it are legal until answered."""

    player: int
    kind: str
    prompt: str
    data: tuple[Any, ...] = ()
    # asked of several players at once (secret bids): the decisions of the same kind pushed
    # together with `flow.ask_together` are all answerable, in any order
    together: bool = False
    # the prompt names what only its player may see (cards of their hand): the others are
    # told only that the player is asked
    private: bool = False


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended."""

    reason: str
    winners: tuple[str, ...]  # empty for a draw with no winner; several when the win is shared
    scores: dict[str, float] = field(default_factory=dict)
    details: dict[str, Any] = field(default_factory=dict)
    # stable ids of what ended the game (each game documents its own), for balance figures
    end: tuple[str, ...] = ()

    @property
    def is_draw(self) -> bool:
        return len(self.winners) != 1


TurnOrder = Callable[[Any], list[int]]
Hook = Callable[[Any, Any], None]  # (state, context)


def win_shares(winners: Sequence[str], players: Sequence[str]) -> list[float]:
    """Each player's share of the win: a sole winner 1, k sharing winners 1/k each, the rest
    (everyone, when nobody won) 0. Win rates, search rewards and RL returns all start here."""
    share = 1.0 / len(winners) if winners else 0.0
    return [share if p in winners else 0.0 for p in players]


@dataclass(frozen=True)
class Phase:
    """One phase of a round."""

    name: str
    order: TurnOrder
    simultaneous: bool = False
    begin: Hook | None = None  # after the order is fixed, before anyone acts
    end: Hook | None = None  # after the last turn, before the end-game check
    check_end: bool = True  # is the end of this phase a point where the game may end?
    once: bool = False  # a setup phase played only in round 0, before the first round


@dataclass(slots=True)
class FlowState:
    round: int = 0
    phase: int = 0
    order: list[int] = field(default_factory=list)
    turn: int = 0  # index into order (sequential phases)
    active: list[int] = field(default_factory=list)  # seats that may act now
    pending: list[Decision] = field(default_factory=list)  # a stack; the last is asked first
    turn_count: int = 0
    over: str | None = None  # the end reason once the game is over
    finishing: bool = False  # the phase's turns are done and its end hook has run
    reveals: int = 0  # counts reveals of hidden information (draws, flips): undo stops there

    def copy(self) -> FlowState:
        return FlowState(
            self.round,
            self.phase,
            list(self.order),
            self.turn,
            list(self.active),
            list(self.pending),
            self.turn_count,
            self.over,
            self.finishing,
            self.reveals,
        )
