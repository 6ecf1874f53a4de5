"""Building Curious Cargo's content: each document checked by its kind's checker (check_boards,
check_pieces, check_shipping, check_setup), over one shared reporter (dockyard.loader.Reporter),
then frozen into CuriousCargoContent.

    build(content) -> CuriousCargoContent   # or ContentError listing every problem found
"""

from __future__ import annotations

from dockyard.loader import Content, ContentError, Document

from .check_boards import BoardChecks
from .check_pieces import PieceChecks
from .check_setup import SetupChecks
from .check_shipping import ShippingChecks
from .parts import CuriousCargoContent

SINGLE_KINDS = {  # kind -> the built-in file that holds it
    "conveyor_tiles": "tiles.json",
    "trucks": "trucks.json",
    "shipping_board": "shipping_board.json",
    "track": "track.json",
    "supply": "supply.json",
    "setup": "setup.json",
}
KINDS = {"board", *SINGLE_KINDS}


def build(content: Content) -> CuriousCargoContent:
    """Typed Curious Cargo content; raise ContentError listing every problem found."""
    return Builder(content).build()


class Builder(BoardChecks, PieceChecks, ShippingChecks, SetupChecks):
    """Every checker, run in the order the documents refer to each other."""

    def build(self) -> CuriousCargoContent:
        for doc in self.content.documents.values():
            kind = doc.schema.rsplit(":", 1)[-1]
            if kind not in KINDS:
                self.report(doc, ["$schema"], f"{doc.schema} holds shared definitions, not content")
        docs = {kind: self.single(kind) for kind in SINGLE_KINDS}
        boards = self.boards()
        tiles = self.tiles(docs["conveyor_tiles"]) if docs["conveyor_tiles"] else ()
        trucks = self.trucks(docs["trucks"]) if docs["trucks"] else ()
        sides = self.shipping_board(docs["shipping_board"], tiles) if docs["shipping_board"] else {}
        track = self.track(docs["track"]) if docs["track"] else ()
        supply = self.supply(docs["supply"], sides) if docs["supply"] else None
        setup = self.setup(docs["setup"], boards, trucks) if docs["setup"] else None
        if self.problems or supply is None or setup is None:
            raise ContentError(self.problems)
        return CuriousCargoContent(boards, tiles, trucks, sides, track, supply, setup)

    def single(self, kind: str) -> Document | None:
        """The one document of `kind`; report a missing or a second one."""
        found = self.content.of_kind(kind)
        if not found:
            message = f"no {kind} file (urn:dockyard:curious_cargo:{kind}); the built-in one is {SINGLE_KINDS[kind]}"
            self.missing("content/curious_cargo", message)
            return None
        # keep the file at the built-in name; report the others
        found.sort(key=lambda d: d.name != SINGLE_KINDS[kind])
        for extra in found[1:]:
            self.report(
                extra,
                ["$schema"],
                f"a second {kind} file: {found[0].name} already has it (replace that file instead)",
            )
        return found[0]
