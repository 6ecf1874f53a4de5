"""The game interface: what every game plugin provides, and the values that cross it.

A game is one object (a subclass of `Game`) that makes states and answers questions about them.
The same rule code answers "is this legal, and if not, why?" (`check`) and "what is legal now?"
(`legal_actions`); the generic test suite checks that the two agree.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar, Generic, NamedTuple, TypeVar

from .core import (  # noqa: F401  (re-exported: dockyard.game is where games import them)
    Action,
    Decision,
    DockyardError,
    Event,
    FlowState,
    IllegalAction,
    Outcome,
    Phase,
    make_event,
    visible,
)
from .game_info import GameInfo  # noqa: F401  (re-exported)

if TYPE_CHECKING:
    from pluggy import HookRelay

    from .loader import Content
    from .svg import Svg


class Context:
    """What rules get while they resolve an action: the event sink, the hooks and the RNG."""

    __slots__ = ("events", "hook", "game", "variants")

    def __init__(self, game: Game[Any], hook: HookRelay, variants: Sequence[str] = ()) -> None:
        self.events: list[Event] = []
        self.hook = hook
        self.game = game
        self.variants = tuple(variants)

    def emit(
        self,
        kind: str,
        player: str | None,
        text: str,
        audience: Sequence[str] | None = None,
        **data: Any,
    ) -> None:
        """Record an event. `audience`: the names of the players who may see it (a card drawn
        is told to the one who drew it); None (the default) is everyone. The kind "move" is the
        engine's own (the action's event, which the REPL and the server tell each seat as it was
        announced to it): a rule's events name theirs otherwise ("card", "step")."""
        if kind == "move":
            raise ValueError('the event kind "move" is the engine\'s own (the action played)')
        if audience is not None:
            audience = (audience,) if isinstance(audience, str) else tuple(audience)
        # Event(...) made in C (a named tuple's own __new__ is a Python function)
        self.events.append(_new_tuple(Event, (kind, player, text, tuple(data.items()), audience)))


_new_tuple = tuple.__new__

# (hookspecs module, default rules object) -> the hook relay of those alone (`rulebook_hook`)
_RULEBOOK_HOOKS: dict[tuple[Any, Any], Any] = {}


@dataclass(slots=True)
class State:
    """Base for game states: plain mutable data. Games subclass it with their own fields."""

    players: list[str]
    rng: random.Random
    flow: FlowState


class Setup(NamedTuple):
    """Everything a game needs to make its first state (a named tuple: cheap to make)."""

    players: tuple[str, ...]
    seed: int
    content: Content
    variants: tuple[str, ...]
    hook: Any
    options: dict[str, Any]


S = TypeVar("S", bound=State)  # a game's state type: `class TicTacToe(Game[TicTacToeState])`


class Game(Generic[S]):
    """A game plugin. Subclass it as `Game[YourState]`, fill in the class attributes and the
    methods marked below. The optional capabilities (text and pictures, bots, RL observations)
    have defaults here, so tools may ask any game; the protocols in dockyard.capabilities name
    them, and a game that provides one says so by naming the protocol among its bases, so a
    type checker holds its methods to the protocol's signatures."""

    info: ClassVar[GameInfo | None] = None  # a game's `info = INFO` fills in the next five
    name: ClassVar[str]  # how users name it: `dockyard play NAME`
    title: ClassVar[str] = ""
    summary: ClassVar[str] = ""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    default_players: ClassVar[tuple[str, ...]] = ("p1", "p2")
    content_folder: ClassVar[str | None] = None  # folder in the package's content/
    grammar_file: ClassVar[str | None] = None  # file in the package's grammar/ (extends core.lark)
    # the package holding content/ and grammar/: dockyard's own for the built-in games, the
    # game's own package for a game shipped as its own distribution (`__package__`)
    resource_package: ClassVar[str] = "dockyard"
    hookspecs: ClassVar[ModuleType | None] = None  # the game's own rule extension points
    default_hooks: ClassVar[object | None] = None  # the game's own implementations of them
    phases: tuple[Phase, ...] = ()  # a class attribute, or set in __init__ when hooks are methods
    # words for grammar terminals in error messages ("expected a cell such as b2")
    terminal_words: ClassVar[dict[str, str]] = {}
    # what `query` answers, for `help expect`: (path, meaning) pairs, the path's capitalised
    # words standing for a value (P a player, CELL a square, CARD a card id, ...)
    query_paths: ClassVar[tuple[tuple[str, str], ...]] = ()
    _hook: Any = None
    _asking: Context | None = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A game class that sets `info = INFO` (its `GameInfo`, which `dockyard games` reads
        without importing the rules) takes its name, title, summary and player counts from it."""
        super().__init_subclass__(**kwargs)
        info = cls.__dict__.get("info")
        if info is not None:
            cls.name, cls.title, cls.summary = info.name, info.title, info.summary
            cls.min_players, cls.max_players = info.min_players, info.max_players

    def provides(self, member: str) -> bool:
        """Does this game define the optional `member` itself (a bot policy, an action space,
        secrets...), rather than take `Game`'s default? Tools ask it to say what a game offers
        (`dockyard bots` lists `greedy` for a game with its own `bot_action`)."""
        return getattr(type(self), member, None) is not getattr(Game, member, None)

    # ---- plugins --------------------------------------------------------------------------
    @property
    def hook(self) -> Any:
        """The hook relay of the plugins in play (see `with_hooks`); until a game is bound,
        the rulebook's alone (`rulebook_hook`). Rules reach it as `ctx.hook`."""
        found = self._hook
        if found is None:
            found = self._hook = self.rulebook_hook()
        return found

    @hook.setter
    def hook(self, hook: Any) -> None:
        self._hook = hook
        self._asking = None

    def with_hooks(self, hook: Any) -> Game[S]:
        """This game bound to one choice of plugins: a copy whose rules reach the game's rule
        hooks (and the variants' implementations of them) as `self.hook`, so no state needs to
        hold them. Sessions making the same choice share one bound game."""
        bound = copy.copy(self)
        bound.hook = hook
        bound._asking = Context(bound, hook)
        bound.bind()
        return bound

    @property
    def asking(self) -> Context:
        """The context a game's questions outside an action are asked in (`check`,
        `legal_actions`, `view`, `outcome`...): its `hook` is the game's rule hooks, of the
        plugins in play once bound (`with_hooks`), else the rulebook's alone. Rules reach hooks
        only as `ctx.hook`, this context's or the action's; nothing may be emitted in it."""
        found = self._asking
        if found is None or found.game is not self:
            found = self._asking = Context(self, self.hook)
        return found

    def rulebook_hook(self) -> Any:
        """The rule hooks of this game with no plugins but its own `default_hooks` (the
        rulebook's answers): what a game not bound to a session's plugins calls (`self.hook`
        until `with_hooks`). One per hookspecs and default rules, kept with both."""
        key = (self.hookspecs, self.default_hooks)
        found = _RULEBOOK_HOOKS.get(key)
        if found is None:
            from .hookspecs import new_manager

            pm = new_manager()
            if self.hookspecs is not None:
                pm.add_hookspecs(self.hookspecs)
            if self.default_hooks is not None:
                pm.register(self.default_hooks, name=f"{self.name}.rules")
            found = _RULEBOOK_HOOKS[key] = pm.hook
        return found

    def bind(self) -> None:
        """Called on the bound copy: rebuild what holds bound methods (phases whose begin/end
        hooks are this game's methods) or depends on the hooks. The default does nothing."""

    # ---- content -------------------------------------------------------------------------
    def build_content(self, content: Content) -> Any:
        """Turn validated JSON documents into frozen typed objects; raise ContentError if wrong."""
        return None

    def setup_choices(self, content: Content) -> dict[str, dict[str, Any]]:
        """The set-up options a user may choose by a word (`dockyard render GAME --board 4`):
        for each option of `Setup.options` that `setup` reads, the words that choose it (a
        number, a name) and the value each stands for, from `content` as layered (a board an
        author added is a choice too). Default: none."""
        return {}

    # ---- rules (must be provided) ---------------------------------------------------------
    def setup(self, setup: Setup, ctx: Context) -> S:
        raise NotImplementedError

    def legal_actions(self, state: S, player: int) -> list[Action]:
        """Every legal action of `player` (an index) now; empty when it is not their move."""
        raise NotImplementedError

    def out_of_turn(self, state: S) -> Sequence[int]:
        """Seats that may act now although the flow waits for others (a power used "at any
        time", a leader's discard): their `legal_actions` are offered beside the actors' and
        their actions are checked by `check` rather than refused as out of turn. Default:
        none (the engine's `actors` alone)."""
        return ()

    def check(self, state: S, action: Action, player: int) -> str | None:
        """None when `action` is legal now, else the reason why not (one sentence)."""
        return (
            None if action in self.legal_actions(state, player) else "that is not a legal move now"
        )

    def apply(self, state: S, action: Action, player: int, ctx: Context) -> None:
        """Resolve a legal action, emitting events; advance the flow (end turn, phase...)."""
        raise NotImplementedError

    def end_reason(self, state: S) -> str | None:
        """Checked at the flow's declared points: why the game ends now, or None."""
        return None

    def outcome(self, state: S) -> Outcome:
        """Final result; only called once the flow says the game is over."""
        raise NotImplementedError

    # ---- text ------------------------------------------------------------------------------
    def format_action(self, action: Action) -> str:
        """The one canonical text of an action; `parse(format_action(a)) == a`."""
        return str(action)

    def action_from_tree(self, verb: str, args: list[Any]) -> tuple[str, tuple[Any, ...]]:
        """Map a parsed `act_<verb>` rule's children to the action's verb and arguments."""
        return verb, tuple(args)

    def announce(self, action: Action) -> str | None:
        """How everyone learns of `action` as it is played: None to show its canonical text
        (the default), or words that keep a secret action secret (a sealed bid: `p2: bid (in
        secret)`); the rules reveal it later through their own events. The log keeps the
        action itself."""
        return None

    def legal_group(self, action: Action) -> str:
        """The first words of an action's text that a long `legal` list groups it under (and
        `legal WORDS` shows in full): the verb, or more (Cargo: `move mule`)."""
        return action.verb

    # ---- information -----------------------------------------------------------------------
    def view(self, state: S, viewer: int | None) -> dict[str, Any]:
        """What `viewer` may see (None: a spectator), as plain JSON-able data."""
        return {}

    def render(self, state: S, viewer: int | None, topic: str = "") -> str:
        """Text for `show [topic]`."""
        return repr(self.view(state, viewer))

    def topics(self) -> Sequence[str]:
        """Topics `show` accepts, besides the empty one."""
        return ()

    def clone(self, state: S) -> S:
        """A copy of `state` that evolves on its own (undo checkpoints, and search). The default
        copies every list, dict, set and mutable dataclass and shares strings, numbers, tuples
        and frozen dataclasses (dockyard.speed.cloning); override it if your state holds other
        things, or to make it faster."""
        from .speed.cloning import clone

        return clone(state)

    def sample_state(self, state: S, seat: int, rng: random.Random) -> S:
        """A full state that `seat` cannot tell from `state` (determinization, for search):
        everything `seat` sees is kept, and everything hidden from them is dealt again at
        random from `rng`, so a bot searching on it never peeks. This default hides only what
        is yet to come (the state's random generator is seeded anew); a game with hidden
        components (a bag, a deck, other players' hands) also deals them again (`redeal`).
        The generic suite checks that `view(sample, seat) == view(state, seat)`."""
        from .rng import Rng

        copy = self.clone(state)
        copy.rng = Rng(rng.getrandbits(64))
        return copy

    def picture(self, state: S, viewer: int | None) -> Svg | None:
        """The table as `viewer` sees it, drawn as SVG (a `dockyard.svg.Svg`), or None when
        the game draws no pictures. Draw from `self.view(state, viewer)` and the public
        components only, so a picture never shows what the viewer may not see."""
        return None

    def scores(self, state: S) -> list[float] | None:
        """Each seat's points as they stand (the replay's chart), or None."""
        return None

    def describe(self, state: S, viewer: int | None, ident: str) -> str | None:
        """`show tile ID`: one component (a tile, a card) drawn with everything printed on it,
        or None when there is no such component. Printed faces are public; where a component
        is may not be, so this draws the component only."""
        return None

    def component_ids(self, state: S) -> Sequence[str]:
        """The ids `describe` knows (for "did you mean ...?")."""
        return ()

    def query(self, state: S, path: str) -> Any:
        """Values that `expect` can check, by dotted path. Raise KeyError for unknown ones.
        List the paths in `query_paths`, so `help expect` can say them."""
        raise KeyError(path)

    def hidden_query(self, state: S, path: str, viewer: int | None) -> str | None:
        """Why `viewer` (a seat; None: a spectator) may not ask the `expect` query `path`, or
        None when it may: a query about what the viewer cannot see (another player's hand) is
        refused, in words that must not depend on the answer (so the refusal gives nothing
        away). The default: every query may be asked (a game without hidden information)."""
        return None

    def invariants(self, state: S) -> list[str]:
        """Conservation laws that must hold after every action: a list of violations."""
        return []

    def token_counts(self, state: S) -> dict[str, int]:
        """Totals of each kind of component, which must never change during a game."""
        return {}

    # ---- optional: what bots, learning and tools may use (every member has a default) --------
    deterministic: ClassVar[bool] = False  # no chance at all: OpenSpiel gets no chance node
    max_playout_steps: ClassVar[int] = 5000  # the generic suite's cap on one random game
    bot_summary: ClassVar[str] = ""  # `dockyard bots`: how `greedy` (`bot_action`) plays
    bot_playouts: ClassVar[int] = 1000  # `mcts`: playouts a move when not given (`mcts:N`)
    bot_rollout_depth: ClassVar[int | None] = None  # `mcts`: actions a playout (None: all)
    bot_margin: ClassVar[float] = 0.05  # `mcts`: how much better (0..1) to overrule the policy

    def bot_action(self, state: S, seat: int, rng: random.Random) -> Action | None:
        """The game's own quick policy (the `greedy` bot, and `mcts`'s playouts): an action of
        `seat`'s now, chosen with `rng`. None (the default): the game has none, and `greedy`
        plays uniformly at random."""
        return None

    def bot_policies(self) -> dict[str, tuple[str, Callable[[S, int, random.Random], Action]]]:
        """More named policies, as bots of their own: {name: (one line on how it plays,
        policy(state, seat, rng) -> Action)}. The first is the game's default bot."""
        return {}

    def bot_evaluate(self, state: S) -> list[float] | None:
        """Each seat's prospects, 0..1, where `mcts` stops a playout early
        (`bot_rollout_depth`). None (the default): standings by `scores`."""
        return None

    def benchmarks(self) -> dict[str, Callable[[], object]]:
        """Extra figures `dockyard bench` prints: {label: an operation timed per call}."""
        return {}

    def action_space(self, state: S) -> list[tuple[Any, ...]] | None:
        """Every action that could ever be legal, for numbering actions (PettingZoo, OpenSpiel):
        `[(verb, [values of argument 1], ...), ...]` (`Tuples` for a verb whose number of
        arguments varies); see dockyard.interop.encoding. None (the default): no numbering."""
        return None

    def observation(self, state: S, seat: int) -> Sequence[float] | None:
        """`seat`'s observation as `observation_size(state)` numbers (a list, or an array numpy
        reads without copying, such as a float32 `array.array`), from what it sees only.
        None (the default): its `view`, hashed into numbers (dockyard.interop.encoding)."""
        return None

    def write_observation(self, state: S, seat: int, out: memoryview) -> bool:
        """Write `seat`'s observation (the numbers `observation` gives) over `out`, a writable
        float32 memoryview of `observation_size(state)` numbers (a row of the caller's numpy
        array), and say True; False (the default): the tools copy `observation` instead. For
        speed: a game that keeps parts of its numbers (planes brought up to date as the state
        changes) copies each part once, into the caller's row, with no whole vector between."""
        return False

    def observation_size(self, state: S) -> int | None:
        """The length of `observation`; None (the default) with the hashed view."""
        return None

    def secrets(self, state: S, seat: int) -> list[str]:
        """The ids of what only `seat` may know now (the cards in its hand, a sealed bid): the
        generic suite checks that no other seat's view, events, hints or pictures name them, and
        undo stops at an action that showed them. Empty (the default): nothing is secret."""
        return []

    def describe_player_count(self) -> str:
        return player_count(self.min_players, self.max_players)


@dataclass(frozen=True)
class Variant:
    """A named change of rules: a pluggy plugin registered in the session with its game."""

    name: str
    game: str
    summary: str
    plugin: object | None = None  # hookimpl holder; None for variants that only set options
    options: dict[str, Any] = field(default_factory=dict)  # setup options this variant sets
    conflicts: tuple[str, ...] = ()
    requires: tuple[str, ...] = ()
    grammar: str | None = None  # extra grammar text (`%extend game_action: ...`)
    content_folder: str | None = None  # extra content layered over the game's
    resource_package: str = "dockyard"  # the package whose content/ holds `content_folder`


class Tuples(list):  # type: ignore[type-arg]
    """In a game's `action_space`: a verb's one field whose values are whole argument tuples: for verbs whose number of
    arguments varies (`load 3 5`, `trade construction` / `trade trucking red`)."""


def player_count(least: int, most: int) -> str:
    """How many play: "2" or "2-6"."""
    return str(least) if least == most else f"{least}-{most}"


def redeal(rng: random.Random, *hidden: list[Any]) -> None:
    """Deal the items of the lists `hidden` again at random: the lists keep their lengths, and
    together the same items (a bag and the hands a player cannot see, after `sample_state`)."""
    # sorted first, so the result depends on what is hidden, never on how it lies now
    pool = sorted((item for group in hidden for item in group), key=repr)
    rng.shuffle(pool)
    start = 0
    for group in hidden:
        group[:] = pool[start : start + len(group)]
        start += len(group)


Register = Callable[[Any], None]
Chooser = Callable[[Iterable[Action]], Action]
