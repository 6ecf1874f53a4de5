"""1. Receive load: return last round's pieces and trucks, then each player rolls the 5 dice.

"Each die shows the number of wooden pieces in the corresponding color that the player has to
take." The wooden pieces are limited: when the supply runs short, players take pieces in seat
order starting with the start player, each taking what is left (so later players may get fewer
than they rolled). With the printed box this never happens: the most any die asks of 6 players
(6 x 5 white, 6 x 4 grey, 6 x 3 brown, 6 x 2 turquoise, 6 x 2 purple) is exactly what the box holds.
"""

from __future__ import annotations

from dockyard import Context
from dockyard.flow import reveal

from .state import PackAndStackState


def seats_from_start(state: PackAndStackState) -> list[int]:
    n = len(state.players)
    return [(state.start_player + i) % n for i in range(n)]


def return_pieces_and_trucks(state: PackAndStackState, ctx: Context) -> None:
    """ "For the next round, return all wooden pieces (and truck cards)": to the supply and discard."""
    returned = False
    for seat in range(len(state.players)):
        for kind, n in state.hands[seat].items():
            state.supply[kind] += n
            returned = returned or n > 0
        state.hands[seat] = dict.fromkeys(state.c.kinds, 0)
        for piece in state.loads[seat]:
            state.supply[piece.kind] += 1
            returned = True
        state.loads[seat] = []
        state.filled[seat] = 0
        truck = state.trucks[seat]
        if truck is not None:
            state.discard.append(truck)
            state.trucks[seat] = None
            returned = True
    state.picked = []
    if returned:
        ctx.emit(
            "return",
            None,
            "all wooden pieces go back to the supply and the trucks to the discard pile",
        )


def receive_load(state: PackAndStackState, ctx: Context) -> None:
    """The begin hook of the receive phase: the roll is automatic, shown as events."""
    return_pieces_and_trucks(state, ctx)
    reveal(state)  # the dice are rolled: no undo past this
    for seat in seats_from_start(state):
        name = state.players[seat]
        roll: dict[str, int] = {}
        got: dict[str, int] = {}
        for die in state.c.dice:
            face = die.faces[state.rng.randrange(len(die.faces))]
            roll[die.piece] = face
            take = min(face, state.supply[die.piece])
            state.supply[die.piece] -= take
            state.hands[seat][die.piece] += take
            got[die.piece] = take
        state.rolls[seat] = roll
        rolled = ", ".join(f"{kind} {n if n else 'blank'}" for kind, n in roll.items())
        taken = ", ".join(f"{n} {kind}" for kind, n in got.items() if n) or "nothing"
        short = [
            f"{kind} (rolled {roll[kind]}, {got[kind]} left)"
            for kind in roll
            if got[kind] < roll[kind]
        ]
        text = f"{name} rolls {rolled} and takes {taken}"
        if short:
            text += "; the supply ran short of " + ", ".join(short)
        ctx.emit("roll", name, text, roll=tuple(roll.items()), took=tuple(got.items()))
