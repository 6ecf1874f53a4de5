"""The perfect-recall information state of a dockyard game in OpenSpiel (see `openspiel`).

**String.** `information_state_string(p)` is lines: `seat p of n`, then p's observation (the
JSON of p's view) as the game starts, then for every action in order the text p was told of it
(its own actions in their canonical text, everyone else's as announced: a secret action in the
words that keep it secret), each followed by what it changed of p's observation (one line of
`path = JSON` for each part of the view, two levels deep, that changed; `path gone` for one
that went), so every observation p had can be rebuilt from the string, which grows by what
changed, not by a whole view an action. Two move orders that reach the same board are two
information states.

**Tensor.** `information_state_tensor(p)` is `observation_size + max_game_length * width`
numbers: p's current observation (`observation_tensor(p)`), then one slot of `width` numbers per
decision so far, in order (the unused slots are 0; `Code`): the acting seat one-hot (n), 1 if p
knows which action it was (its own, or one played in the open), then the action, all 0 when p
was not told it: one-hot of its index in a game of at most ONE_HOT (512) actions (tic-tac-toe:
9), else one-hot of its verb and the number within the verb in binary (Curious Cargo: 13 verbs
and 15 digits), so a network reads "which verb, which arguments" and not one scalar out of tens
of thousands. `max_game_length` is a real bound (see `openspiel.LENGTHS`), so the tensor holds
every decision of a game: perfect recall of the actions (what p saw between them is in the
string, and now in the observation).

**Resampled states** (`resample_from_infostate(p, ...)`, for ISMCTS) start from
`Game.sample_state`: their past is what p knew of it. p's information state is p's, word for
word; another seat's begins with the announced (public) text of the actions before the sample.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from .spiel_chance import first, scripted

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
    if run.session is None or (run.pending is not None and run.pending.step < 0):
        return [f"seat {seat} of {run.spec.players}"]  # nothing dealt yet
    return recall(run).lines[seat]


def done(run: Run) -> int:
    """The decisions of `run` played whole: not one whose draws chance is still dealing."""
    pending = run.pending
    return len(run.steps) - (pending is not None and pending.step >= 0)


def recall(run: Run) -> Recall:
    """`run`'s Recall, brought up to its last action (made when first asked for, then kept
    and shared with clones until one of them goes on: no view is made per step unless an
    information state is asked for)."""
    found = run.recall
    if found is None:
        found = run.recall = Recall(run)
        run.recall_own = True
    elif found.done < done(run):
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
            self.session = first(run)
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
        last = done(run)
        for i in range(self.done, last):
            actor = run.actors[i]
            action = index.action(run.steps[i], names[actor])
            told = session.announce(action)
            own = session.format(action)
            scripted(session, action, run.dealt[i])
            for seat, seat_lines in enumerate(self.lines):
                seat_lines.append(own if seat == actor else told)
                now = flat(session.game.view(session.state, seat))
                before = self.last[seat] or {}
                changed = [f"{k} = {v}" for k, v in now.items() if before.get(k) != v]
                changed += [f"{k} gone" for k in before if k not in now]
                if changed:
                    seat_lines.append("; ".join(changed))
                self.last[seat] = now
        self.done = last


class Code:
    """How one past action is written in the information-state tensor (see the module's text):
    the acting seat one-hot, whether the observer knows the action, then the action itself:
    one-hot of its index when the game has at most ONE_HOT actions, else its verb one-hot and
    the number within the verb in binary digits (lowest first)."""

    def __init__(self, spec: Any) -> None:
        index = spec.index
        self.players = spec.players
        self.one_hot = index.size <= ONE_HOT
        self.offsets = np.array([offset for _, offset, _, _ in index.verbs], np.int64)
        counts = np.diff(np.append(self.offsets, index.size))
        self.bits = max(1, int(counts.max() - 1).bit_length()) if len(counts) else 1
        self.action_width = index.size if self.one_hot else len(self.offsets) + self.bits
        self.width = self.players + 1 + self.action_width

    def write(self, block: np.ndarray, rows: np.ndarray, number: np.ndarray) -> None:
        """Write the action numbered `number[i]` into `block[rows[i]]` (zeroed)."""
        at = self.players + 1
        if self.one_hot:
            block[rows, at + number] = 1.0
            return
        verb = np.searchsorted(self.offsets, number, side="right") - 1
        block[rows, at + verb] = 1.0
        within = number - self.offsets[verb]
        digits = (within[:, None] >> np.arange(self.bits)) & 1
        block[rows, at + len(self.offsets) :] = digits


ONE_HOT = 512  # action spaces up to this size are written one-hot per step


def tensor(run: Run, seat: int, values: np.ndarray) -> None:
    """Write `seat`'s information-state tensor into `values` (zeroed; see the module's text)."""
    from .encoding import write

    spec = run.spec
    size = spec.obs_size
    if run.session is None:
        return
    write(run.session.game, run.session.state, seat, values[:size])
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
    code = spec.code
    n, width = spec.players, code.width
    block = values[size : size + count * width].reshape(count, width)
    block[np.arange(count), actor] = 1.0
    known = own | open_
    block[known, n] = 1.0
    code.write(block, np.flatnonzero(known), number[known])


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


class Observer:
    """OpenSpiel's observer interface: the observation, or with perfect recall the
    information state (`spiel_recall`)."""

    def __init__(self, spec: Any, perfect_recall: bool) -> None:
        size = spec.obs_size + (spec.max_length * spec.code.width if perfect_recall else 0)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}
        self.perfect_recall = perfect_recall

    def set_from(self, state: Any, player: int) -> None:
        self.tensor.fill(0.0)
        run = state.run
        if self.perfect_recall:
            tensor(run, player, self.tensor)
        elif run.session is not None:
            from .encoding import write

            write(run.session.game, run.session.state, player, self.tensor)

    def string_from(self, state: Any, player: int) -> str:
        run = state.run
        if self.perfect_recall:
            return "\n".join(lines(run, player))
        if run.session is None:
            return "start"
        return view_text(run.session, player)
