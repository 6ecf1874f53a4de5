"""(i) Many tables in one process: tables of one game with the same seed and moves, the
players' names shared, moved to other seats and swapped, played interleaved in one process
(with a table of another player count or variant beside them), offer the same legal actions,
renamed, as the table played alone, and `check` agrees with them. Catches state or caches
kept outside a session's state (on the game object the sessions of a choice share, in a
module, on a class) keyed without something they depend on (the players' names, the seat
count, the variants)."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Callable, Iterable
from functools import partial
from typing import Any, TypeVar

from ..game import Action, DockyardError
from ..registry import registry
from ..speed.cloning import checking
from .legality import near_misses
from .playout import Playout, budgeted
from .table import SuiteFailure, SuiteTable, step_cap

FRESH_NAMES = ("bob", "cy", "dee", "eve", "fay", "gus", "hal", "ivy", "jo", "kim", "lu", "mo")
MISSES = 4  # near misses whose verdicts are compared between the tables, per step
CHECKED = 6  # legal actions each table's `check` is asked about, per step
T = TypeVar("T")
MIN_STEPS = 200  # steps played side by side at least, whatever the budget in actions


def seatings(names: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The names of the tables played beside one seated with `names`: the first name kept
    and the others new or moved (p1,p2,p3 -> p1,bob,p2), that seating reversed (p2,bob,p1:
    the names sit at other seats), and `names` again."""
    n = len(names)
    fresh = [x for x in FRESH_NAMES if x not in names]
    if n == 1:
        moved: tuple[str, ...] = (fresh[0],)
    elif n == 2:
        moved = (names[0], fresh[0])
    else:
        moved = (names[0], *fresh[: n - 2], names[1])
    return [moved, tuple(reversed(moved)), names]


def renamed(value: Any, names: dict[str, str]) -> Any:
    """`value` with every player's name in it (an action's player, its arguments, inside
    tuples) replaced by `names`."""
    if isinstance(value, Action):
        return Action(names.get(value.player, value.player), value.verb, renamed(value.args, names))
    if type(value) is str:
        return names.get(value, value)
    if type(value) is tuple:
        return tuple(renamed(v, names) for v in value)
    return value


def check_many_tables(
    table: SuiteTable,
    seeds: Iterable[int] | int,
    max_steps: int | None = None,
    max_actions: int | None = None,
) -> int:
    """Tables of `table` with shared, moved and swapped names, interleaved, agree with the
    table played alone: the same legal actions (renamed) at every step, `check` accepting
    them and judging near misses alike, and the same end. With `max_actions`, the tables
    follow their game alone for that many steps at most (MIN_STEPS at least), and a seed is
    started only while the actions played are fewer. Returns the actions played."""
    cap = None if max_actions is None else max(MIN_STEPS, max_actions)
    return budgeted(seeds, max_actions, lambda seed: _tables(table, seed, max_steps, cap))


@dataclasses.dataclass
class _Record:
    """A table played alone: its legal actions (as a Counter) and the action taken, by step."""

    run: Playout
    legal: list[Counter[Action]]
    taken: list[Action]


def _alone(table: SuiteTable, seed: int, max_steps: int | None, cap: int | None) -> _Record:
    """The table played alone (to its end, or `cap` actions), seeded random actions."""
    run = Playout(table, seed)
    s = run.session
    legal: list[Counter[Action]] = []
    taken: list[Action] = []
    steps = max_steps or step_cap(run.game)
    if cap is not None and cap < steps:
        steps = cap
    while len(taken) < steps and not s.over:
        offered = _guarded(run, s.legal_actions)
        if not offered:
            run.fail(f"no legal action for {', '.join(s.actors()) or 'nobody'}, yet not over")
        legal.append(Counter(offered))
        action = run.rng.choice(offered)
        Playout.actions_played += 1
        try:
            s.apply(action)
        except DockyardError as exc:
            run.fail(f"legal_actions offered {s.format(action)!r}, but apply said: {exc}")
        taken.append(action)
    legal.append(Counter(_guarded(run, s.legal_actions)))
    return _Record(run, legal, taken)


class _Lane:
    """A table in the interleaved run: it follows `record` with its seats' names in place
    of the record's."""

    def __init__(
        self,
        record: _Record,
        table: SuiteTable,
        seed: int,
        names: tuple[str, ...],
        cap: int | None = None,
    ):
        self.record = record
        self.last = len(record.taken) if cap is None else min(cap, len(record.taken))
        self.run = Playout(table, seed)
        base = record.run.session.players
        if len(names) != len(base) or self.run.session.players != names:
            raise SuiteFailure(f"{table}: a table seated {', '.join(names)} has other players")
        self.to_mine = dict(zip(base, names, strict=True))
        self.to_base = dict(zip(names, base, strict=True))
        self.step = 0

    @property
    def done(self) -> bool:
        return self.step >= self.last

    def text(self, action: Action) -> str:
        return self.run.session.format(renamed(action, self.to_mine))

    def compare(self, rng: random.Random) -> None:
        """This table offers what the record's offered at this step, renamed, and its
        `check` accepts them."""
        s, run = self.run.session, self.run
        offered = Counter(renamed(a, self.to_base) for a in s.legal_actions())
        expected = self.record.legal[self.step]
        if offered != expected:
            extra = sorted(map(self.text, offered - expected))[:3]
            missing = sorted(map(self.text, expected - offered))[:3]
            run.fail(
                f"beside other tables of this game in the process, this table (players "
                f"{', '.join(s.players)}) offers other actions than it does alone: not offered "
                f"{missing or 'none'}; offered only here {extra or 'none'} (a cache outside the "
                "state keyed without the players' names, the seat count or the variants?)"
            )
        mine = list(expected)
        for action in rng.sample(mine, min(CHECKED, len(mine))):
            reason = s.check(renamed(action, self.to_mine))
            if reason is not None:
                run.fail(
                    f"beside other tables, check refuses {self.text(action)!r}, which the table "
                    f"offers (alone and here): {reason}"
                )

    def play(self) -> None:
        action = renamed(self.record.taken[self.step], self.to_mine)
        Playout.actions_played += 1
        try:
            self.run.session.apply(action)
        except DockyardError as exc:
            self.run.fail(f"beside other tables, {self.text(action)!r} was refused: {exc}")
        self.step += 1


def _neighbour(table: SuiteTable) -> SuiteTable | None:
    """Another table of the game to play beside: without the variants, or with another seat
    count, or with a variant; None when the game has no other."""
    if table.variants:
        return dataclasses.replace(table, variants=())
    game = registry().game(table.game) if isinstance(table.game, str) else table.game
    if isinstance(table.players, int | None):
        n = table.players or len(game.default_players)
        for other in (n + 1, n - 1):
            if game.min_players <= other <= game.max_players:
                return dataclasses.replace(table, players=other)
    if isinstance(table.game, str):
        for name, variant in sorted(registry().variants_of(game.name).items()):
            chosen = tuple(dict.fromkeys((*variant.requires, name)))
            return dataclasses.replace(table, variants=chosen)
    return None


def _tables(table: SuiteTable, seed: int, max_steps: int | None, cap: int | None) -> int:
    with checking():  # every clone (undo's copies) is checked to share nothing
        return _side_by_side(table, seed, max_steps, cap)


def _side_by_side(table: SuiteTable, seed: int, max_steps: int | None, cap: int | None) -> int:
    base = _alone(table, seed, max_steps, cap)
    names = base.run.session.players
    lanes = [_Lane(base, table, seed, names, cap)]
    for seating in seatings(names):
        seated = dataclasses.replace(table, players=seating)
        lanes.append(_Lane(base, seated, seed, seating, cap))
    other = _neighbour(table)
    if other is not None:
        beside = _alone(other, seed, max_steps, cap)
        lanes.append(_Lane(beside, other, seed, beside.run.session.players, cap))
    rng = random.Random(f"dockyard-tables:{seed}")
    first, same = lanes[0], lanes[1 : len(seatings(names)) + 1]
    while not all(lane.done for lane in lanes):
        order = [lane for lane in lanes if not lane.done]
        rng.shuffle(order)
        for lane in order:
            _guarded(lane.run, partial(lane.compare, rng))
        _guarded(first.run, lambda: _same_verdicts(first, same, rng))
        rng.shuffle(order)
        for lane in order:
            lane.play()
    for lane in lanes:
        _guarded(lane.run, partial(lane.compare, rng))  # where it stopped (the end?)
        s, alone = lane.run.session, lane.record.run.session
        if not alone.over:
            continue  # played in part: its end is not known
        if s.over != alone.over or s.scores() != alone.scores():
            lane.run.fail(
                "beside other tables, this table ended otherwise than alone "
                f"(scores {s.scores()} against {alone.scores()})"
            )
    return sum(lane.step for lane in lanes)


def _guarded(run: Playout, work: Callable[[], T]) -> T:
    """`work()`, a crash of the rules failing the suite with the table's replay script."""
    try:
        return work()
    except SuiteFailure:
        raise
    except Exception as exc:
        run.fail(f"beside other tables: {type(exc).__name__}: {exc}")


def _same_verdicts(first: _Lane, others: list[_Lane], rng: random.Random) -> None:
    """Near misses of the legal actions (another player's move, an argument nudged) are
    judged alike by `check` at every table following the same moves (renamed)."""
    if first.done:
        return
    s = first.run.session
    legal = list(first.record.legal[first.step])
    earlier = first.record.taken[: first.step]
    for miss in near_misses(s, legal, earlier, rng, MISSES):
        verdict = s.check(miss) is None
        for lane in others:
            if lane.done or lane.step != first.step:
                continue
            theirs = lane.run.session.check(renamed(miss, lane.to_mine)) is None
            if theirs != verdict:
                says = "accepts" if theirs else "refuses"
                lane.run.fail(
                    f"beside other tables, check {says} {lane.text(miss)!r}, which the table "
                    f"seated {', '.join(s.players)} judges otherwise"
                )
