"""A question a power asks can lose every option while it waits: the leader may discard a
contract "at any point" of their turn, also while CELL PHONES asks them which ship the drawn
card goes to. The question is then passed over (as one with no option is when asked), the card
stays in the hand it was drawn into ("otherwise, keep it in your hand"), and the game goes on.
Found by OpenSpiel's random simulation (a game that waited for an answer nobody could give)."""

from __future__ import annotations

from pathlib import Path

from dockyard import Session

LOG = Path(__file__).parent / "scenarios" / "import-export-scrap-while-cell-phones-asks.txt"


def replayed(upto: int | None = None) -> Session:
    lines = LOG.read_text().splitlines()
    s = Session("import-export", seed=int(lines[0].split()[-1]))
    for line in lines[1:upto]:
        s.apply_text(line)
    return s


def test_the_question_is_asked_while_the_contract_is_still_there() -> None:
    s = replayed(-1)  # all but the discard: CELL PHONES asks where the drawn card goes
    pending = s.state.flow.pending
    assert pending and pending[-1].prompt.startswith("Cell Phones: choose")
    assert "p1: scrap batteries" in {s.format(a) for a in s.legal_actions()}


def test_discarding_the_only_contract_passes_the_question_over_and_keeps_the_card() -> None:
    before = replayed(-1)
    hand = list(before.state.hands[0])
    s = replayed()
    assert not s.state.flow.pending  # no question left that nobody can answer
    assert s.legal_actions(), "the game waits for an answer nobody can give"
    assert sorted(s.state.hands[0]) == sorted(hand)  # the drawn card stays in p1's hand
    assert not s.game.invariants(s.state)
    told = [e.text for e in s.events if "nothing left to choose" in e.text]
    assert told == ["p1 has nothing left to choose (Cell Phones)"]


def test_a_chooser_with_no_option_is_passed_over_in_view_of_the_table() -> None:
    """A power asks a player to choose from their hand: one without such a card says so (the
    table sees it, as at a real table) and is not asked; one with it is asked alone."""
    from dockyard import Context
    from dockyard.plugins.import_export.choices import ask
    from dockyard.plugins.import_export.reading import Who

    s = Session("import-export", seed=1)
    state = s.state
    card = state.c.card
    held = {card(x).type for x in state.hands[0]}
    missing = next(t for t in sorted({card(x).type for x in state.deck}) if t not in held)
    power = state.hands[1][0]
    for kind, asked in ((missing, False), (card(state.hands[0][0]).type, True)):
        ctx = Context(s.game, s.hook)
        spec = {"who": "them", "from": "my-hand", "type": kind, "then": []}
        before = len(state.flow.pending)
        ask(state, Who(1, 0, power), spec, [], ctx)
        said = [(e.text, e.audience) for e in ctx.events if e.kind == "choose"]
        if asked:
            assert len(state.flow.pending) == before + 1 and state.flow.pending[-1].player == 0
            assert not said
            state.flow.pending.pop()
        else:
            assert len(state.flow.pending) == before
            assert said == [(f"p1 has nothing to choose ({card(power).name})", None)]
