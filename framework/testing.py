"""The generic game suite: the checks every game must pass, callable from any test.

    from dockyard.testing import Budget, check_game

    def test_my_game_passes_the_generic_suite():
        check_game("mygame", budget=Budget(playouts=100))

Every check plays seeded random games (uniform over `Session.legal_actions`, so no part of the
rules is favoured) and raises `SuiteFailure` when the game breaks a rule of the suite. The message
says what broke and ends with a script (game, seed, players, actions) that replays the game up to
that point, so a failure is a bug report.

What is checked (one function each, all taking a `Table` and some seeds):

- `check_playouts`: every game ends within a step cap, with a working `outcome()`; after every
  action `invariants(state)` is empty and `token_counts(state)` is what it was at the start.
- `check_round_trips`: every legal action at every step has one canonical text that parses back
  to it, and `check` accepts it.
- `check_legality`: near misses of the legal actions (another player's move, a move legal earlier,
  arguments swapped or nudged) are rejected by `check` exactly when `legal_actions` lacks them.
- `check_illegal_actions`: an illegal action raises `IllegalAction` with a reason and leaves the
  session exactly as it was.
- `check_saves_and_undo`: save and load, and undo then redo, agree with replaying the log.
- `check_determinism`: the same seed and log give the same events and views.
- `check_hidden_information`: views are JSON data, and none shows another player's secrets
  (when the game defines `secrets(state, seat) -> list[str]`).

`Budget` says how much to play; `Budget.from_env()` reads `DOCKYARD_PLAYOUTS` so the same tests
run quick by default and thorough on demand.
"""

from __future__ import annotations

import copyreg
import dataclasses
import io
import json
import math
import os
import pickle
import random
import tempfile
import types
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any, NoReturn

import pluggy

from .game import Action, DockyardError, Event, Game, IllegalAction, Outcome
from .loader import Content
from .registry import registry
from .session import Session

DEFAULT_MAX_STEPS = 5000  # a game may raise it with a class attribute `max_playout_steps`


class SuiteFailure(AssertionError):
    """A game broke a rule of the generic suite; the message says what and how to replay it."""


# ---- what to play -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Table:
    """A game set up to be played: which game, how many players, which variants and content."""

    game: str | Game
    players: int | tuple[str, ...] | None = None
    variants: tuple[str, ...] = ()
    content: tuple[str, ...] = ()

    @property
    def game_name(self) -> str:
        return self.game if isinstance(self.game, str) else self.game.name

    def session(self, seed: int) -> Session:
        return Session(
            self.game,
            seed=seed,
            players=self.players,
            variants=self.variants,
            content=self.content,
        )

    def __str__(self) -> str:
        parts = [self.game_name]
        if isinstance(self.players, int):
            parts.append(f"{self.players} players")
        elif self.players:
            parts.append("players " + " ".join(self.players))
        parts += [f"variant {v}" for v in self.variants]
        parts += [f"content {c}" for c in self.content]
        return ", ".join(parts)


def tables(game: str) -> list[Table]:
    """Every way to sit down to `game`: each player count alone, then with each variant alone."""
    reg = registry()
    g = reg.game(game)
    counts = range(g.min_players, g.max_players + 1)
    out = [Table(g.name, n) for n in counts]
    for name, variant in sorted(reg.variants_of(g.name).items()):
        chosen = tuple(dict.fromkeys((*variant.requires, name)))
        out += [Table(g.name, n, chosen) for n in counts]
    return out


@dataclass(frozen=True)
class Budget:
    """How much each check plays, per game (shared out among the game's tables).

    The default run is quick for any game: besides the numbers of playouts, it stops starting
    new playouts once a check has played `actions` actions (`thorough_actions` for the checks
    that look at every step), so a long, heavy game plays fewer, whole, games. `from_env` with
    a number of playouts lifts those caps.
    """

    playouts: int = 200  # plain playouts: the game ends, invariants and token counts hold
    thorough: int = 20  # playouts checking every legal action / near misses at every step
    saves: int = 6  # playouts saved, loaded, undone and redone at random points
    determinism: int = 4  # playouts replayed from their seed and log
    actions: int | None = 10_000  # cap on the actions of the plain playouts
    thorough_actions: int | None = 300  # cap on the actions of each other check
    max_steps: int | None = None  # None: the game's `max_playout_steps`, else DEFAULT_MAX_STEPS
    near_misses: int = 12  # near-miss actions tried per step
    illegal_applies: int = 2  # illegal actions actually applied per step (state compared)
    save_points: int = 3  # save/undo points per playout, besides the end

    @classmethod
    def from_env(cls, playouts: int | None = None) -> Budget:
        """The default budget, or a bigger one (no caps) from `playouts` or DOCKYARD_PLAYOUTS."""
        n = playouts or int(os.environ.get("DOCKYARD_PLAYOUTS") or 0)
        if n <= 0:
            return cls()
        return cls(
            playouts=n,
            thorough=max(cls.thorough, n // 10),
            saves=max(cls.saves, n // 40),
            determinism=max(cls.determinism, n // 50),
            actions=None,
            thorough_actions=None,
        )

    def share(self, tables: int) -> Budget:
        """This budget split among `tables` tables of one game (each gets a little at least)."""

        def part(total: int, least: int) -> int:
            return max(least, math.ceil(total / max(1, tables)))

        def cap(total: int | None) -> int | None:
            return None if total is None else math.ceil(total / max(1, tables))

        return dataclasses.replace(
            self,
            playouts=part(self.playouts, 5),
            thorough=part(self.thorough, 2),
            saves=part(self.saves, 1),
            determinism=part(self.determinism, 1),
            actions=cap(self.actions),
            thorough_actions=cap(self.thorough_actions),
        )


def step_cap(game: Game, budget: Budget | None = None) -> int:
    if budget is not None and budget.max_steps is not None:
        return budget.max_steps
    return int(getattr(game, "max_playout_steps", DEFAULT_MAX_STEPS))


# ---- comparing sessions -----------------------------------------------------------------------


def state_data(obj: Any, _seen: frozenset[int] = frozenset()) -> Any:
    """A comparable copy of a game state: its fields all the way down, RNGs by their state."""
    if obj is None or isinstance(obj, bool | int | float | str | bytes | Enum):
        return obj
    if isinstance(obj, random.Random):
        return ("Random", obj.getstate())
    if isinstance(obj, Content):  # shared, read-only; its fingerprint names it
        return ("Content", obj.game, obj.fingerprint)
    if id(obj) in _seen:
        return "<cycle>"
    seen = _seen | {id(obj)}
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        params = getattr(type(obj), "__dataclass_params__", None)
        if params is not None and params.frozen:
            return obj  # made once and never changed: compare it whole
        return (
            type(obj).__qualname__,
            {  # a field declared compare=False is a cache, not state
                f.name: state_data(getattr(obj, f.name), seen)
                for f in dataclasses.fields(obj)
                if f.compare
            },
        )
    if isinstance(obj, dict):
        return {_key(k): state_data(v, seen) for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return [state_data(v, seen) for v in obj]
    if isinstance(obj, set | frozenset):
        return ("set", sorted((state_data(v, seen) for v in obj), key=repr))
    if callable(obj):
        return ("callable", getattr(obj, "__qualname__", type(obj).__qualname__))
    if hasattr(obj, "__dict__"):
        return (type(obj).__qualname__, state_data(vars(obj), seen))
    slots = [s for c in type(obj).__mro__ for s in getattr(c, "__slots__", ())]
    if slots:
        return (type(obj).__qualname__, {s: state_data(getattr(obj, s, None), seen) for s in slots})
    return obj


def _key(k: Any) -> Any:
    return k if isinstance(k, str | int | float | bool | Enum) or k is None else repr(k)


def _placeholder(text: str) -> Callable[[Any], tuple[Any, ...]]:
    return lambda obj: (str, (text,))


# What a state may hold that is not its data: shared, read-only, or machinery.
_IMAGE_TABLE: dict[type, Any] = {
    **copyreg.dispatch_table,
    pluggy.HookRelay: _placeholder("<hooks>"),
    pluggy.PluginManager: _placeholder("<plugin manager>"),
    types.ModuleType: _placeholder("<module>"),
    Content: lambda c: (str, (f"<content {c.game} {c.fingerprint}>",)),
}


_TABLES: dict[type, dict[type, Any]] = {}


def _image_table(shared: Any) -> dict[type, Any]:
    """The pickling table, also leaving out the game's built content (`shared`): it is made
    once per load and shared by every session, so its identity names it."""
    kind = type(shared)
    if shared is None or kind in _IMAGE_TABLE or kind.__module__ == "builtins":
        return _IMAGE_TABLE
    if kind not in _TABLES:
        _TABLES[kind] = {**_IMAGE_TABLE, kind: lambda o: (str, (f"<{kind.__name__} {id(o)}>",))}
    return _TABLES[kind]


class StateImage:
    """A state as it was when taken. Two images compare by their pickles (fast) and, when those
    differ or a state cannot be pickled, field by field (`state_data`)."""

    __slots__ = ("pickled", "_data")

    def __init__(self, state: Any, shared: Any = None) -> None:
        buffer = io.BytesIO()
        pickler = pickle.Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL)
        pickler.dispatch_table = _image_table(shared)  # type: ignore[assignment]
        try:
            pickler.dump(state)
            self.pickled: bytes | None = buffer.getvalue()
            self._data: Any = None
        except Exception:  # a lambda, a local class...: compare the fields now
            self.pickled = None
            self._data = state_data(state)

    @property
    def data(self) -> Any:
        if self._data is None and self.pickled is not None:
            self._data = state_data(pickle.loads(self.pickled))
        return self._data

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, StateImage):
            return NotImplemented
        if self.pickled is not None and self.pickled == other.pickled:
            return True
        return bool(self.data == other.data)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"StateImage({_short(self.data)})"


def snapshot(session: Session, renders: bool = True) -> dict[str, Any]:
    """Everything a user or a rule could observe of a session, for comparing two of them."""
    seats: list[str | None] = [None, *session.players]
    out = {
        "log": list(session.log),
        "actors": session.actors(),
        "over": session.state.flow.over,
        "legal actions": session.legal_actions(),
        "views": {str(p): session.view(p) for p in seats},
        "state": StateImage(session.state, session.content.built),
    }
    if renders:
        out["renders"] = {str(p): session.render(p) for p in seats}
    return out


def difference(a: Any, b: Any, path: str = "") -> str | None:
    """Where two snapshots (or any nested data) first differ, as `path: a != b`; None if equal."""
    if a == b:
        return None
    if isinstance(a, StateImage) and isinstance(b, StateImage):
        return difference(a.data, b.data, path)
    if isinstance(a, dict) and isinstance(b, dict):
        for k in a:
            if k not in b:
                return f"{path}.{k}: only in the first"
            found = difference(a[k], b[k], f"{path}.{k}")
            if found:
                return found
        for k in b:
            if k not in a:
                return f"{path}.{k}: only in the second"
        return None
    if isinstance(a, list | tuple) and isinstance(b, list | tuple) and type(a) is type(b):
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            found = difference(x, y, f"{path}[{i}]")
            if found:
                return found
        if len(a) != len(b):
            return f"{path}: {len(a)} items != {len(b)} items"
        return None
    return f"{path}: {_short(a)} != {_short(b)}"


def _short(value: Any, limit: int = 200) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


# ---- one playout ------------------------------------------------------------------------------


class Playout:
    """One seeded random game in progress, and what a failure message needs to replay it."""

    actions_played = 0  # by every playout so far: budgets are counted in actions

    def __init__(self, table: Table, seed: int) -> None:
        self.table = table
        self.seed = seed
        try:
            self.session = table.session(seed)
        except DockyardError as exc:
            raise SuiteFailure(f"{table}, seed {seed}: cannot start a session: {exc}") from None
        self.rng = random.Random(f"dockyard-playout:{seed}")

    @property
    def game(self) -> Game:
        return self.session.game

    def script(self) -> str:
        """The game so far as an action script."""
        s = self.session
        lines = [f"game {s.game.name}", f"seed {s.seed}", "players " + " ".join(s.players)]
        lines += [f"variant {v}" for v in s.config.variants]
        lines += [s.format(a) for a in s.log]
        return "\n".join(lines)

    def fail(self, what: str) -> NoReturn:
        where = f"{self.table}, seed {self.seed}, after {len(self.session.log)} actions"
        content = "".join(f" --content {c}" for c in self.table.content)
        script = "\n".join("    " + line for line in self.script().splitlines())
        raise SuiteFailure(f"{where}: {what}\n  replay{content}:\n{script}")

    def play(
        self,
        max_steps: int,
        before: Callable[[list[Action]], None] | None = None,
        after: Callable[[Action, list[Event]], None] | None = None,
    ) -> Session:
        """Play uniformly random legal actions to the end, calling the checks around each."""
        s = self.session
        try:
            for _ in range(max_steps):
                if s.over:
                    break
                legal = s.legal_actions()
                if not legal:
                    who = ", ".join(s.actors()) or "nobody"
                    self.fail(f"no legal action for {who}, but the game is not over")
                if before is not None:
                    before(legal)
                action = self.rng.choice(legal)
                Playout.actions_played += 1
                try:
                    events = s.apply(action)
                except DockyardError as exc:
                    self.fail(f"legal_actions offered {s.format(action)!r}, but apply said: {exc}")
                if after is not None:
                    after(action, events)
            if not s.over:
                self.fail(f"the game did not end within {max_steps} actions")
            self.check_finished()
        except SuiteFailure:
            raise
        except Exception as exc:
            self.fail(f"{type(exc).__name__}: {exc}")
        return s

    def check_finished(self) -> None:
        s = self.session
        outcome = s.outcome()
        if not isinstance(outcome, Outcome):
            self.fail(f"outcome() returned {outcome!r}, not an Outcome")
        if not isinstance(outcome.reason, str) or not outcome.reason:
            self.fail(f"the outcome gives no reason: {outcome!r}")
        strangers = set(outcome.winners) - set(s.players)
        if strangers or set(outcome.scores) - set(s.players):
            self.fail(f"the outcome names players who are not playing: {outcome!r}")
        if s.legal_actions() or s.actors():
            self.fail(f"the game is over, yet {', '.join(s.actors())} may still act")


def _seeds(seeds: Iterable[int] | int) -> Iterable[int]:
    return range(seeds) if isinstance(seeds, int) else seeds


def _budgeted(
    seeds: Iterable[int] | int, max_actions: int | None, one: Callable[[int], int]
) -> int:
    """Sum of `one(seed)` over the seeds, starting no new playout once `max_actions` actions
    were played (the first playout always runs)."""
    total = 0
    start = Playout.actions_played
    for i, seed in enumerate(_seeds(seeds)):
        if i and max_actions is not None and Playout.actions_played - start >= max_actions:
            break
        total += one(seed)
    return total


# ---- (a) playouts -----------------------------------------------------------------------------


def check_playouts(
    table: Table,
    seeds: Iterable[int] | int,
    max_steps: int | None = None,
    max_actions: int | None = None,
) -> int:
    """Every game ends; invariants and token counts hold after every action. Returns actions."""
    return _budgeted(seeds, max_actions, lambda seed: _playout(table, seed, max_steps))


def _playout(table: Table, seed: int, max_steps: int | None) -> int:
    run = Playout(table, seed)
    game, s = run.game, run.session
    counts = game.token_counts(s.state)

    rng = [s.state.rng.getstate(), s.state.flow.reveals]

    def after(action: Action, events: list[Event]) -> None:
        now_rng, now_reveals = s.state.rng.getstate(), s.state.flow.reveals
        if now_rng != rng[0] and now_reveals == rng[1]:
            run.fail(
                f"{s.format(action)!r} used the game's random generator without flow.reveal: "
                "undo could take back a roll or a shuffle"
            )
        rng[:] = [now_rng, now_reveals]
        broken = game.invariants(s.state)
        if broken:
            run.fail(f"after {s.format(action)!r} an invariant broke: {'; '.join(broken)}")
        now = game.token_counts(s.state)
        if now != counts:
            diff = difference(counts, now, "token_counts")
            run.fail(f"after {s.format(action)!r} the components changed: {diff}")
        for event in events:
            if not isinstance(event.text, str) or not event.text:
                run.fail(f"{s.format(action)!r} emitted an event with no text: {event!r}")
            if event.player is not None and event.player not in s.players:
                run.fail(f"{s.format(action)!r} emitted an event for a stranger: {event!r}")

    broken = game.invariants(s.state)
    if broken:
        run.fail(f"an invariant is broken at the start: {'; '.join(broken)}")
    run.play(max_steps or step_cap(game), after=after)
    return len(s.log)


# ---- (b) round trips --------------------------------------------------------------------------


def check_round_trips(
    table: Table,
    seeds: Iterable[int] | int,
    max_steps: int | None = None,
    max_actions: int | None = None,
) -> int:
    """Every legal action at every step: `parse(format(a)) == a` and `check` accepts it."""
    return _budgeted(seeds, max_actions, lambda seed: _round_trips(table, seed, max_steps))


def _round_trips(table: Table, seed: int, max_steps: int | None) -> int:
    run = Playout(table, seed)
    s = run.session
    checked = 0

    def before(legal: list[Action]) -> None:
        nonlocal checked
        if len(set(legal)) != len(legal):
            dupes = sorted({s.format(a) for a in legal if legal.count(a) > 1})
            run.fail(f"legal_actions lists some actions twice: {dupes[:5]}")
        for a in legal:
            text = s.format(a)
            if not isinstance(text, str) or not text.strip() or "\n" in text:
                run.fail(f"{a!r} has no one-line canonical text: {text!r}")
            try:
                back = s.parse(text)
            except DockyardError as exc:
                run.fail(f"the canonical text of {a!r} does not parse: {text!r}\n{exc}")
            if back != a:
                run.fail(f"{text!r} parses to {back!r}, not to {a!r}")
            reason = s.game.check(s.state, a, s.players.index(a.player))
            if reason is not None:
                run.fail(f"legal_actions offers {text!r}, but check says: {reason}")
            reason = s.check(a)
            if reason is not None:
                run.fail(f"legal_actions offers {text!r}, but the session says: {reason}")
            checked += 1

    run.play(max_steps or step_cap(run.game), before=before)
    return checked


# ---- (c) near misses --------------------------------------------------------------------------


def _nudges(value: Any) -> list[Any]:
    """Values next to `value`: numbers off by one, a flag flipped, a name's letter or digit moved."""
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [value - 1, value + 1]
    if isinstance(value, str) and value:
        out = []
        for i in sorted({0, len(value) - 1}):
            c = value[i]
            if c.isalnum():
                for d in (-1, 1):
                    n = chr(ord(c) + d)
                    if n.isalnum() and n.isascii():
                        out.append(value[:i] + n + value[i + 1 :])
        return out
    if isinstance(value, tuple) and value:
        return [(w, *value[1:]) for w in _nudges(value[0])]
    return []


def near_misses(
    session: Session,
    legal: Sequence[Action],
    earlier: Sequence[Action],
    rng: random.Random,
    limit: int,
) -> list[Action]:
    """Up to `limit` actions close to the legal ones (legal or not), each one a user could type:
    another player's move, a move legal earlier, arguments nudged, swapped or borrowed."""
    players = session.players
    actors = session.actors() or list(players)
    pick = max(2, limit // 2)
    found: set[Action] = set()
    for a in rng.sample(list(legal), min(len(legal), pick)):
        found.update(Action(p, a.verb, a.args) for p in players if p != a.player)
        for i, value in enumerate(a.args):
            for w in _nudges(value):
                found.add(Action(a.player, a.verb, (*a.args[:i], w, *a.args[i + 1 :])))
        if len(a.args) > 1:
            found.add(Action(a.player, a.verb, a.args[:-1]))
            i, j = rng.sample(range(len(a.args)), 2)
            args = list(a.args)
            args[i], args[j] = args[j], args[i]
            found.add(Action(a.player, a.verb, tuple(args)))
    for a in rng.sample(list(earlier), min(len(earlier), pick)):
        found.update(Action(p, a.verb, a.args) for p in actors)
    same_verb: dict[tuple[str, int], list[Action]] = defaultdict(list)
    for a in legal:
        if a.args:
            same_verb[(a.verb, len(a.args))].append(a)
    for group in same_verb.values():
        for _ in range(pick if len(group) > 1 else 0):
            a, b = rng.sample(group, 2)
            i = rng.randrange(len(a.args))
            found.add(Action(a.player, a.verb, (*a.args[:i], b.args[i], *a.args[i + 1 :])))
    verbs = sorted({a.verb for a in (*legal, *earlier)})
    for a in rng.sample(list(legal), min(len(legal), 2)):
        found.update(Action(a.player, v, a.args) for v in verbs if v != a.verb)
    candidates = sorted(found, key=repr)
    rng.shuffle(candidates)
    out: list[Action] = []
    for c in candidates:
        if len(out) >= limit:
            break
        if _typeable(session, c):
            out.append(c)
    return out


def _typeable(session: Session, action: Action) -> bool:
    """Does the action have a text that parses back to it (so a user could play it)?"""
    try:
        return session.parse(session.format(action)) == action
    except Exception:
        return False


class _Pool:
    """Actions that were legal at some earlier step (the most recent few hundred)."""

    def __init__(self, size: int = 400) -> None:
        self.size = size
        self.items: dict[Action, None] = {}

    def add(self, actions: Iterable[Action]) -> None:
        self.items.update(dict.fromkeys(actions))
        while len(self.items) > self.size:
            del self.items[next(iter(self.items))]

    def __iter__(self):
        return iter(self.items)


def check_legality(
    table: Table,
    seeds: Iterable[int] | int,
    per_step: int = 12,
    max_steps: int | None = None,
    max_actions: int | None = None,
) -> int:
    """Near misses of the legal actions: `check` rejects them exactly when they are not legal."""
    return _budgeted(seeds, max_actions, lambda seed: _legality(table, seed, per_step, max_steps))


def _legality(table: Table, seed: int, per_step: int, max_steps: int | None) -> int:
    run = Playout(table, seed)
    s = run.session
    earlier = _Pool()
    rng = random.Random(f"dockyard-near-miss:{seed}")
    tried = 0

    def before(legal: list[Action]) -> None:
        nonlocal tried
        offered = set(legal)
        for c in near_misses(s, legal, list(earlier), rng, per_step):
            try:
                reason = s.check(c)
            except Exception as exc:
                run.fail(f"check crashed on {s.format(c)!r}: {type(exc).__name__}: {exc}")
            if c in offered and reason is not None:
                run.fail(f"legal_actions offers {s.format(c)!r}, but check says: {reason}")
            if c not in offered and reason is None:
                run.fail(f"check accepts {s.format(c)!r}, which legal_actions does not offer")
            if reason is not None and (not isinstance(reason, str) or not reason.strip()):
                run.fail(f"check rejects {s.format(c)!r} without a reason: {reason!r}")
            tried += 1
        earlier.add(legal)

    run.play(max_steps or step_cap(run.game), before=before)
    return tried


# ---- (f) illegal actions ----------------------------------------------------------------------


def check_illegal_actions(
    table: Table,
    seeds: Iterable[int] | int,
    per_step: int = 2,
    max_steps: int | None = None,
    max_actions: int | None = None,
) -> int:
    """An illegal action raises IllegalAction with a reason and changes nothing at all."""
    return _budgeted(
        seeds, max_actions, lambda seed: _illegal_actions(table, seed, per_step, max_steps)
    )


def _illegal_actions(table: Table, seed: int, per_step: int, max_steps: int | None) -> int:
    run = Playout(table, seed)
    s = run.session
    earlier = _Pool()
    rng = random.Random(f"dockyard-illegal:{seed}")
    tried = 0

    def before(legal: list[Action]) -> None:
        nonlocal tried
        offered = set(legal)
        misses = near_misses(s, legal, list(earlier), rng, 4 * per_step)
        illegal = [c for c in misses if c not in offered][:per_step]
        illegal.append(Action("nobody-here", legal[0].verb, legal[0].args))
        before_it = snapshot(s, renders=False)
        redo = list(s.redo_stack)
        for c in illegal:
            try:
                s.apply(c)
            except IllegalAction as exc:
                if not str(exc).strip():
                    run.fail(f"{s.format(c)!r} was refused without a reason")
            except DockyardError as exc:
                run.fail(f"{s.format(c)!r} was refused, but not as illegal: {exc}")
            else:
                run.fail(f"{s.format(c)!r} is not legal, yet apply took it")
            diff = difference(before_it, snapshot(s, renders=False))
            if diff or s.redo_stack != redo:
                run.fail(f"the refused action {s.format(c)!r} changed the session: {diff}")
            tried += 1
        earlier.add(legal)

    run.play(max_steps or step_cap(run.game), before=before)
    return tried


# ---- (d) saves and undo -----------------------------------------------------------------------


def check_saves_and_undo(
    table: Table,
    seeds: Iterable[int] | int,
    points: int = 3,
    folder: str | Path | None = None,
    max_steps: int | None = None,
    max_actions: int | None = None,
) -> int:
    """At random points and at the end: save then load, undo n, and undo n then redo n agree
    with replaying the log. Returns how many points were checked."""
    with tempfile.TemporaryDirectory(prefix="dockyard-saves-") as tmp:
        where = Path(folder) if folder is not None else Path(tmp)
        return _budgeted(
            seeds,
            max_actions,
            lambda seed: _saves_and_undo(table, seed, points, where, max_steps),
        )


def _saves_and_undo(
    table: Table, seed: int, points: int, folder: Path, max_steps: int | None
) -> int:
    first = Playout(table, seed)  # a first pass learns how long the game is
    cap = max_steps or step_cap(first.game)
    length = len(first.play(cap).log)
    rng = random.Random(f"dockyard-saves:{seed}")
    at = set(rng.sample(range(1, length + 1), min(points, length)))
    run = Playout(table, seed)  # the same seed plays the same game again

    def after(action: Action, events: list[Event]) -> None:
        if len(run.session.log) in at:
            _check_point(run, folder, rng)

    run.play(cap, after=after)
    try:
        _check_point(run, folder, rng)
    except SuiteFailure:
        raise
    except Exception as exc:
        run.fail(f"{type(exc).__name__}: {exc}")
    return len(at) + 1


def _check_point(run: Playout, folder: Path, rng: random.Random) -> None:
    s = run.session
    now = snapshot(s)
    texts = [e.text for e in s.events]
    path = folder / f"{s.game.name}-{run.seed}-{len(s.log)}.toml"
    try:
        s.save(path, overwrite=True)
        loaded = Session.load(path, s.config.content_dirs or None)
    except DockyardError as exc:
        run.fail(f"save then load failed: {exc}")
    diff = difference(now, snapshot(loaded))
    if diff:
        run.fail(f"the loaded save differs from the game: {diff}")
    if [e.text for e in loaded.events] != texts:
        run.fail("the loaded save told other events than the game")
    from .saves import dumps

    if dumps(loaded.record()) != dumps(s.record()):
        run.fail("saving the loaded game gives another save")
    if not s.log:
        return
    n = rng.randint(1, min(len(s.log), 6))
    if s.undo(n, force=True) != n:
        run.fail(f"undo {n} did not take back {n} actions")
    fresh = run.table.session(run.seed)
    for a in s.log:
        fresh.apply(a)
    diff = difference(snapshot(fresh), snapshot(s))
    if diff:
        run.fail(f"undo {n} differs from replaying the shorter log: {diff}")
    if s.redo(n) != n:
        run.fail(f"redo {n} did not play {n} actions again")
    diff = difference(now, snapshot(s))
    if diff:
        run.fail(f"undo {n} then redo {n} differs from before: {diff}")
    if [e.text for e in s.events] != texts:
        run.fail(f"undo {n} then redo {n} told other events than before")


# ---- (e) determinism --------------------------------------------------------------------------


def check_determinism(
    table: Table,
    seeds: Iterable[int] | int,
    max_steps: int | None = None,
    max_actions: int | None = None,
) -> int:
    """The same seed gives the same game, and the same seed and log the same events and views."""
    return _budgeted(seeds, max_actions, lambda seed: _determinism(table, seed, max_steps))


def _determinism(table: Table, seed: int, max_steps: int | None) -> int:
    run = Playout(table, seed)
    s = run.session
    cap = max_steps or step_cap(run.game)
    seen: list[Any] = [snapshot(s, renders=False)]
    run.play(cap, after=lambda action, events: seen.append(snapshot(s, renders=False)))
    again = Playout(table, seed).play(cap)
    if again.log != s.log:
        i = next(
            (i for i, (x, y) in enumerate(zip(s.log, again.log, strict=False)) if x != y), None
        )
        i = min(len(s.log), len(again.log)) if i is None else i
        run.fail(
            f"a second playout with the same seed went another way at action {i + 1} "
            "(are legal_actions listed in a fixed order? does the game use only state.rng?)"
        )
    replay = table.session(seed)
    diff = difference(seen[0], snapshot(replay, renders=False))
    if diff:
        run.fail(f"two sessions with the same seed start differently: {diff}")
    for i, action in enumerate(s.log):
        replay.apply(action)
        diff = difference(seen[i + 1], snapshot(replay, renders=False))
        if diff:
            run.fail(f"replaying the log differs after action {i + 1}: {diff}")
    diff = difference(snapshot(s), snapshot(replay))
    if diff:
        run.fail(f"replaying the log shows another end: {diff}")
    if [e.text for e in replay.events] != [e.text for e in s.events]:
        run.fail("replaying the log told other events")
    return 1


# ---- (g) hidden information -------------------------------------------------------------------


def check_hidden_information(
    table: Table,
    seeds: Iterable[int] | int,
    max_steps: int | None = None,
    max_actions: int | None = None,
) -> int:
    """Views are JSON data and renders are text; no view shows another player's secrets.

    A game names each player's secrets by defining `secrets(state, seat) -> list[str]`: strings
    (card ids, hidden numbers written distinctively) that must not appear in the JSON of any
    other player's view, nor a spectator's.
    """
    return _budgeted(seeds, max_actions, lambda seed: _hidden_information(table, seed, max_steps))


def _hidden_information(table: Table, seed: int, max_steps: int | None) -> int:
    run = Playout(table, seed)
    s = run.session
    game = run.game
    secrets = getattr(game, "secrets", None)
    viewers: tuple[str | None, ...] = (None, *s.players)
    looked = 0

    def look(*_: Any, everything: bool = False) -> None:
        nonlocal looked
        texts: dict[str | None, str] = {}
        for viewer in viewers:
            try:
                texts[viewer] = json.dumps(s.view(viewer), sort_keys=True)
            except (TypeError, ValueError) as exc:
                run.fail(f"the view of {viewer or 'a spectator'} is not JSON data: {exc}")
        # renders cost more than views: every topic for everyone at the start and the end,
        # one viewer's board in between
        shown = viewers if everything else viewers[looked % len(viewers) :][:1]
        for viewer in shown:
            for topic in ("", *game.topics()) if everything else ("",):
                if not isinstance(s.render(viewer, topic), str):
                    run.fail(f"render({viewer!r}, {topic!r}) did not return text")
        if secrets is not None:
            for seat, owner in enumerate(s.players):
                for secret in secrets(s.state, seat):
                    for viewer, text in texts.items():
                        if viewer != owner and str(secret) in text:
                            run.fail(
                                f"{viewer or 'a spectator'} can see {owner}'s secret "
                                f"{secret!r} in their view"
                            )
        looked += 1

    try:
        look(everything=True)
        run.play(max_steps or step_cap(game), after=look)
        look(everything=True)
    except SuiteFailure:
        raise
    except Exception as exc:
        run.fail(f"{type(exc).__name__}: {exc}")
    return looked


# ---- (h) bots -----------------------------------------------------------------------------------


def check_bots(
    table: Table,
    seeds: Iterable[int] | int,
    max_steps: int | None = None,
    max_actions: int | None = None,
) -> int:
    """The game's bot plays whole games, and every decision leaves the state exactly as it was
    (a bot gets to look, never to touch)."""
    return _budgeted(seeds, max_actions, lambda seed: _bots(table, seed, max_steps))


def _bots(table: Table, seed: int, max_steps: int | None) -> int:
    from .bots import RandomBot

    run = Playout(table, seed)
    s = run.session
    bot = RandomBot(seed)
    try:
        for _ in range(max_steps or step_cap(s.game)):
            if s.over:
                break
            before = StateImage(s.state, s.content.built)
            action = bot.choose(s)
            if StateImage(s.state, s.content.built) != before:
                diff = difference(before.data, StateImage(s.state, s.content.built).data)
                run.fail(f"the bot changed the state while choosing {s.format(action)!r}: {diff}")
            try:
                s.apply(action)
            except DockyardError as exc:
                run.fail(f"the bot chose {s.format(action)!r}, but apply said: {exc}")
    except SuiteFailure:
        raise
    except Exception as exc:
        run.fail(f"{type(exc).__name__}: {exc}")
    return len(s.log)


# ---- everything -------------------------------------------------------------------------------

CHECKS = (
    "playouts",
    "bots",
    "round_trips",
    "legality",
    "illegal_actions",
    "saves_and_undo",
    "determinism",
    "hidden_information",
)


def check_table(table: Table, budget: Budget | None = None, checks: Sequence[str] = CHECKS) -> None:
    """Run the suite's checks on one table with the budget's numbers of playouts."""
    b = budget or Budget.from_env()
    cap, few = b.max_steps, b.thorough_actions
    thorough = range(1000, 1000 + b.thorough)
    for name in checks:
        if name == "playouts":
            check_playouts(table, range(b.playouts), cap, b.actions)
        elif name == "bots":
            check_bots(table, range(4000, 4000 + b.determinism), cap, few)
        elif name == "round_trips":
            check_round_trips(table, thorough, cap, few)
        elif name == "legality":
            check_legality(table, thorough, b.near_misses, cap, few)
        elif name == "illegal_actions":
            check_illegal_actions(table, thorough, b.illegal_applies, cap, few)
        elif name == "saves_and_undo":
            seeds = range(2000, 2000 + b.saves)
            check_saves_and_undo(table, seeds, b.save_points, None, cap, few)
        elif name == "determinism":
            check_determinism(table, range(3000, 3000 + b.determinism), cap, few)
        elif name == "hidden_information":
            check_hidden_information(table, thorough, cap, few)
        else:
            raise ValueError(f"no check named {name!r} (checks: {', '.join(CHECKS)})")


def check_game(
    game: str,
    *,
    players: int | tuple[str, ...] | None = None,
    variants: Sequence[str] | None = None,
    content: Sequence[str | Path] = (),
    budget: Budget | None = None,
    checks: Sequence[str] = CHECKS,
) -> None:
    """The whole suite for a registered game: every player count and variant, unless narrowed."""
    dirs = tuple(str(c) for c in content)
    if players is None and variants is None:
        chosen = [dataclasses.replace(t, content=dirs) for t in tables(game)]
    else:
        g = registry().game(game)
        counts: list[int | tuple[str, ...]] = (
            list(range(g.min_players, g.max_players + 1)) if players is None else [players]
        )
        chosen = [Table(g.name, n, tuple(variants or ()), dirs) for n in counts]
    b = (budget or Budget.from_env()).share(len(chosen))
    for table in chosen:
        check_table(table, b, checks)
