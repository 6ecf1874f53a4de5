"""One house rule per Curious Cargo hook added for house rules on every rule: components,
loading, clean-up (token limit, the clean-up itself), scoring and eligibility. Each is written
only against `hookspecs` (as a third-party plugin would be) and changes exactly its rule."""

from __future__ import annotations

from typing import Any

from dockyard import Context, Session, Variant, hookimpl
from dockyard.bots import GreedyBot
from dockyard.flow import reveal
from dockyard.plugins.curious_cargo.bonuses import draw_tiles
from dockyard.plugins.curious_cargo.facility import Facility
from dockyard.plugins.curious_cargo.loading import load_options
from dockyard.plugins.curious_cargo.scoring import outcome, points
from dockyard.plugins.curious_cargo.state import SHIPPING, Truck
from dockyard.testing import Playout, SuiteTable, conservation
from test_curious_cargo_rules import board_for_tests, finish_card_selection, straight

GAME = "curious-cargo"


def house(install: Any, name: str, plugin: object) -> Session:
    install(variants=[Variant(name, GAME, f"test house rule {name}", plugin=plugin)])
    return Session(GAME, seed=3, variants=[name])


def play_out(s: Session, seed: int = 1) -> None:
    """To the end with the game's bot, every component accounted for after every action."""
    run = Playout(SuiteTable(GAME, 2, s.config.variants), seed)
    run.session = s
    bot = GreedyBot(seed)
    run.play(20_000, after=conservation(run), choose=lambda s, legal: bot.choose(s))


class ShortDeck:
    """cc_components: a quick game with 20 Truck cards and 60 Conveyor tiles in play."""

    @hookimpl
    def cc_components(self, table: Any, content: Any, options: dict[str, Any]) -> None:
        table.deck_size = 20
        table.bag_size = 60


def test_cc_components_short_deck_and_bag_keep_every_component_counted(install) -> None:
    s = house(install, "short-deck", ShortDeck())
    plain = Session(GAME, seed=3)
    dealt = sum(len(p.trucks) + len(p.draft) for p in s.state.seats)
    assert len(s.state.deck) + dealt == 20 and len(s.state.bag) == 60
    assert len(plain.state.deck) + dealt > 20 and len(plain.state.bag) > 60
    play_out(s)  # nothing created or lost, and the short deck ends the game
    assert s.over


class NoPurple:
    """cc_components: the base game's face and side, but a box without purple goods."""

    @hookimpl
    def cc_components(self, table: Any, content: Any, options: dict[str, Any]) -> None:
        table.goods = {c: n for c, n in table.goods.items() if c != "purple"}


def test_cc_components_goods_in_the_box(install) -> None:
    s = house(install, "no-purple", NoPurple())
    assert "purple" not in s.state.goods_box and s.game.invariants(s.state) == []


class NoRedInTheCab:
    """cc_why_not_load: the space behind the cab (the front one) never takes a red good."""

    @hookimpl
    def cc_why_not_load(self, state: Any, seat: int, truck: Any, index: int, color: str) -> Any:
        if color == "red" and index == len(truck.cargo) - 1:
            return "house rule: no red good behind the cab"
        return None


def loading_position(s: Session) -> Any:
    finish_card_selection(s)
    st = s.state
    fac = Facility(board_for_tests())
    st.seats[0].facility = fac
    straight(fac, "a7", "red")
    straight(fac, "a5", "blue")
    card = st.content.truck("truck11")  # size 3, space 2 blocked: spaces 5, 6, 7
    st.seats[0].streets[SHIPPING].append(Truck(card, 5, [None] * 3))
    return st


def test_cc_why_not_load_keeps_a_good_off_a_space(install) -> None:
    plain = loading_position(Session(GAME, seed=1))
    assert load_options(plain, 0) == [(5, 7)]
    s = house(install, "no-red-cab", NoRedInTheCab())
    st = loading_position(s)
    assert load_options(st, 0, s.hook) == [(5,)]  # the red dock at space 7 loads nothing


class FiveTokens:
    """cc_token_limit: players keep up to 5 of each token at clean-up."""

    @hookimpl
    def cc_token_limit(self, state: Any, seat: int, kind: str) -> int:
        return 5


def test_cc_token_limit_raises_the_limit(install) -> None:
    for s, kept in ((Session(GAME, seed=3), 3), (house(install, "five", FiveTokens()), 5)):
        finish_card_selection(s)
        st = s.state
        st.seats[0].construction, st.construction = 6, st.construction - 6
        s.apply_text("end")
        s.apply_text("end")
        assert st.seats[0].construction == kept
        assert s.game.invariants(st) == []


class RefillToTwo:
    """cc_cleanup: at each clean-up, a player with an empty hand draws a tile (a reveal)."""

    @hookimpl
    def cc_cleanup(self, state: Any, ctx: Context) -> None:
        for player in state.seats:
            if not player.hand and draw_tiles(state, player, 1):
                reveal(state)
                ctx.emit("house-rule", player.name, f"{player.name} draws a tile (refill)")


def test_cc_cleanup_runs_after_the_token_limit_and_before_storage(install) -> None:
    s = house(install, "refill", RefillToTwo())
    finish_card_selection(s)
    s.apply_text("end")
    s.apply_text("end")
    assert any(e.kind == "house-rule" for e in s.last_events)
    assert s.state.flow.pending and s.state.flow.pending[-1].kind == "store"
    play_out(s, 2)


class DoubleReceiving:
    """cc_score: received goods score double."""

    @hookimpl
    def cc_score(self, state: Any, seat: int, points: dict[str, int]) -> None:
        points["receiving"] *= 2


def test_cc_score_changes_one_line_and_the_total(install) -> None:
    s = house(install, "double", DoubleReceiving())
    p = s.state.seats[1]
    p.received = {"red": 3, "blue": 2}
    plain = Session(GAME, seed=3).state
    plain.seats[1].received = {"red": 3, "blue": 2}
    base, doubled = points(plain, plain.seats[1]), points(s.state, p, s.hook)
    assert doubled["receiving"] == 2 * base["receiving"] > 0
    assert doubled["total"] == base["total"] + base["receiving"]


class EveryoneMayWin:
    """cc_eligible: no minimum of goods shipped."""

    @hookimpl
    def cc_eligible(self, state: Any, seat: int) -> bool:
        return True


def test_cc_eligible_decides_who_may_win(install) -> None:
    s = house(install, "anyone", EveryoneMayWin())
    st = s.state
    st.flow.over = "test"
    st.seats[0].bonus_points = 5
    assert outcome(st, s.hook).winners == ("p1",)
    assert s.game.outcome(st).winners == ("p1",)
    plain = Session(GAME, seed=3).state
    plain.flow.over = "test"
    plain.seats[0].bonus_points = 5
    assert outcome(plain).winners == ()  # the rulebook: nobody shipped 2 of each color


def test_the_night_shift_is_only_a_cc_components_plugin() -> None:
    night = Session(GAME, seed=3, variants=["night-shift"])
    plugin = night.variants[0].plugin
    hooks = [name for name in dir(plugin) if name.startswith("cc_")]
    assert hooks == ["cc_components"] and night.variants[0].options == {}
    st = night.state
    assert st.side.name == "three-color" and st.face == "dark" and "purple" in st.splitters
    base = Session(GAME, seed=3).state
    assert base.side.name == "two-color" and base.face == "sand" and "purple" not in base.splitters
