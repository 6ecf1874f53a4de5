"""(c) Near misses of the legal actions are refused by `check` exactly when they are not legal."""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

from ..game import Action
from ..session import Session
from .playout import Playout, budgeted
from .table import SuiteTable, step_cap

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


class Pool:
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
    table: SuiteTable,
    seeds: Iterable[int] | int,
    per_step: int = 12,
    max_steps: int | None = None,
    max_actions: int | None = None,
) -> int:
    """Near misses of the legal actions: `check` rejects them exactly when they are not legal."""
    return budgeted(seeds, max_actions, lambda seed: _legality(table, seed, per_step, max_steps))


def _legality(table: SuiteTable, seed: int, per_step: int, max_steps: int | None) -> int:
    run = Playout(table, seed)
    s = run.session
    earlier = Pool()
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
