"""Player boards: machines, ports, walls, gears and docks on the grid, not overlapping; every
dock reachable from a port of each color."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import Any

from dockyard.loader import Document, Reporter
from dockyard.words import with_article

from .parts import (
    COLORS,
    OPPOSITE,
    SIDES,
    STREET_SPACES,
    STREETS,
    Board,
    Cell,
    Dock,
    Machine,
    Port,
    cell_name,
    dock_cell,
    neighbour,
    parse_cell,
    value_at,
)


def _names(cells: Iterable[Cell]) -> str:
    return ", ".join(cell_name(c) for c in sorted(cells, key=lambda c: (c[1], c[0])))


def _apart(cells: frozenset[Cell]) -> set[Cell]:
    """Cells not joined side to side to the first cell of the group."""
    if not cells:
        return set()
    start = min(cells)
    return set(cells) - set(_flood(start, cells))


def _flood(start: Cell, cells: frozenset[Cell]) -> list[Cell]:
    seen = {start}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        for side in SIDES:
            nxt = neighbour(cell, side)
            if nxt in cells and nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return list(seen)


def _regions(teal: frozenset[Cell]) -> dict[Cell, int]:
    """Each teal cell's connected region (cells joined side to side), numbered."""
    region: dict[Cell, int] = {}
    for cell in sorted(teal):
        if cell not in region:
            number = len(set(region.values()))
            region.update(dict.fromkeys(_flood(cell, teal), number))
    return region


class BoardChecks(Reporter):
    """The checks of board files (urn:dockyard:curious_cargo:board)."""

    def boards(self) -> dict[int, Board]:
        boards: dict[int, Board] = {}
        where: dict[int, str] = {}
        for doc in self.content.of_kind("board"):
            board = self.board(doc)
            number = doc.data["id"]
            if number in where:
                self.report(doc, ["id"], f"board {number} is already defined in {where[number]}")
            elif board is not None:
                boards[number] = board
            where.setdefault(number, doc.name)
        if not where:
            self.missing(
                "content/curious_cargo/boards", "no player board (urn:dockyard:curious_cargo:board)"
            )
        return dict(sorted(boards.items()))

    def board(self, doc: Document) -> Board | None:
        data = doc.data
        before = len(self.problems)
        columns, rows = data["columns"], data["rows"]
        if rows != STREET_SPACES:
            self.report(
                doc,
                ["rows"],
                f"a board has {STREET_SPACES} rows, one beside each street space; found {rows}",
            )
            return None
        grid_size = f"{columns}x{rows} grid (a1 to {cell_name((columns - 1, rows - 1))})"

        def cell(parts: list[Any]) -> Cell | None:
            name = value_at(data, parts)
            c = parse_cell(name)
            if not (0 <= c[0] < columns and 0 <= c[1] < rows):
                self.report(doc, parts, f"{name} is outside the {grid_size}")
                return None
            return c

        taken: dict[Cell, str] = {}  # cell -> what is there already

        def claim(parts: list[Any], what: str) -> Cell | None:
            c = cell(parts)
            if c is None:
                return None
            if c in taken:
                self.report(doc, parts, f"{cell_name(c)} is already {taken[c]}")
                return None
            taken[c] = what
            return c

        walls = frozenset(
            c for i in range(len(data["walls"])) if (c := claim(["walls", i], "a wall")) is not None
        )
        machine_cells: list[frozenset[Cell]] = []
        ids: set[str] = set()
        for m, machine in enumerate(data["machines"]):
            if machine["id"] in ids:
                self.report(
                    doc,
                    ["machines", m, "id"],
                    f"machine {machine['id']} is already defined on this board",
                )
            ids.add(machine["id"])
            own = [
                claim(["machines", m, "cells", i], f"part of machine {machine['id']}")
                for i in range(len(machine["cells"]))
            ]
            cells = frozenset(c for c in own if c is not None)
            machine_cells.append(cells)
            apart = _apart(cells)
            if apart:
                self.report(
                    doc,
                    ["machines", m, "cells"],
                    f"machine {machine['id']}'s cells must touch side to side; {_names(apart)} apart from the rest",
                )
        gears: set[Cell] = set()
        for i, name in enumerate(data["gears"]):
            c = cell(["gears", i])
            if c is None:
                continue
            if c in gears:
                self.report(doc, ["gears", i], f"{name} already has a Gear")
            elif c in taken:
                self.report(
                    doc, ["gears", i], f"a Gear is printed on a teal cell; {name} is {taken[c]}"
                )
            gears.add(c)
        everything = frozenset((c, r) for c in range(columns) for r in range(rows))
        teal = everything - set(taken)

        machines: list[Machine] = []
        for m, machine in enumerate(data["machines"]):
            ports: list[Port] = []
            edges: set[tuple[Cell, str]] = set()
            for p, port in enumerate(machine["ports"]):
                parts = ["machines", m, "ports", p]
                c = cell([*parts, "cell"])
                if c is None:
                    continue
                name, side = port["cell"], port["side"]
                if c not in machine_cells[m]:
                    self.report(
                        doc, [*parts, "cell"], f"{name} is not a cell of machine {machine['id']}"
                    )
                    continue
                front = neighbour(c, side)
                if (c, side) in edges:
                    self.report(
                        doc,
                        parts,
                        f"machine {machine['id']} already has a port on the {side} side of {name}",
                    )
                    continue
                edges.add((c, side))
                if front not in everything:
                    self.report(
                        doc,
                        [*parts, "side"],
                        f"the {side} side of {name} is the board's edge; a port must face a teal cell",
                    )
                elif front not in teal:
                    what = taken.get(front, "not teal")
                    self.report(
                        doc,
                        [*parts, "side"],
                        f"the {side} side of {name} faces {cell_name(front)}, which is {what}; a port must face a teal cell",
                    )
                else:
                    ports.append(Port(front, OPPOSITE[side], port["color"], machine["id"]))
            machines.append(Machine(machine["id"], machine_cells[m], tuple(ports)))

        docks: list[Dock] = []
        dock_parts: dict[Dock, list[Any]] = {}
        for street in STREETS:
            seen: set[int] = set()
            for i, number in enumerate(data["docks"][street]):
                parts = ["docks", street, i]
                if number in seen:
                    self.report(doc, parts, f"{street} dock {number} is listed twice")
                    continue
                seen.add(number)
                c = dock_cell(street, number, columns)
                if c not in teal:
                    self.report(
                        doc,
                        parts,
                        f"{street} dock {number} is beside {cell_name(c)}, which is {taken[c]}; list it as unavailable or make the cell teal",
                    )
                    continue
                dock = Dock(street, number, c, "W" if street == "shipping" else "E")
                docks.append(dock)
                dock_parts[dock] = parts
        docks.sort(key=lambda d: (STREETS.index(d.street), d.number))

        if len(self.problems) == before:
            self.reachability(doc, teal, machines, docks, dock_parts)
        if len(self.problems) > before:
            return None
        return Board(
            data["id"],
            data["name"],
            columns,
            rows,
            walls,
            frozenset(gears),
            tuple(machines),
            tuple(docks),
            teal,
        )

    def reachability(
        self,
        doc: Document,
        teal: frozenset[Cell],
        machines: list[Machine],
        docks: list[Dock],
        dock_parts: dict[Dock, list[Any]],
    ) -> None:
        """Every dock can be reached from a port, and each color reaches both streets."""
        region = _regions(teal)
        ports = [p for m in machines for p in m.ports]
        port_regions = {region[p.cell] for p in ports}
        for dock in docks:
            if region[dock.cell] not in port_regions:
                self.report(
                    doc,
                    dock_parts[dock],
                    f"{dock.street} dock {dock.number} (beside {cell_name(dock.cell)}) cannot be reached from any port through teal cells",
                )
        for color in COLORS:
            colored = {region[p.cell] for p in ports if p.color == color}
            if not colored:
                self.report(
                    doc,
                    ["machines"],
                    f"no {color} port: every board needs ports of all three colors (purple ones serve the three-color game)",
                )
                continue
            for street in STREETS:
                if not any(region[d.cell] in colored for d in docks if d.street == street):
                    self.report(
                        doc,
                        ["machines"],
                        f"no {color} port can reach {with_article(street)} dock through teal cells",
                    )
