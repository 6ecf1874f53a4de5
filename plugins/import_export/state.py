"""What is on the table during a game of Import / Export: plain mutable data.

Cards are named by their ids everywhere (`laptops`); a list's last card is the top of a pile.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from dockyard import State

from .components import Box

LEAD, FOLLOW, DRAW = "lead", "follow", "draw"  # what each seat did this turn


@dataclass(slots=True)
class Ship:
    """A ship card: in its owner's harbor (contracts tucked under it, containers loaded on them)
    or at sea (its containers waiting to be imported or pirated)."""

    id: str  # its color and number: `green-1`
    owner: int
    at_sea: bool = False
    contracts: list[str] = field(default_factory=list)
    loaded: list[str] = field(default_factory=list)  # containers (cards) on it


@dataclass(slots=True)
class Auction:
    """One round of importing: the ship the leader chose, who bids, the bids so far (secret
    until all are in), the winner and what they still take."""

    ship: str
    bidders: list[int]
    bids: dict[int, int] = field(default_factory=dict)
    winner: int | None = None
    to_take: int = 0
    taken: list[str] = field(default_factory=list)  # the cards imported this round


@dataclass(slots=True)
class ImportExportState(State):
    parts: Box | None = None
    colors: list[str] = field(default_factory=list)  # each seat's harbor color
    tiers: list[str | None] = field(default_factory=list)  # the good type each harbor gives
    credits: list[int] = field(default_factory=list)  # active credits
    passive: list[int] = field(default_factory=list)  # passive credits (HELICOPTER), at game end
    bank: int = 0
    hands: list[list[str]] = field(default_factory=list)
    imports: list[list[str]] = field(default_factory=list)
    goods: list[list[str]] = field(default_factory=list)
    shipments: list[list[str]] = field(default_factory=list)  # completed contracts
    # completed shipments a power took out of the shipments area (RAILGUNS, SMALL POODLES):
    # the limits shrink, but what the harbor already held stays (nothing is swapped or lost)
    lost: list[int] = field(default_factory=list)
    ships: list[Ship] = field(default_factory=list)
    island: list[str] = field(default_factory=list)  # the supply island, face up
    deck: list[str] = field(default_factory=list)  # face down; the top is the last
    discard: list[str] = field(default_factory=list)
    end_credits: int = 50  # active credits that end the game (the extended game: more)
    exhausted: bool = False  # the deck ran out with nothing in the discard to shuffle
    # each seat's most active credits at any moment of this turn ("has reached" 50 ends it)
    peak: list[int] = field(default_factory=list)
    # the turn
    leader: int = 0
    declared: str | None = None  # the action led this turn (None: the leader drew)
    did: list[str | None] = field(default_factory=list)  # LEAD, FOLLOW or DRAW per seat
    played: list[list[str]] = field(default_factory=list)  # cards played to lead or follow
    actions_left: list[int] = field(default_factory=list)
    # the action type each seat takes, when a power let it follow with another (NEURAL UNITS)
    acting: list[str | None] = field(default_factory=list)
    sold: list[bool] = field(default_factory=list)  # sold to the island this turn
    import_round: int = 0  # import rounds played this turn
    auction: Auction | None = None
    used: list[str] = field(default_factory=list)  # powers used this turn ("limit": "turn")
    won: list[int] = field(default_factory=list)  # seats a power made win (THE MOTHER LOAD)
    copies: dict[str, str] = field(default_factory=dict)  # WIND TURBINES -> the card it copies
    again: list[int] = field(default_factory=list)  # turns a seat leads twice (DELAYED GAME)
    repeat: bool = False  # this turn's leader leads the next turn too
    # containers that count as another color on a ship ("" for none: ROBOT CATS' pairs)
    counts_as: dict[str, str] = field(default_factory=dict)

    @property
    def c(self) -> Box:
        assert self.parts is not None
        return self.parts

    def ship(self, ident: str) -> Ship | None:
        return next((s for s in self.ships if s.id == ident), None)

    def home_ships(self, seat: int) -> list[Ship]:
        return [s for s in self.ships if s.owner == seat and not s.at_sea]

    def at_sea(self) -> list[Ship]:
        return [s for s in self.ships if s.at_sea]
