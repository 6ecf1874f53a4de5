"""Pack & Stack's rule hooks (plugins/pack_and_stack/hookspecs.py): one house rule per hook, each
written only against the hook (as a third-party plugin would be), changing exactly its rule; a
house rule answering None leaves the rulebook's answer; a bad answer is one clear error."""

from __future__ import annotations

import random
from typing import Any

import pytest
from dockyard import Action, DockyardError, Session, Variant, hookimpl
from dockyard.plugins.pack_and_stack.pick_a_truck import PILE
from dockyard.queries import query

GAME = "pack-and-stack"
PLAYERS = ("a", "b", "c")


def house(install: Any, name: str, plugin: object, players: tuple[str, ...] = PLAYERS) -> Session:
    install(variants=[Variant(name, GAME, f"test house rule {name}", plugin=plugin)])
    return Session(GAME, seed=3, players=players, variants=[name])


def plain(players: tuple[str, ...] = PLAYERS) -> Session:
    return Session(GAME, seed=3, players=players)


def fronts(s: Session) -> list[int]:
    return [query(s, f"front.{p}") for p in s.players]


def score_a_round(s: Session) -> None:
    """Everyone claims the pile and says done at once: the round is scored."""
    for p in s.players:
        s.apply(Action(p, "claim", (PILE,)))
    for p in s.players:
        s.apply(Action(p, "done", ()))
    assert query(s, f"bonus.{s.players[0]}") is not None


def bonuses(s: Session) -> dict[str, int]:
    return {p: query(s, f"bonus.{p}") for p in s.players}


def play_out(s: Session, seed: int = 1) -> None:
    """To the end with the game's bot, every component accounted for after every action."""
    rng = random.Random(seed)
    for _ in range(20_000):
        if s.over:
            return
        seat = s.state.flow.active[0]
        s.apply(s.game.bot_action(s.state, seat, rng))
        assert s.game.invariants(s.state) == []
    raise AssertionError("the game did not end")


class ThreeTrucksEach:
    """pack_and_stack_trucks_each: three cards in front of everyone, whatever the table."""

    @hookimpl(tryfirst=True)
    def pack_and_stack_trucks_each(self, state: Any, players: int) -> int:
        return 3


def test_trucks_each_deals_the_house_rules_number_and_every_card_stays_counted(install) -> None:
    assert fronts(plain()) == [2, 2, 2]  # the rulebook, 3 players
    assert fronts(plain(("a", "b", "c", "d", "e"))) == [1] * 5  # and 5
    s = house(install, "three-trucks", ThreeTrucksEach())
    assert fronts(s) == [3, 3, 3]
    play_out(s)
    assert s.over


class AllTheTrucks:
    """pack_and_stack_trucks_each: more cards than the box holds."""

    @hookimpl(tryfirst=True)
    def pack_and_stack_trucks_each(self, state: Any, players: int) -> int:
        return 100


def test_trucks_each_never_deals_the_last_picker_out_of_a_card(install) -> None:
    s = house(install, "all-trucks", AllTheTrucks())
    assert fronts(s) == [30 - 3, 0, 0]  # in seat order, leaving a card in the piles for each
    for p in ("b", "c"):  # two take cards in front of a ...
        s.apply(Action(p, "claim", (query(s, "front.a.1"),)))
    assert [a.args for a in s.legal_actions("a")] == [
        (PILE,)
    ]  # ... who can still take the pile's top
    s.apply(Action("a", "claim", (PILE,)))
    assert query(s, "phase") == "load" and s.game.invariants(s.state) == []


class Recorder:
    """pack_and_stack_bonus answering None: it sees the lowest payers, the rulebook still pays."""

    def __init__(self) -> None:
        self.asked: list[tuple[tuple[int, ...], int]] = []

    @hookimpl(tryfirst=True)
    def pack_and_stack_bonus(self, state: Any, seats: tuple[int, ...], bill: int) -> None:
        self.asked.append((seats, bill))


def test_bonus_is_asked_with_the_lowest_payers_and_none_keeps_the_rulebooks_ten(install) -> None:
    rulebook = plain()
    score_a_round(rulebook)
    recorder = Recorder()
    s = house(install, "recorder", recorder)
    score_a_round(s)
    assert bonuses(s) == bonuses(rulebook)
    [(seats, bill)] = recorder.asked
    bills = [query(s, f"bill.{p}") for p in s.players]
    assert bill == min(bills) and seats == tuple(i for i, b in enumerate(bills) if b == bill)
    assert {bonuses(s)[s.players[i]] for i in seats} == {10}


class SmallBonus:
    """pack_and_stack_bonus: 3 points for the round's lowest payers."""

    @hookimpl(tryfirst=True)
    def pack_and_stack_bonus(self, state: Any, seats: tuple[int, ...], bill: int) -> int:
        return 3


def test_bonus_pays_the_house_rules_bonus_and_the_points_stay_counted(install) -> None:
    s = house(install, "small-bonus", SmallBonus())
    events = []
    for p in s.players:
        s.apply(Action(p, "claim", (PILE,)))
    for p in s.players:
        events += s.apply(Action(p, "done", ()))
    paid = {b for b in bonuses(s).values() if b}
    assert paid == {3}
    assert any(e.kind == "bonus" and "receive" in e.text and " 3 bonus" in e.text for e in events)
    assert s.game.invariants(s.state) == []
    play_out(s)


class Broken:
    """Hooks answering what is not a number of cards or points."""

    def __init__(self, answer: Any) -> None:
        self.answer = answer

    @hookimpl(tryfirst=True)
    def pack_and_stack_trucks_each(self, state: Any, players: int) -> Any:
        return self.answer


@pytest.mark.parametrize("answer", [-1, "2", 1.5, True])
def test_a_house_rules_bad_answer_is_one_error_naming_the_hook(install, answer) -> None:
    with pytest.raises(DockyardError, match=r"pack_and_stack_trucks_each gave .*a whole number"):
        house(install, "broken", Broken(answer))


def test_a_house_rules_bad_answer_reaches_the_command_line_as_one_message(
    install, dockyard
) -> None:
    install(variants=[Variant("broken", GAME, "a broken house rule", plugin=Broken(-1))])
    code, out, err = dockyard("play", GAME, "--variant", "broken", stdin="quit\n")
    assert code != 0
    assert "pack_and_stack_trucks_each" in err and "Traceback" not in err + out


def test_every_pack_and_stack_hook_is_documented_on_the_hooks_page() -> None:
    from importlib.resources import files

    import dockyard.plugins.pack_and_stack.hookspecs as specs

    page = (files("dockyard.plugins") / "HOOKS.md").read_text(encoding="utf-8")
    names = [n for n in dir(specs) if hasattr(getattr(specs, n), "dockyard_spec")]
    assert "pack_and_stack_bonus" in names  # the hookspecs are found
    for name in names:
        assert f"### {name}(" in page, f"{name} is not documented in plugins/HOOKS.md"
