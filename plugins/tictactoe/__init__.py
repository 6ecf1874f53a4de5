"""Tic-tac-toe: the smallest complete dockyard game, and the tutorial in plugins/README.md.

The minimal example, so one module on purpose. Its parts are the ones every bigger game keeps in
files of the same names (Pack & Stack, plugins/pack_and_stack/, is the model): the components
(`TicTacToeBoard`, what components.py holds), the state (`TicTacToeState`, state.py), and the Game, whose
methods here are the rules themselves: setting up (`setup`: set_up.py), the one rule `mark` as
`legal_actions` / `check` / `apply` (a bigger game: legal_mark, why_not_mark, do_mark in the
module of its phase), what a seat sees (`view`, `query`: view.py), text (`render`, and the
Game's own `format_action`: text.py) and the picture (`picture`: picture.py). It has no rule
hooks (so no hookspecs.py: what one would vary, the board's size and the run that wins, is
content, board.json), no variants and no bot of its own (the framework's bots play it); its few
caches (`_lines`, `TicTacToeBoard`'s cached properties) are keyed on the board's value, as a bigger
game's speed.py caches are.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, cached_property
from typing import TYPE_CHECKING, Any

from dockyard import Action, Context, EndTrigger, Game, Outcome, Rng, Setup, State, hookimpl
from dockyard.flow import FlowState, Phase, end_turn, seat_order, start
from dockyard.words import with_article

if TYPE_CHECKING:
    from dockyard.loader import Content

MARKS = ("x", "o")


@dataclass(frozen=True)
class TicTacToeBoard:
    size: int
    win: int

    @cached_property
    def cells(self) -> dict[str, int]:
        """Cell name -> index."""
        return {_cell_name(i, self.size): i for i in range(self.size**2)}

    @cached_property
    def runs_through(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """For each cell, the runs of `win` cells that pass through it (a mark can only
        complete those)."""
        runs = _lines(self)
        return tuple(tuple(run for run in runs if i in run) for i in range(self.size**2))

    @cached_property
    def _marks(self) -> dict[str, tuple[Action, ...]]:
        return {}

    def marks(self, player: str) -> tuple[Action, ...]:
        """`player`'s mark on each cell, made once (legal_actions picks the free ones)."""
        marks = self._marks
        found = marks.get(player)
        if found is None:
            if len(marks) > 64:  # a process may seat any number of names: keep a few
                marks.clear()
            found = marks[player] = tuple(
                Action(player, "mark", (_cell_name(i, self.size),)) for i in range(self.size**2)
            )
        return found


@dataclass(slots=True)
class TicTacToeState(State):
    board: TicTacToeBoard = field(default_factory=lambda: TicTacToeBoard(3, 3))
    cells: list[int] = field(default_factory=list)  # -1 empty, else the seat that marked it
    winner: int | None = None


def _cell_name(index: int, size: int) -> str:
    return f"{'abcdefghi'[index % size]}{index // size + 1}"


def _cell_index(name: str, size: int) -> int | None:
    """The index of a cell named like `b2` (None for anything else: `CELL`, `b`)."""
    if len(name) < 2 or not name[1:].isdigit():
        return None
    col, row = "abcdefghi".find(name[0]), int(name[1:]) - 1
    if 0 <= col < size and 0 <= row < size:
        return row * size + col
    return None


@cache
def _lines(board: TicTacToeBoard) -> list[tuple[int, ...]]:
    """Every run of `win` cells in a row, column or diagonal."""
    n, k = board.size, board.win
    runs: list[tuple[int, ...]] = []
    for r in range(n):
        for c in range(n):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                end_r, end_c = r + dr * (k - 1), c + dc * (k - 1)
                if 0 <= end_r < n and 0 <= end_c < n:
                    runs.append(tuple((r + dr * i) * n + c + dc * i for i in range(k)))
    return runs


class TicTacToe(Game):
    name = "tictactoe"
    title = "Tic-tac-toe"
    summary = "Take turns marking a square of the grid: three of yours in a row wins"
    default_players = MARKS
    content_folder = "tictactoe"
    grammar_file = "tictactoe.lark"
    terminal_words = {"CELL": "a cell such as b2"}
    query_paths = (
        ("cell.CELL", "who marked that cell (x or o), or none"),
        ("empty", "how many cells are empty"),
    )
    # One phase per round: each player marks once, x first.
    phases = (Phase("play", seat_order, check_end=False),)

    def build_content(self, content: Content) -> TicTacToeBoard:
        from dockyard.loader import ContentError  # (not at import: listing games stays quick)

        doc, *others = content.of_kind("board")
        if others:  # an author may add a board file: say why it cannot be played
            raise ContentError(
                [
                    content.problem(o, [], f"a second board (tic-tac-toe plays on one: {doc.name})")
                    for o in others
                ]
            )
        board = TicTacToeBoard(doc.data["size"], doc.data["win"])
        if board.win > board.size:
            raise ContentError(
                [
                    content.problem(
                        doc,
                        ["win"],
                        f"{board.win} in a row cannot fit on {with_article(f'{board.size}x{board.size}')} board",
                    )
                ]
            )
        return board

    def setup(self, setup: Setup, ctx: Context) -> TicTacToeState:
        board: TicTacToeBoard = setup.content.built
        state = TicTacToeState(
            list(setup.players), Rng(setup.seed), FlowState(), board, [-1] * board.size**2
        )
        start(self, state, ctx)
        return state

    def legal_actions(self, state: TicTacToeState, player: int) -> list[Action]:
        marks = state.board.marks(state.players[player])
        return [marks[i] for i, v in enumerate(state.cells) if v < 0]

    def check(self, state: TicTacToeState, action: Action, player: int) -> str | None:
        if action.verb != "mark":
            return f"tic-tac-toe has no {action.verb!r} action"
        index = _cell_index(action.args[0], state.board.size)
        if index is None:
            return f"{action.args[0]} is off the {state.board.size}x{state.board.size} board"
        if state.cells[index] >= 0:
            return f"{action.args[0]} is already marked by {state.players[state.cells[index]]}"
        return None

    def apply(self, state: TicTacToeState, action: Action, player: int, ctx: Context) -> None:
        cells = state.cells
        index = state.board.cells[action.args[0]]
        cells[index] = player
        ctx.emit(
            "mark", action.player, f"{action.player} marks {action.args[0]}", cell=action.args[0]
        )
        if any(all(cells[i] == player for i in run) for run in state.board.runs_through[index]):
            state.winner = player
            run = "three" if state.board.win == 3 else str(state.board.win)
            state.flow.over = EndTrigger(f"{state.players[player]} has {run} in a row", "line")
        elif -1 not in cells:
            state.flow.over = EndTrigger("the board is full", "full")
        if state.flow.over is not None:
            ctx.emit("game-over", None, f"the game ends: {state.flow.over}")
            return
        end_turn(self, state, ctx, player)

    deterministic = True  # no chance at all (dockyard.interop.openspiel: no chance node)

    def action_space(self, state: TicTacToeState) -> list[tuple[Any, ...]]:
        """The RL action index (dockyard.interop): `mark` on each cell, a1, b1, ... row by row."""
        return [("mark", list(state.board.cells))]

    def observation(self, state: TicTacToeState, seat: int) -> list[float]:
        """Three planes of the cells (empty, the observer's marks, the other's), row by row."""
        cells = state.cells
        planes = [[float(v == -1) for v in cells], [float(v == seat) for v in cells]]
        planes.append([float(v not in (-1, seat)) for v in cells])
        return [x for plane in planes for x in plane]

    def observation_size(self, state: TicTacToeState) -> int:
        return 3 * state.board.size**2

    def outcome(self, state: TicTacToeState) -> Outcome:
        winners = () if state.winner is None else (state.players[state.winner],)
        scores = {p: (1.0 if (p,) == winners else 0.0 if winners else 0.5) for p in state.players}
        return Outcome(state.flow.over or "", winners, scores)

    def view(self, state: TicTacToeState, viewer: int | None) -> dict[str, Any]:
        return {
            "players": [{"name": name} for name in state.players],
            "size": state.board.size,
            "cells": [None if v < 0 else state.players[v] for v in state.cells],
        }

    def picture(self, state: TicTacToeState, viewer: int | None) -> Any:
        from dockyard.svg import Svg

        view = self.view(state, viewer)
        n, cell = view["size"], 80
        svg = Svg(n * cell + 60, n * cell + 90, "Tic-tac-toe")
        names = [p["name"] for p in view["players"]]  # drawn from the view alone
        svg.text(20, 24, f"Tic-tac-toe: {' vs '.join(names)}", class_="title")
        for i, mark in enumerate(view["cells"]):
            col, row = i % n, i // n
            x, y = 40 + col * cell, 40 + (n - 1 - row) * cell
            g = svg.group(id=_cell_name(i, n), data_ref=_cell_name(i, n))
            svg.rect(x, y, cell, cell, g, fill="#fff", stroke="#222", stroke_width=2)
            svg.text(x + 4, y + 12, _cell_name(i, n), g, class_="small dim")
            if mark is not None:
                seat = names.index(mark)
                symbol = MARKS[seat] if seat < len(MARKS) else mark[:1]
                color = ("blue", "red")[seat % 2]
                svg.token(
                    x + cell / 2, y + cell / 2, cell * 0.32, color, symbol.upper(), g, tip=mark
                )
        return svg

    def render(self, state: TicTacToeState, viewer: int | None, topic: str = "") -> str:
        n = state.board.size
        rows = []
        for r in reversed(range(n)):
            marks = [
                ("." if v < 0 else state.players[v][:1]) for v in state.cells[r * n : (r + 1) * n]
            ]
            rows.append(f"{r + 1} " + " ".join(marks))
        rows.append("  " + " ".join("abcdefghi"[:n]))
        return "\n".join(rows)

    def query(self, state: TicTacToeState, path: str) -> Any:
        if path.startswith("cell."):
            n = state.board.size
            index = _cell_index(path[5:], n)
            if index is None:  # `expect` says: unknown query cell.CELL (cells a1 to c3)
                raise KeyError(f"{path} (cells a1 to {_cell_name(n * n - 1, n)})")
            v = state.cells[index]
            return None if v < 0 else state.players[v]
        if path == "empty":
            return sum(1 for v in state.cells if v < 0)
        raise KeyError(path)

    def invariants(self, state: TicTacToeState) -> list[str]:
        marks = [state.cells.count(s) for s in range(len(state.players))]
        if not 0 <= marks[0] - marks[1] <= 1:
            return [f"x has {marks[0]} marks and o {marks[1]}"]
        return []


@hookimpl
def register_games(register):
    register(TicTacToe())
