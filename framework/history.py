"""Undo and redo: a session is its seed plus its action log, so taking actions back is
replaying fewer of them, from the latest copy of the state at or before where undo lands (the
checkpoints: dense near the end of the log, sparse further back). For players (the REPL), an
action that revealed hidden information (a draw, a roll, a card turned up) is a barrier undo
does not cross, and a seated player takes back only their own; from Python, undo goes
anywhere."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from .core import Action, DockyardError, Event
from .playing import CHECKPOINT_EVERY, SPARSE_EVERY, UNDO_EVERY, Playing, locked

NO_UNDO_COPIES = 2**62  # past any game's length: no copies of the state kept for undo

__all__ = ["CHECKPOINT_EVERY", "SPARSE_EVERY", "UNDO_EVERY", "History", "locked"]


def _bad_count(what: str, n: Any) -> str | None:
    """Why `n` is not a count of actions for undo or redo (a whole number, 1 or more)."""
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        return f"{what} one action or more, not {n!r}"
    return None


class History(Playing):
    """Undo and redo of `Session` (session.py), on the log and the copies of the state that
    `Playing` keeps."""

    def _bad_undo(self, n: Any, players: Any, **flags: Any) -> str | None:
        """Why undo's arguments are bad (None when they are good): `n` a whole number, 1 or
        more; `players` None or names of this game's players; the flags True or False."""
        bad = _bad_count("undo takes back", n)
        if bad is None and players is not None:
            if isinstance(players, str | bytes) or not isinstance(players, Collection):
                bad = f"players is a collection of player names, not {players!r}"
            else:
                for name in players:
                    if name not in self.players:
                        names = ", ".join(self.players)
                        return f"no player {name!r} in this game (players: {names})"
        for name, flag in flags.items():
            if bad is None and not isinstance(flag, bool):
                bad = f"{name} is True or False, not {flag!r}"
        return bad

    def _rewind(self, kept: Sequence[Action]) -> tuple[Any, list[Event]]:
        """The state and events after the actions `kept` (a beginning of the log), from the
        latest checkpoint at or before them: at most CHECKPOINT_EVERY - 1 actions replayed in
        the last SPARSE_EVERY, SPARSE_EVERY - 1 further back (from the start in a loaded save,
        which keeps copies only near its end), keeping copies on the way (every UNDO_EVERY
        actions near where it lands), so that the next undo replays fewer."""
        points = self._checkpoints
        while points and points[-1][0] > len(kept):
            points.pop()
        if points:
            done, saved, n_events = points[-1]
            state = self.game.clone(saved)
            events = self.events[:n_events]
        else:
            done, (state, events) = 0, self._fresh()
        self.replay_onto(state, events, kept[done:], done, keep_from=len(kept) - SPARSE_EVERY)
        return state, events

    @locked
    def why_not_undo(
        self, n: int = 1, players: Collection[str] | None = None, barriers: bool = True
    ) -> str | None:
        """None when the last `n` actions may be taken back, else why not: an action that
        revealed hidden information (a draw, a roll, a flip) is a barrier, and with `players`
        only their own actions may be taken back."""
        bad = self._bad_undo(n, players, barriers=barriers)
        if bad is not None:
            return bad
        if not self.log:
            return "nothing to undo"
        n = min(n, len(self.log))
        taken = self.log[len(self.log) - n :]
        if players is not None:
            for action in reversed(taken):
                if action.player not in players:
                    return (
                        f"{self.format(action)!r} is {action.player}'s: "
                        "a player takes back only their own actions"
                    )
        if barriers and self.barriers and self.barriers[-1] > len(self.log) - n:
            index = self.barriers[-1] - 1
            return (
                f"{self.format(self.log[index])!r} revealed hidden information "
                "(a draw, a roll or a card turned up), so it cannot be taken back"
            )
        return None

    @locked
    def undo(
        self,
        n: int = 1,
        *,
        players: Collection[str] | None = None,
        barriers: bool = False,
        force: bool = False,
    ) -> int:
        """Take back the last `n` actions (as many as there are); returns how many.

        From Python the caller owns every seat (a bot's search, a test, a tool), so undo goes
        anywhere. What faces players asks for their rules: with `barriers`, an action that
        revealed hidden information (a draw, a roll, a card turned up) is not taken back
        (DockyardError), because nobody can be made to forget it; with `players`, only their
        own actions are. The REPL always asks for barriers. (`force` is the old spelling of
        "no barriers", kept for callers that used it.) A bad argument (`undo("1")`, a `players`
        naming nobody in the game) is a DockyardError and changes nothing."""
        bad = self._bad_undo(n, players, barriers=barriers, force=force)
        if bad is not None:
            raise DockyardError(f"cannot undo: {bad}")
        if not self.log:
            return 0
        reason = self.why_not_undo(n, players, barriers=barriers and not force)
        if reason is not None:
            raise DockyardError(f"cannot undo: {reason}")
        n = min(n, len(self.log))
        taken = self.log[len(self.log) - n :]
        kept = self.log[: len(self.log) - n]
        self.state, self.events = self._rewind(kept)
        if not self._keeps_events:
            self.events = []
        self._epoch += 1
        self.log = kept
        while self.barriers and self.barriers[-1] > len(kept):
            self.barriers.pop()
        self.redo_stack.extend(reversed(taken))
        self.last_events = []
        return n

    @locked
    def state_after(self, n: int) -> Any:
        """A copy of the state after the first `n` actions of the log (what a tool asks to look
        at a moment of the game: what a seat was shown then), replayed from the latest copy
        undo keeps at or before them, not from the start."""
        points = [p for p in self._checkpoints if p[0] <= n]
        if not points:
            return self.replay(self.log[:n])[0]
        done, saved, _ = points[-1]
        state = self.game.clone(saved)
        self.replay_onto(state, [], self.log[done:n], done)
        return state

    def keep_no_undo_copies(self) -> None:
        """For a session that never undoes (an RL environment's, OpenSpiel's): keep no copies
        of the state for undo on the way (an undo still works, replayed from the start)."""
        self._copies_from = NO_UNDO_COPIES

    def keep_no_events(self) -> None:
        """For a session whose events nobody reads (the batched RL env's tables): `events`
        stays empty (each action's are still in `last_events`), and no undo copies are kept
        (`keep_no_undo_copies`). Tens of tables each keeping a whole game's events made every
        full garbage collection of the process walk them all."""
        self.keep_no_undo_copies()
        self._keeps_events = False
        self.events = []

    @locked
    def redo(self, n: int = 1) -> int:
        """Play again the last `n` actions undone (as many as there are); returns how many.
        A bad `n` (`redo("1")`, `redo(0)`, `redo(1.5)`) is a DockyardError and changes nothing."""
        bad = _bad_count("redo plays again", n)
        if bad is not None:
            raise DockyardError(f"cannot redo: {bad}")
        done = 0
        while done < n and self.redo_stack:
            action = self.redo_stack.pop()
            stack = self.redo_stack
            self.redo_stack = []
            try:
                self.apply(action)
            finally:
                self.redo_stack = stack
            done += 1
        return done
