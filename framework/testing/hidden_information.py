"""(g) A seat sees only what it may: views are JSON data; no view, picture, event (the announced
moves among them, so no log line) or hint shows a player another player's secrets; its renders and
pictures, and the queries it may ask, are the same on a state where what is hidden from it is dealt
again; another seat's action that showed it a hidden card is a barrier to its undo; and the turn
order, `redo` and a script run `--as` it tell it nothing hidden either (seat_paths.py)."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterable
from typing import Any

from ..core import Action
from ..seats import mentions, secret_ids, shown_by
from .playout import Playout, budgeted
from .seat_paths import probe
from .table import SuiteFailure, SuiteTable, step_cap

# ---- (g) hidden information -------------------------------------------------------------------


def check_hidden_information(
    table: SuiteTable,
    seeds: Iterable[int] | int,
    max_steps: int | None = None,
    max_actions: int | None = None,
) -> int:
    """What each seat is shown holds no other player's secrets, through every path: the JSON
    of its view, its renders (every topic) and its picture, the events whose audience holds it
    (the announced moves among them: the log as announced to it), and the hints its REPL
    gives for a refused action. A spectator is held to every player's secrets.

    A game names each player's secrets by defining `secrets(state, seat) -> list[str]`: ids
    (card ids, hidden numbers written distinctively) compared as whole ids (`w2` is not found
    in `ww2`), after the action that showed them (a card played from a hand is no longer
    secret; a card still in a hand is).
    """
    return budgeted(seeds, max_actions, lambda seed: _hidden_information(table, seed, max_steps))


def _hidden_information(table: SuiteTable, seed: int, max_steps: int | None) -> int:
    from ..cli.repl import Shell

    run = Playout(table, seed)
    s = run.session
    game = run.game
    has_secrets = game.provides("secrets")
    viewers: tuple[str | None, ...] = (None, *s.players)
    looked = 0
    sampler = random.Random(f"dockyard-hidden:{seed}")  # not the playout's: its game stays

    def others(viewer: str | None) -> list[tuple[str, list[str]]]:
        """(owner, their secret ids) of every player but `viewer`, as the state is now."""
        if not has_secrets:
            return []
        return [
            (owner, secret_ids(game, s.state, seat))
            for seat, owner in enumerate(s.players)
            if owner != viewer
        ]

    # what was no news before the action: the spectator's view (what everyone saw) and each
    # seat's own secrets (a card it gives away is a secret of another now, but known to it)
    public = [""]
    knew: dict[str | None, set[str]] = {}
    news: dict[str | None, tuple[Any, dict[str, str]]] = {}  # viewer -> (finder, id -> owner)
    finders: dict[frozenset[str], Any] = {}  # one finder per set of ids, made once

    def finder(ids: Iterable[str]) -> Any:
        key = frozenset(ids)
        if key not in finders:
            finders[key] = _finder(key) if key else None
        return finders[key]

    def learn() -> None:
        """For each viewer, a finder of the ids it must not be shown now."""
        news.clear()
        if not has_secrets:
            return
        owned = {owner: secret_ids(game, s.state, seat) for seat, owner in enumerate(s.players)}
        everyone = {x for ids in owned.values() for x in ids}
        open_ = named(public[0], everyone)
        for viewer in viewers:
            known = knew.get(viewer, set())
            fresh = {
                x: owner
                for owner, ids in owned.items()
                if owner != viewer
                for x in ids
                if x not in known and x not in open_
            }
            news[viewer] = (finder(fresh), fresh)

    def hidden(viewer: str | None, text: str, where: str) -> None:
        find, fresh = news.get(viewer, (None, {}))
        found = find(text) if find is not None else None
        if found is not None:
            owner = fresh[found]
            run.fail(f"{viewer or 'a spectator'} is shown {owner}'s secret {found!r} {where}")

    probes = [0]

    def before(_legal: Any) -> None:
        # the turn order, redo and `run --as` as a seat sees them (seat_paths.py), now and then
        probes[0] += 1
        if not s.over:
            probe(s, probes[0], sampler, run.fail)
        if has_secrets:
            public[0] = json.dumps(s.view(None), sort_keys=True)
            for seat, name in enumerate(s.players):
                knew[name] = set(secret_ids(game, s.state, seat))

    def look(_action: Action | None = None, events: Any = (), everything: bool = False) -> None:
        nonlocal looked
        learn()
        for viewer in viewers:
            try:
                text = json.dumps(s.view(viewer), sort_keys=True)
            except (TypeError, ValueError) as exc:
                run.fail(f"the view of {viewer or 'a spectator'} is not JSON data: {exc}")
            hidden(viewer, text, "in their view")
            for event in events:
                if event.seen_by(viewer):
                    hidden(viewer, event.text, f"in the event {event.text!r}")
            if _action is not None and viewer is not None and looked % 17 == 3:
                barrier(viewer, _action, events)
        # renders and pictures cost more than views: everything for everyone at the start and
        # the end, one viewer's table in between
        # (a render or a picture of the state a seat cannot tell from this one, everything
        # hidden from it dealt again, must be the same: nothing hidden shows through them)
        shown = viewers if everything else viewers[looked % len(viewers) :][:1]
        for viewer in shown:
            seat = None if viewer is None else s.players.index(viewer)
            deal_again = has_secrets and seat is not None and (everything or looked % 4 == 0)
            twin = (
                game.sample_state(s.state, seat, sampler)
                if deal_again and seat is not None
                else None
            )
            for topic in ("", *game.topics()) if everything else ("",):
                text = game.render(s.state, seat, topic)
                if not isinstance(text, str):
                    run.fail(f"render({viewer!r}, {topic!r}) did not return text")
                if twin is not None and game.render(twin, seat, topic) != text:
                    run.fail(
                        f"`show {topic}` as {viewer} changes when what is hidden from "
                        f"{viewer} is dealt again (sample_state): it shows something hidden"
                    )
            if everything or looked % 23 == 0:
                svg = game.picture(s.state, seat)
                if svg is not None:
                    hidden(viewer, svg.to_string(), "in their picture")
                    other = None if twin is None else game.picture(twin, seat)
                    if other is not None and other.to_string() != svg.to_string():
                        run.fail(
                            f"the picture as {viewer} changes when what is hidden from "
                            f"{viewer} is dealt again (sample_state): it shows something hidden"
                        )
            if viewer is not None and has_secrets:
                # the hint a seated REPL gives for a refused action (here the seat's own legal
                # action played by another seat, or none): the seat's own actions only
                shell = Shell(s, seat=viewer)
                mine = s.legal_actions(viewer) if viewer in s.actors() else []
                probe = mine[0] if mine else Action(viewer, "pass", ())
                try:
                    hint = shell._legal_hint(probe)
                except Exception:  # a made-up action the game cannot write out
                    hint = ""
                hidden(viewer, hint, f"in a hint ({hint!r})")
        if has_secrets and (everything or looked % 11 == 5):
            for viewer in s.players:
                queries(viewer)
        looked += 1

    def barrier(viewer: str, action: Action, events: Any) -> None:
        """Another seat's action that showed `viewer` what that seat held hidden (its events
        as `viewer` saw them name it) is a barrier to `viewer`'s undo (dockyard.seats)."""
        held = knew.get(action.player, set())
        if action.player == viewer or not held:
            return
        texts = [e.text for e in events if e.seen_by(viewer)]
        showed = any(mentions(text, held) for text in texts)
        last = len(s.log) - 1
        if showed and shown_by(s, last, viewer) != last:
            run.fail(
                f"undo as {viewer} may take back {s.format(action)!r}, which showed them a card"
            )

    def queries(viewer: str) -> None:
        """Every query a seat may ask (`Game.query_paths`, filled in with the players and the
        ids of the other seats' secrets; `Game.hidden_query` refuses the rest) answers the same
        on a state where what is hidden from it is dealt again: it tells nothing hidden."""
        seat = s.players.index(viewer)
        ids = sorted({x for _, secrets in others(viewer) for x in secrets})[:6]
        twin = game.sample_state(s.state, seat, sampler)
        for template, _ in game.query_paths:
            for path in _filled(template, s.players, ids):
                if game.hidden_query(s.state, path, seat) is not None:
                    continue
                try:
                    real = game.query(s.state, path)
                except Exception:  # not a query here (an id this path does not take)
                    continue
                try:
                    other = game.query(twin, path)
                except Exception:
                    other = None
                if other != real:
                    run.fail(
                        f"{viewer} may ask `expect {path}`, but its answer depends on what is "
                        f"hidden from {viewer} ({real!r} here, {other!r} with it dealt again): "
                        "refuse it in Game.hidden_query"
                    )

    try:
        look(everything=True)
        for viewer in viewers:  # what set-up told each seat
            for event in s.events:
                if event.seen_by(viewer):
                    hidden(viewer, event.text, f"in the set-up event {event.text!r}")
        run.play(max_steps or step_cap(game), before=before, after=look)
        look(everything=True)
    except SuiteFailure:
        raise
    except Exception as exc:
        run.fail(f"{type(exc).__name__}: {exc}")
    return looked


_ID = re.compile(r"[\w-]+")  # a whole id: a longest run of these (`w2` is not in `ww2`, `w2-b`)


def named(text: str, ids: Iterable[str]) -> set[str]:
    """Those of `ids` that `text` names as whole ids (as `dockyard.seats.mentions` finds them)."""
    ids = set(ids)
    plain = {x for x in ids if _ID.fullmatch(x)}
    out = plain & set(_ID.findall(text)) if plain else set()
    return out | {x for x in ids - plain if mentions(text, [x])}


def _finder(ids: frozenset[str]) -> Any:
    """`find(text)`: the first of `ids` (leftmost in `text`) that `text` names as a whole id, or
    None. Ids of word characters and dashes are looked up among the text's words (one pass,
    whatever the number of ids); any other id by a pattern (`dockyard.seats.mentions`)."""
    plain = frozenset(x for x in ids if _ID.fullmatch(x))
    other = sorted(ids - plain, key=len, reverse=True)
    pattern = (
        re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, other)) + r")(?![\w-])")
        if other
        else None
    )

    def find(text: str) -> str | None:
        hits = []
        if plain:
            hit = next((m for m in _ID.finditer(text) if m.group() in plain), None)
            if hit is not None:
                hits.append((hit.start(), hit.group()))
        if pattern is not None:
            hit = pattern.search(text)
            if hit is not None:
                hits.append((hit.start(), hit.group(1)))
        return min(hits)[1] if hits else None

    return find


def _filled(template: str, players: Any, ids: list[str]) -> list[str]:
    """A query path's capitalised words filled in: P with each player, any other (CARD, ...)
    with each of `ids`; a path with words it cannot fill is left out."""
    paths = [""]
    for part in template.split("."):
        if part == "P":
            choices = list(players)
        elif part.isupper():
            choices = ids
        else:
            choices = [part]
        paths = [f"{p}.{c}" if p else c for p in paths for c in choices]
    return paths
