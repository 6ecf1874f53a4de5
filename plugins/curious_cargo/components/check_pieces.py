"""Conveyor tiles and Truck cards: ids unique, the rulebook's counts, belts that fit a tile."""

from __future__ import annotations

from typing import Any

from dockyard.loader import Document, Reporter

from .parts import (
    MAX_TRUCK_SIZE,
    TILE_COUNT,
    TRUCK_COUNT,
    Belt,
    ConveyorTile,
    TruckCard,
    item_from,
)


class PieceChecks(Reporter):
    """The checks of tiles.json and trucks.json."""

    def tiles(self, doc: Document) -> tuple[ConveyorTile, ...]:
        items = doc.data["tiles"]
        if len(items) != TILE_COUNT:
            self.report(doc, ["tiles"], f"expected {TILE_COUNT} Conveyor tiles, found {len(items)}")
        tiles: list[ConveyorTile] = []
        for i, tile in self.unique(doc, "tiles", items):
            faces = {
                face: self.face(doc, ["tiles", i, face], tile[face], face == "sand")
                for face in ("sand", "dark")
            }
            tiles.append(ConveyorTile(tile["id"], faces["sand"], faces["dark"]))
        return tuple(tiles)

    def face(
        self, doc: Document, parts: list[Any], belts: list[dict[str, str]], sand: bool
    ) -> tuple[Belt, ...]:
        out: list[Belt] = []
        used: dict[str, int] = {}
        crossing: int | None = None
        for j, belt in enumerate(belts):
            here = [*parts, j]
            ends = (belt["from"], belt["to"])
            if ends[0] == ends[1]:
                self.report(doc, here, f"a belt joins two different stubs; both ends are {ends[0]}")
                continue
            for key, stub in zip(("from", "to"), ends, strict=True):
                if stub in used:
                    self.report(
                        doc,
                        [*here, key],
                        f"stub {stub} already carries belt {used[stub]} of this face",
                    )
                used.setdefault(stub, j)
            made = Belt(belt["color"], ends)
            if made.crosses:
                if crossing is not None:
                    self.report(
                        doc,
                        here,
                        f"belts {crossing} and {j} both pass through the A|B edge; only one belt can",
                    )
                crossing = j
            if sand and made.color == "purple":
                self.report(
                    doc,
                    [*here, "color"],
                    "sand faces carry red and blue belts only; purple belongs on the dark face",
                )
            out.append(made)
        return tuple(out)

    def trucks(self, doc: Document) -> tuple[TruckCard, ...]:
        items = doc.data["trucks"]
        if len(items) != TRUCK_COUNT:
            self.report(doc, ["trucks"], f"expected {TRUCK_COUNT} Truck cards, found {len(items)}")
        trucks: list[TruckCard] = []
        for i, card in self.unique(doc, "trucks", items):
            size = card["size"]
            if not 1 <= size <= MAX_TRUCK_SIZE:
                self.report(
                    doc,
                    ["trucks", i, "size"],
                    f"a truck has 1 to {MAX_TRUCK_SIZE} cargo spaces, not {size}",
                )
            for key, what in (
                ("ap", "costs at least 1 AP"),
                ("tiles", "is worth at least 1 Conveyor tile"),
            ):
                if card[key] < 1:
                    self.report(doc, ["trucks", i, key], f"a Truck card {what}, not {card[key]}")
            blocked: set[int] = set()
            for j, space in enumerate(card["blocked"]):
                if not 1 <= space <= size:
                    self.report(
                        doc,
                        ["trucks", i, "blocked", j],
                        f"cargo space {space} does not exist: this truck's spaces are 1 to {size}, from the rear",
                    )
                elif space in blocked:
                    self.report(
                        doc, ["trucks", i, "blocked", j], f"cargo space {space} is listed twice"
                    )
                blocked.add(space)
            if size >= 1 and set(range(1, size + 1)) <= blocked:
                self.report(
                    doc,
                    ["trucks", i, "blocked"],
                    "every cargo space is blocked: the truck could never carry goods",
                )
            trucks.append(
                TruckCard(
                    card["id"],
                    size,
                    card["ap"],
                    card["tiles"],
                    frozenset(blocked),
                    item_from(card["bonus"]),
                )
            )
        return tuple(trucks)
