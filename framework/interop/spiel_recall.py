"""The perfect-recall information state of a dockyard game in OpenSpiel (see `openspiel`).

**String.** `information_state_string(p)` is lines: `seat p of n`, then p's observation (the
JSON of p's view) as the game starts, then for every action in order the text p was told of it
(its own actions in their canonical text, everyone else's as announced: a secret action in the
words that keep it secret), each followed by what it changed of p's observation (one line of
`path = JSON` for each part of the view, two levels deep, that changed; `path gone` for one
that went), so every observation p had can be rebuilt from the string, which grows by what
changed, not by a whole view an action. Two move orders that reach the same board are two
information states.

**Tensor.** `information_state_tensor(p)` is `observation_size + MAX_GAME_LENGTH * (n + 2)`
numbers: p's current observation (`observation_tensor(p)`), then one slot of n + 2 numbers per
action so far, in order (the unused slots are 0): the acting seat one-hot (n), then 1 if p knows
which action it was (its own, or one played in the open), then that action's number
`(index + 1) / num_distinct_actions` (0 when p was not told it). No game's history is cut: the
cap is the game's declared `max_game_length`, so the tensor stays perfect recall of the actions
(what p saw between them is in the string, and now in the observation).

**Resampled states** (`resample_from_infostate(p, ...)`, for ISMCTS) start from
`Game.sample_state`: their past is what p knew of it. p's information state is p's, word for
word; another seat's begins with the announced (public) text of the actions before the sample.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np

# a game in play through OpenSpiel (openspiel.Run: its session and what it remembers); named
# here by its role, so this module needs nothing of the module that uses it
Run = Any


def view_text(session: Any, seat: int) -> str:
    """The observation string of `seat`: the JSON of its view."""
    return json.dumps(session.game.view(session.state, seat), sort_keys=True, default=str)


def flat(view: Any, depth: int = 2, path: str = "") -> dict[str, str]:
    """A view as `path -> JSON` for its parts `depth` levels deep (what `advance` compares)."""
    if depth and isinstance(view, dict) and view:
        parts: Any = view.items()
    elif depth and isinstance(view, list) and view:
        parts = enumerate(view)
    else:
        return {path or ".": json.dumps(view, sort_keys=True, default=str)}
    out: dict[str, str] = {}
    for key, value in parts:
        out.update(flat(value, depth - 1, f"{path}.{key}" if path else str(key)))
    return out


def lines(run: Run, seat: int) -> list[str]:
    """`seat`'s information state as lines (see the module's text); do not change them."""
    if run.session is None:
        return [f"seat {seat} of {run.spec.players}"]
    return recall(run).lines[seat]


def recall(run: Run) -> Recall:
    """`run`'s Recall, brought up to its last action (made when first asked for, then kept
    and shared with clones until one of them goes on: no view is made per step unless an
    information state is asked for)."""
    found = run.recall
    if found is None:
        found = run.recall = Recall(run)
        run.recall_own = True
    elif found.done < len(run.steps):
        if not run.recall_own:
            found = run.recall = found.copy()
            run.recall_own = True
        found.advance(run)
    return found


class Recall:
    """Every seat's information-state lines after the first `done` actions of a run, with the
    session they were read from and each seat's last observation in them."""

    def __init__(self, run: Run) -> None:
        spec = run.spec
        n = spec.players
        if run.anchor is None:
            self.session = spec.session(run.seed())
            self.lines: list[list[str]] = [
                [f"seat {p} of {n}", view_text(self.session, p)] for p in range(n)
            ]
            self.last: list[dict[str, str] | None] = [
                flat(self.session.game.view(self.session.state, p)) for p in range(n)
            ]
        else:
            self.session = run.anchor.session.clone()
            self.lines = [list(seat_lines) for seat_lines in run.anchor.lines]
            self.last = list(run.anchor.last)
        self.done = 0
        self.advance(run)

    def copy(self) -> Recall:
        twin = object.__new__(Recall)
        twin.session = self.session.clone()
        twin.lines = [list(seat_lines) for seat_lines in self.lines]
        twin.last = list(self.last)
        twin.done = self.done
        return twin

    def advance(self, run: Run) -> None:
        session, index = self.session, run.spec.index
        names = session.players
        for i in range(self.done, len(run.steps)):
            actor = run.actors[i]
            action = index.action(run.steps[i], names[actor])
            told = session.announce(action)
            own = session.format(action)
            session.apply(action)
            for seat, seat_lines in enumerate(self.lines):
                seat_lines.append(own if seat == actor else told)
                now = flat(session.game.view(session.state, seat))
                before = self.last[seat] or {}
                changed = [f"{k} = {v}" for k, v in now.items() if before.get(k) != v]
                changed += [f"{k} gone" for k in before if k not in now]
                if changed:
                    seat_lines.append("; ".join(changed))
                self.last[seat] = now
        self.done = len(run.steps)


def tensor(run: Run, seat: int, values: np.ndarray) -> None:
    """Write `seat`'s information-state tensor into `values` (zeroed; see the module's text)."""
    from .encoding import observation

    spec = run.spec
    size = spec.obs_size
    if run.session is None:
        return
    values[:size] = np.clip(
        np.asarray(observation(run.session.game, run.session.state, seat), np.float32), -1e6, 1e6
    )
    anchor = run.anchor
    before = [] if anchor is None else anchor.steps
    count = len(before) + len(run.steps)
    if count == 0:
        return
    if count > spec.max_length:
        raise ValueError(
            f"{count} actions: over the game's max_game_length {spec.max_length}, "
            "which sizes the information-state tensor"
        )
    actor = np.fromiter([a for a, _ in before] + run.actors, np.int64, count)
    number = np.fromiter([x for _, x in before] + run.steps, np.int64, count)
    hidden = (anchor.secret if anchor else []) + secrets(run)
    open_ = ~np.fromiter(hidden, bool, count)
    own = actor == seat
    if anchor is not None and anchor.seat != seat:  # the sample's past: only what was public
        own[: len(before)] = False
    n, width = spec.players, spec.players + 2
    block = values[size : size + count * width].reshape(count, width)
    block[np.arange(count), actor] = 1.0
    known = own | open_
    block[known, n] = 1.0
    block[known, n + 1] = (number[known] + 1) / spec.index.size


def secrets(run: Run) -> list[bool]:
    """Whether each action of `run` since its start (or anchor) is secret (`Game.announce`)."""
    found = run.secret
    if len(found) < len(run.steps):
        assert run.session is not None
        game, index, names = run.session.game, run.spec.index, run.session.players
        for i in range(len(found), len(run.steps)):
            found.append(
                game.announce(index.action(run.steps[i], names[run.actors[i]])) is not None
            )
    return found


class Anchor:
    """Where a resampled state's own history starts: a session holding the sampled state, the
    information-state lines of every seat then (the sampler's its own, the others' public),
    each seat's last observation in them, the actions before it (actor, number) and the seat
    that sampled it."""

    def __init__(self, run: Run, seat: int, sampled: Any) -> None:
        session = run.session
        assert session is not None
        twin = session.clone()
        twin.state = sampled
        twin._epoch += 1  # what it listed as legal was for the real state
        self.session = twin
        self.seat = seat
        before = run.anchor
        self.steps: list[tuple[int, int]] = (before.steps if before else []) + list(
            zip(run.actors, run.steps, strict=True)
        )
        self.secret: list[bool] = (before.secret if before else []) + list(secrets(run))
        found = recall(run)
        names, n = session.players, run.spec.players
        public = [session.announce(run.spec.index.action(x, names[a])) for a, x in self.steps]
        self.lines: list[list[str]] = [
            list(found.lines[p]) if p == seat else [f"seat {p} of {n}", *public] for p in range(n)
        ]
        self.last: list[dict[str, str] | None] = [
            found.last[p] if p == seat else None for p in range(n)
        ]
