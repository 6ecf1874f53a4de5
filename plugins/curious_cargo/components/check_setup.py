"""The supply and the setup rules, and their references to the other files."""

from __future__ import annotations

from dockyard.loader import Document, Reporter

from .parts import (
    COLORS,
    PLAYERS,
    Board,
    SetupRules,
    ShippingSide,
    Supply,
    TruckCard,
)


class SetupChecks(Reporter):
    """The checks of supply.json and setup.json."""

    def supply(self, doc: Document, sides: dict[str, ShippingSide]) -> Supply:
        data = doc.data
        for color in COLORS:
            need = max((s.spaces * PLAYERS for s in sides.values() if color in s.colors), default=0)
            have = data["goods"][color]
            if have < need:
                self.report(
                    doc,
                    ["goods", color],
                    f"{need} {color} goods are needed (each of {PLAYERS} players fills {need // PLAYERS} {color} spaces on the Shipping board); found {have}",
                )
        return Supply(
            data["construction"],
            data["trucking"],
            dict(data["splitters"]),
            data["scaffolding"],
            dict(data["goods"]),
        )

    def setup(
        self, doc: Document, boards: dict[int, Board], trucks: tuple[TruckCard, ...]
    ) -> SetupRules:
        data = doc.data
        fields = {k: v for k, v in data.items() if k != "$schema"}
        fields["bag_top"] = tuple(fields.get("bag_top", ()))
        fields["deck_top"] = tuple(fields.get("deck_top", ()))
        rules = SetupRules(**fields)
        tile_ids = {
            t["id"] for d in self.content.of_kind("conveyor_tiles") for t in d.data["tiles"]
        }
        truck_ids = {t.id for t in trucks}
        for key, ids, what in (
            ("bag_top", tile_ids, "Conveyor tile"),
            ("deck_top", truck_ids, "Truck card"),
        ):
            for i, ident in enumerate(getattr(rules, key)):
                if ids and ident not in ids:
                    self.no_such(doc, [key, i], what, ident, sorted(ids))
        if rules.board not in boards and not any(
            d.data["id"] == rules.board for d in self.content.of_kind("board")
        ):
            numbers = [d.data["id"] for d in self.content.of_kind("board")]
            known = f" (boards: {', '.join(map(str, numbers))})"
            self.no_such(doc, ["board"], "board", rules.board, numbers, known)
        if rules.keep > rules.deal:
            self.report(
                doc,
                ["keep"],
                f"a player cannot keep {rules.keep} of the {rules.deal} Truck cards dealt",
            )
        if trucks and rules.deal * PLAYERS > len(trucks):
            self.report(
                doc,
                ["deal"],
                f"dealing {rules.deal} Truck cards to {PLAYERS} players needs {rules.deal * PLAYERS}; the deck has {len(trucks)}",
            )
        return rules
