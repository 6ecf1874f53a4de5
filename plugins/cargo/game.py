"""Tom Jolly's Cargo: the game object wiring the rulebook's parts together."""

from __future__ import annotations

import itertools
import math
import random
from importlib import import_module
from types import ModuleType
from typing import Any, ClassVar

from dockyard import Action, Context, Game, Outcome, Rng, Setup
from dockyard.flow import FlowState, Phase, clockwise_from, end_turn, start
from dockyard.loader import Content

from . import INFO
from .bot import bot_action, position
from .components import DIRECTIONS, Dock, build
from .default_rules import DefaultRules
from .playing import (
    DONE,
    PUT_BACK,
    do_move,
    do_place,
    finish_turn,
    legal_moves,
    legal_places,
    phase,
    rescued,
    returning_text,
    start_turn,
    why_not_move,
    why_not_place,
)
from .scoring import outcome
from .setting_up import SHIPS, WORKERS, choices, choose, lay_out, roll, why_not_choose
from .state import DOCTOR, GONE, UNPLACED, WATER, CargoState
from .text import TOPICS, action_from_tree, format_action, ground_char, render

PLAY = Phase("play", clockwise_from(lambda s: s.first_mover), check_end=False)
VERBS = ("choose", "place", "move", DONE)


class Cargo(Game):
    info = INFO  # name, title, summary, player counts: the package's GameInfo
    default_players = ("p1", "p2")
    content_folder = "cargo"
    grammar_file = "cargo.lark"
    phases = (SHIPS, WORKERS, PLAY)
    terminal_words = {
        "WORD": "a worker (dockhand, burly, mule, elephant) or a color",
        "CELL": "a square such as c4",
        "STEP": "a direction (north, east, south, west), or pull and a direction",
        "COUNT": "how many dockhands, such as 2",
    }
    query_paths = (
        ("crate.CELL", "the color of the crate on that square, or none"),
        ("worker.CELL", "who stands there: `p1-mule`, a stack as `p2-dockhand+p1-dockhand`"),
        ("workers.CELL", "how many workers stand on that square"),
        ("points.P", "P's points"),
        ("crates.P", "P's crates still on the dock or waiting to be put back"),
        ("front.P", "crates in front of P (own crates loaded, others' pushed into the sea)"),
        ("ship.P", "the color of P's ship (none before it is chosen)"),
        ("water.P", "P's workers in the water"),
        ("doctor.P", "P's Dockhands at the Doctor"),
        ("out.P", "P's workers out of the game"),
        ("first", "who won the roll to choose a ship and place first (none with a layout)"),
        ("mover", "who won the roll to move first (none before it is rolled)"),
        ("moves", "workers the player to move may still move this turn"),
        ("aside", "crates waiting to be put back"),
    )
    max_playout_steps = 20_000
    hookspecs: ClassVar[ModuleType | None] = import_module(".hookspecs", __package__)
    default_hooks = DefaultRules()

    def __init__(self) -> None:
        self.hook = (
            self.rulebook_hook()
        )  # unbound: the rulebook alone (sessions bind their plugins)

    # ---- content -------------------------------------------------------------------------
    def build_content(self, content: Content) -> Dock:
        return build(content)

    # ---- setup ---------------------------------------------------------------------------
    def setup(self, setup: Setup, ctx: Context) -> CargoState:
        c: Dock = setup.content.built
        n = len(setup.players)
        state = CargoState(list(setup.players), Rng(setup.seed), FlowState(), parts=c)
        state.ships = [None] * n
        state.ground = list(c.squares)
        state.crates = [None] * len(c.squares)
        state.men = [()] * len(c.squares)
        state.pos = [UNPLACED] * (n * c.per_player)
        state.waits = [0] * (n * c.per_player)
        state.points = [0] * n
        state.front = [[] for _ in range(n)]
        state.in_box = n * c.crates[n]
        if c.layout is not None:
            lay_out(state, ctx)
        else:
            # "players roll a die to see who selects and places their pieces first"
            state.first_placer = roll(state, ctx)
            first = state.players[state.first_placer]
            ctx.emit("roll", first, f"{first} wins the roll: chooses a ship and places first")
        start(self, state, ctx)
        if phase(state) == "play":  # a layout starts in play
            start_turn(state, ctx)
        return state

    # ---- rules ---------------------------------------------------------------------------
    def legal_actions(self, state: CargoState, player: int) -> list[Action]:
        flow = state.flow
        if flow.over is not None:
            return []
        if flow.pending:
            return legal_places(state, player) if flow.pending[-1].player == player else []
        if player not in flow.active:
            return []
        now = phase(state)
        if now == "ships":
            return choices(state, player)
        if now == "workers" or rescued(state):
            return legal_places(state, player)
        # a Dockhand back from the Doctor may come back now, later in the turn, or not
        return legal_places(state, player) + legal_moves(state, player)

    def check(self, state: CargoState, action: Action, player: int) -> str | None:
        verb, args = action.verb, action.args
        if verb not in VERBS:
            return f"Cargo has no {verb!r} action (actions: {', '.join(VERBS)})"
        if not _well_typed(verb, args):
            return f"malformed {verb} action: {' '.join(map(repr, args)) or 'no arguments'}"
        pending = state.flow.pending
        if pending and pending[-1].kind == PUT_BACK:
            if verb != "place":
                return pending[-1].prompt
            return why_not_place(state, player, *args)
        now = phase(state)
        if verb == "choose":
            return (
                why_not_choose(state, player, args[0])
                if now == "ships"
                else ("the ships are chosen")
            )
        if now == "ships":
            return "first choose a ship: choose COLOR"
        if verb == "place":
            return why_not_place(state, player, *args)
        if now == "workers":
            return "first place your workers: place WORKER SQUARE"
        if verb == DONE:
            back = rescued(state)
            return (
                f"first bring back your {returning_text(state, back)} from the water"
                if back
                else None
            )
        return why_not_move(state, player, args)

    def apply(self, state: CargoState, action: Action, player: int, ctx: Context) -> None:
        verb, args = action.verb, action.args
        if verb == "choose":
            choose(state, player, args[0], ctx)
            end_turn(self, state, ctx, player)
        elif verb == "place":
            do_place(state, player, args[0], args[1], self, ctx)
        elif verb == "move":
            do_move(state, player, args, self, ctx)
        else:
            ctx.emit("done", action.player, f"{action.player} ends their turn")
            finish_turn(state, player, self, ctx)

    def outcome(self, state: CargoState) -> Outcome:
        return outcome(state)

    bot_playouts = 64
    bot_rollout_depth = 6  # actions: about two turns, then bot_evaluate

    def bot_evaluate(self, state: CargoState) -> list[float]:
        """Each seat's chance of winning: a softmax of points plus the greedy bot's reading of
        where the crates stand."""
        values = [
            state.points[seat] + position(state, seat, state.crates) if state.ships[seat] else 0.0
            for seat in range(len(state.players))
        ]
        top = max(values)
        weights = [math.exp((v - top) / 2.0) for v in values]
        total = sum(weights)
        return [w / total for w in weights]

    def bot_action(self, state: CargoState, player: int, rng: random.Random) -> Action:
        """Push your crates home and the others' into the sea: see bot.py."""
        return bot_action(state, player, rng)

    def action_space(self, state: CargoState) -> list[tuple[Any, ...]]:
        """Every action that may ever be legal, for the RL action index (dockyard.interop):
        choose (each ship), place (each worker name and crate color, each square), move (each
        worker with each list of steps; stacking workers also with each square and number),
        done."""
        from dockyard.game import Tuples

        c = state.c
        squares = [c.name(i) for i in range(len(c.squares))]
        moves: list[tuple[Any, ...]] = []
        for name in dict.fromkeys(c.names):
            kind = c.kinds[c.names.index(name)]
            words = list(DIRECTIONS) + ([f"pull {d}" for d in DIRECTIONS] if kind.pull else [])
            steps = [
                seq for n in range(1, kind.move + 1) for seq in itertools.product(words, repeat=n)
            ]
            if kind.stacks:
                most = min(kind.count, c.moves_per_turn)
                moves += [
                    (name, sq, n, seq)
                    for sq in squares
                    for n in range(1, most + 1)
                    for seq in steps
                ]
            else:
                moves += [(name, None, 1, seq) for seq in steps]
        pieces = list(dict.fromkeys(c.names)) + list(c.ships)
        return [
            ("choose", list(c.ships)),
            ("place", pieces, squares),
            ("move", Tuples(moves)),
            (DONE,),
        ]

    def observation(self, state: CargoState, seat: int) -> list[float]:
        """For RL (dockyard.interop): planes over the map's squares, then numbers. Planes: the
        ground (dock, a loading space in play, water), then for each player from `seat`
        clockwise their crates and each worker kind (the share of that kind on the square).
        Numbers, per player in the same order: points / 10, crates left / 10; then workers
        still to move / 3, the phase (ships, workers, play) and whether `seat` must place."""
        c = state.c
        n = len(state.players)
        k = c.per_player
        kinds = list(dict.fromkeys(kind.kind for kind in c.kinds))
        counts = {kind.kind: kind.count for kind in c.kinds}
        cells = len(c.squares)
        out = [float(state.ground[i] == g) for g in (0, 1, 2) for i in range(cells)]
        order = [(seat + j) % n for j in range(n)]
        for who in order:
            color = state.ships[who]
            out += [float(color is not None and crate == color) for crate in state.crates]
            planes = {kind: [0.0] * cells for kind in kinds}
            for w in range(who * k, who * k + k):
                if state.pos[w] >= 0:
                    kind = c.kinds[w % k].kind
                    planes[kind][state.pos[w]] += 1.0 / counts[kind]
            for kind in kinds:
                out += planes[kind]
        for who in order:
            left = state.crates_left(who) if state.ships[who] else 0
            out += [state.points[who] / 10.0, left / 10.0]
        now = phase(state)
        out += [state.moves_left / max(c.moves_per_turn, 1)]
        out += [float(now == p) for p in ("ships", "workers", "play")]
        flow = state.flow
        placing = bool(flow.pending and flow.pending[-1].player == seat) or (
            seat in flow.active and not flow.pending and (now == "workers" or bool(state.returning))
        )
        out += [float(placing)]
        return out

    def observation_size(self, state: CargoState) -> int:
        c = state.c
        n = len(state.players)
        kinds = len(dict.fromkeys(kind.kind for kind in c.kinds))
        return len(c.squares) * (3 + n * (1 + kinds)) + 2 * n + 5

    def picture(self, state: CargoState, viewer: int | None) -> Any:
        from .picture import draw

        return draw(self.view(state, viewer), {k.kind: k.letter for k in state.c.kinds})

    def scores(self, state: CargoState) -> list[float]:
        return [float(p) for p in state.points]

    # ---- text ----------------------------------------------------------------------------
    def format_action(self, action: Action) -> str:
        return format_action(action)

    def action_from_tree(self, verb: str, args: list[Any]) -> tuple[str, tuple[Any, ...]]:
        return action_from_tree(verb, args)

    def legal_group(self, action: Action) -> str:
        """A long `legal` list groups moves by worker (`move mule`, `move 2 dockhands c4`),
        places by piece (`place mule`, `place blue`)."""
        if action.verb == "move":
            name, cell, count, _ = action.args
            who = name if count == 1 else f"{count} {name}s"
            return f"move {who}" + ("" if cell is None else f" {cell}")
        if action.verb == "place":
            return f"place {action.args[0]}"
        return action.verb

    def render(self, state: CargoState, viewer: int | None, topic: str = "") -> str:
        return render(state, topic)

    def topics(self) -> tuple[str, ...]:
        return TOPICS

    # ---- information ---------------------------------------------------------------------
    def view(self, state: CargoState, viewer: int | None) -> dict[str, Any]:
        """Everything is open."""
        c = state.c
        k = c.per_player
        squares: dict[str, Any] = {}
        for cell, crate in enumerate(state.crates):
            if crate is not None:
                squares[c.name(cell)] = {"crate": crate}
        for cell, men in enumerate(state.men):
            if men:
                squares[c.name(cell)] = {
                    "workers": [
                        {"player": state.players[state.owner(w)], "worker": c.names[w % k]}
                        for w in men
                    ]
                }
        players = []
        for seat, name in enumerate(state.players):
            workers = range(seat * k, seat * k + k)
            players.append(
                {
                    "name": name,
                    "ship": state.ships[seat],
                    "points": state.points[seat],
                    "crates_on_dock": state.crates_left(seat) if state.ships[seat] else None,
                    "front": list(state.front[seat]),
                    "water": [c.names[w % k] for w in workers if state.pos[w] == WATER],
                    "doctor": [
                        {"worker": c.names[w % k], "sits_out": state.waits[w]}
                        for w in workers
                        if state.pos[w] == DOCTOR
                    ],
                    "out": [c.names[w % k] for w in workers if state.pos[w] == GONE],
                    "to_place": [c.names[w % k] for w in workers if state.pos[w] == UNPLACED],
                }
            )
        active = state.flow.active
        return {
            "game": self.name,
            "phase": phase(state),
            "round": state.flow.round,
            "over": state.flow.over,
            "you": None if viewer is None else state.players[viewer],
            "map": [
                "".join(ground_char(state, y * c.width + x) for x in range(c.width))
                for y in reversed(range(c.height))
            ],
            "squares": dict(sorted(squares.items())),
            "players": players,
            "to_move": state.players[active[0]] if active and not state.flow.over else None,
            "moves_left": state.moves_left if phase(state) == "play" else None,
            "moved": [c.names[w % k] for w in state.moved],
            "returning": [c.names[w % k] for w in state.returning],
            "put_back": [{"crate": a, "ship": s} for a, s in state.aside],
        }

    def query(self, state: CargoState, path: str) -> Any:
        c = state.c
        head, _, rest = path.partition(".")
        if not rest:
            laid_out = c.layout is not None
            rolled = laid_out or phase(state) == "play"
            simple = {
                "moves": state.moves_left,
                "aside": len(state.aside),
                "phase": phase(state),
                "first": None if laid_out else state.players[state.first_placer],
                "mover": state.players[state.first_mover] if rolled else None,
            }
            if head in simple:
                return simple[head]
            raise KeyError(path)
        if head in ("crate", "worker", "workers"):
            cell = c.cell(rest)
            if cell is None:
                raise KeyError(path)
            men = state.men[cell]
            if head == "crate":
                return state.crates[cell]
            if head == "workers":
                return len(men)
            return (
                "+".join(
                    f"{state.players[state.owner(w)]}-{c.names[w % c.per_player]}" for w in men
                )
                or None
            )
        if rest not in state.players:
            raise KeyError(path)
        seat = state.players.index(rest)
        k = c.per_player
        workers = range(seat * k, seat * k + k)
        per_player = {
            "points": lambda: state.points[seat],
            "ship": lambda: state.ships[seat],
            "crates": lambda: state.crates_left(seat),
            "front": lambda: len(state.front[seat]),
            "water": lambda: sum(1 for w in workers if state.pos[w] == WATER),
            "doctor": lambda: sum(1 for w in workers if state.pos[w] == DOCTOR),
            "out": lambda: sum(1 for w in workers if state.pos[w] == GONE),
        }
        if head in per_player:
            return per_player[head]()
        raise KeyError(path)

    # ---- conservation --------------------------------------------------------------------
    def token_counts(self, state: CargoState) -> dict[str, int]:
        """Crates (in the box until the ships are chosen, then by color) and workers (each on
        one square, or off the dock: unplaced, in the water, at the Doctor, out)."""
        counts = {"crates": state.in_box}
        for color in state.c.ships:
            on_dock = sum(1 for x in state.crates if x == color)
            elsewhere = sum(f.count(color) for f in state.front) + state.sea.count(color)
            aside = sum(1 for crate, _ in state.aside if crate == color)
            counts["crates"] += on_dock + elsewhere + aside
        counts["workers"] = sum(map(len, state.men)) + sum(1 for p in state.pos if p < 0)
        return counts

    def invariants(self, state: CargoState) -> list[str]:
        c = state.c
        bad: list[str] = []
        for color, dealt in state.dealt.items():
            left = sum(1 for x in state.crates if x == color) + state.sea.count(color)
            left += sum(f.count(color) for f in state.front)
            left += sum(1 for crate, _ in state.aside if crate == color)
            if left != dealt:
                bad.append(f"{left} {color} crates in play, {dealt} were dealt")
        for cell, men in enumerate(state.men):
            for w in men:
                if state.pos[w] != cell:
                    bad.append(
                        f"worker {w} is on {c.name(cell)} but thinks it is at {state.pos[w]}"
                    )
            if men and state.crates[cell] is not None:
                bad.append(f"{c.name(cell)} holds a crate and workers")
            if len(men) > 1 and not all(c.kinds[w % c.per_player].stacks for w in men):
                bad.append(f"{c.name(cell)} holds {len(men)} workers that do not stack")
            if (men or state.crates[cell] is not None) and state.ground[cell] > 1:
                bad.append(f"something stands in the water at {c.name(cell)}")
        for w, p in enumerate(state.pos):
            if p >= 0 and w not in state.men[p]:
                bad.append(f"worker {w} thinks it is on {c.name(p)} but is not there")
        for cell, crate in enumerate(state.crates):
            if crate is not None and state.ground[cell] != 0:
                bad.append(f"a crate rests on {c.name(cell)}, which is not the dock")
        if state.moves_left < 0:
            bad.append(f"{state.moves_left} moves left")
        return bad


def _well_typed(verb: str, args: tuple[Any, ...]) -> bool:
    if verb == "choose":
        return len(args) == 1 and isinstance(args[0], str)
    if verb == "place":
        return len(args) == 2 and all(isinstance(a, str) for a in args)
    if verb == "move":
        if len(args) != 4:
            return False
        name, cell, count, steps = args
        return (
            isinstance(name, str)
            and (cell is None or isinstance(cell, str))
            and isinstance(count, int)
            and not isinstance(count, bool)
            and count >= 1
            and isinstance(steps, tuple)
            and all(isinstance(s, str) and _step_ok(s) for s in steps)
        )
    return not args


def _step_ok(text: str) -> bool:
    words = text.split(" ")
    return words[-1] in DIRECTIONS and words[:-1] in ([], ["pull"])
