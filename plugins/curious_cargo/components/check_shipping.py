"""The Shipping board's two sides and the Turn Order track."""

from __future__ import annotations

from typing import Any

from dockyard.loader import Document, Reporter
from dockyard.words import with_article

from .parts import (
    FACE_FOR_SIDE,
    TRACK_SPACES,
    ConveyorTile,
    Item,
    ShippingSide,
    TrackSpace,
    item_from,
    maybe_item,
)

SIDE_COLORS = {"two-color": 2, "three-color": 3}  # colors each Shipping board side must have


class ShippingChecks(Reporter):
    """The checks of shipping_board.json and track.json."""

    def shipping_board(
        self, doc: Document, tiles: tuple[ConveyorTile, ...]
    ) -> dict[str, ShippingSide]:
        sides: dict[str, ShippingSide] = {}
        for name, side in doc.data["sides"].items():
            at = ["sides", name]
            colors = tuple(side["colors"])
            if len(colors) != SIDE_COLORS[name]:
                self.report(
                    doc,
                    [*at, "colors"],
                    f"the {name} side has {SIDE_COLORS[name]} colors, found {len(colors)}",
                )
            face = FACE_FOR_SIDE.get(name, "sand")
            printed = {b.color for t in tiles for b in t.face(face)}
            for k, color in enumerate(colors):
                if tiles and color not in printed:
                    self.report(
                        doc,
                        [*at, "colors", k],
                        f"no Conveyor tile has {with_article(color)} belt on its {face} face, so {color} goods could never move",
                    )
            ship, receive = side["shipping"], side["receiving"]
            spaces, slots = ship["spaces"], receive["slots"]
            if side["requisite"] < 1:
                self.report(
                    doc,
                    [*at, "requisite"],
                    f"the requisite is a number of goods, at least 1, not {side['requisite']}",
                )
            elif side["requisite"] > spaces * len(colors):
                self.report(
                    doc,
                    [*at, "requisite"],
                    f"{side['requisite']} goods can never be shipped: the side holds {spaces * len(colors)}",
                )
            self.length(doc, [*at, "shipping", "values"], ship["values"], spaces, "spaces")
            self.length(
                doc, [*at, "shipping", "column_bonus"], ship["column_bonus"], spaces, "spaces"
            )
            columns_points: dict[int, int] = {}
            for key, points in ship["complete_columns_points"].items():
                if not 1 <= int(key) <= spaces:
                    self.report(
                        doc,
                        [*at, "shipping", "complete_columns_points", key],
                        f"there are only {spaces} columns",
                    )
                columns_points[int(key)] = points
            self.length(doc, [*at, "receiving", "values"], receive["values"], slots, "slots")
            self.length(
                doc, [*at, "receiving", "column_bonus"], receive["column_bonus"], slots, "slots"
            )
            slot_bonus: dict[str, tuple[Item | None, ...]] = {}
            for color, row in receive["slot_bonus"].items():
                if color not in colors:
                    self.report(
                        doc,
                        [*at, "receiving", "slot_bonus", color],
                        f"{color} is not a color of the {name} side",
                    )
                    continue
                self.length(doc, [*at, "receiving", "slot_bonus", color], row, slots, "slots")
                slot_bonus[color] = tuple(map(maybe_item, row))
            for color in colors:
                if color not in slot_bonus and color not in receive["slot_bonus"]:
                    self.report(
                        doc,
                        [*at, "receiving", "slot_bonus"],
                        f"no {color} row: list an item or null under each {color} slot",
                    )
            sides[name] = ShippingSide(
                name,
                colors,
                side["requisite"],
                tuple(ship["values"]),
                tuple(map(maybe_item, ship["column_bonus"])),
                dict(sorted(columns_points.items())),
                tuple(receive["values"]),
                {c: slot_bonus[c] for c in colors if c in slot_bonus},
                tuple(map(maybe_item, receive["column_bonus"])),
            )
        return sides

    def length(
        self, doc: Document, parts: list[Any], values: list[Any], wanted: int, what: str
    ) -> None:
        if len(values) != wanted:
            self.report(
                doc, parts, f"{len(values)} entries for {wanted} {what}: one per {what[:-1]}"
            )

    def track(self, doc: Document) -> tuple[TrackSpace, ...]:
        spaces = doc.data["spaces"]
        if len(spaces) != TRACK_SPACES:
            self.report(
                doc,
                ["spaces"],
                f"expected {TRACK_SPACES} spaces (0 to {TRACK_SPACES - 1}), found {len(spaces)}",
            )
        track: list[TrackSpace] = []
        for i, space in enumerate(spaces):
            if space["space"] != i:
                self.report(
                    doc,
                    ["spaces", i, "space"],
                    f"space {i} belongs here (spaces are numbered 0, 1, 2... in order), found {space['space']}",
                )
            track.append(
                TrackSpace(
                    space["space"],
                    tuple(map(item_from, space.get("bonus", ()))),
                    tuple(map(item_from, space.get("first", ()))),
                    tuple(map(item_from, space.get("second", ()))),
                    space.get("points", 0),
                    space.get("star", False),
                )
            )
        return tuple(track)
