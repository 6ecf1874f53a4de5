"""The README's table of each game's observation and action sizes, as the code gives them.

    python examples/rl/observation_sizes.py           # print the table
    python examples/rl/observation_sizes.py --write   # put it into README.md, between its markers

A row per shipped game at its fewest and most players, and a row per variant that changes a
size. tests/test_rl_example.py checks that README.md holds what this prints.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from dockyard import Session
from dockyard.interop.encoding import OBSERVATION_SIZE, action_index, observation_size
from dockyard.registry import catalog

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
GAMES = ("tictactoe", "curious-cargo", "pack-and-stack", "cargo", "import-export")
BEGIN = "<!-- observation-sizes: made by examples/rl/observation_sizes.py --write -->"
END = "<!-- /observation-sizes -->"


def sizes(game: str, players: int, variants: tuple[str, ...] = ()) -> tuple[int, int]:
    session = Session(game, players=players, variants=variants)
    g, state = session.game, session.state
    return observation_size(g, state), action_index(g, state).size


def rows() -> list[tuple[str, str, int, int, int, bool]]:
    """(game, variant, players, observation size, action count, the game's own observation)."""
    cards = {card.name: card for card in catalog()}
    out = []
    for name in GAMES:
        card = cards[name]
        low, _, high = card.players.partition("-")
        counts = sorted({int(low), int(high or low)})
        base = {n: sizes(name, n) for n in counts}
        own = Session(name, players=counts[0]).game.provides("observation")
        out += [(card.title, "", n, *base[n], own) for n in counts]
        for variant, _ in card.variants:
            found = sizes(name, counts[0], (variant,))
            if found != base[counts[0]]:
                out.append((card.title, variant, counts[0], *found, own))
    return out


def table() -> str:
    lines = [
        "| Game | Variant | Players | Observation | Actions |",
        "| --- | --- | ---: | ---: | ---: |",
    ]
    for title, variant, players, obs, actions, own in rows():
        hashed = "" if own else f" (the view hashed into {OBSERVATION_SIZE})"
        lines.append(f"| {title} | {variant or '-'} | {players} | {obs}{hashed} | {actions} |")
    return "\n".join(lines)


def in_readme(text: str) -> str | None:
    """The table as README.md has it between the markers (None: no markers)."""
    start, end = text.find(BEGIN), text.find(END)
    if start < 0 or end < start:
        return None
    return text[start + len(BEGIN) : end].strip()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="update README.md's table")
    args = parser.parse_args(argv)
    made = table()
    if not args.write:
        print(made)
        return 0
    text = README.read_text(encoding="utf-8")
    if in_readme(text) is None:
        print(f"{README}: no {BEGIN} ... {END} markers to write between", file=sys.stderr)
        return 1
    start, end = text.find(BEGIN) + len(BEGIN), text.find(END)
    README.write_text(f"{text[:start]}\n{made}\n{text[end:]}", encoding="utf-8")
    print(f"wrote the table into {README}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
