"""(g) Views are JSON data and show no other player's secrets."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from .playout import Playout, budgeted
from .table import SuiteFailure, Table, step_cap

# ---- (g) hidden information -------------------------------------------------------------------


def check_hidden_information(
    table: Table,
    seeds: Iterable[int] | int,
    max_steps: int | None = None,
    max_actions: int | None = None,
) -> int:
    """Views are JSON data and renders are text; no view shows another player's secrets, and
    no event does (everyone sees the events, the announced moves among them).

    A game names each player's secrets by defining `secrets(state, seat) -> list[str]`: strings
    (card ids, hidden numbers written distinctively) that must not appear in the JSON of any
    other player's view, nor a spectator's, nor in the text of an event.
    """
    return budgeted(seeds, max_actions, lambda seed: _hidden_information(table, seed, max_steps))


def _hidden_information(table: Table, seed: int, max_steps: int | None) -> int:
    run = Playout(table, seed)
    s = run.session
    game = run.game
    secrets = getattr(game, "secrets", None)
    viewers: tuple[str | None, ...] = (None, *s.players)
    looked = 0

    def look(_action: Any = None, events: Any = (), everything: bool = False) -> None:
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
                    for event in events:
                        if str(secret) in event.text:
                            run.fail(
                                f"everyone can see {owner}'s secret {secret!r} in the event {event.text!r}"
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
