"""Pack & Stack's speed caches (plugins/pack_and_stack/speed.py) answer what the rules would work
out anew, for every key they depend on, and stay bounded however many keys a process meets."""

from __future__ import annotations

from dockyard import Action, Session
from dockyard.plugins.pack_and_stack import components, speed


def trucks() -> tuple[components.PackAndStackTruckCard, ...]:
    return Session("pack-and-stack", seed=1).state.c.trucks


def test_placements_are_the_components_geometry_for_every_truck_and_size() -> None:
    for truck in trucks():
        for size in range(1, 6):
            assert speed.placements(truck, size) == components.placements(truck, size)
            index = speed.placement_index(truck, size)
            assert list(index.values()) == list(components.placements(truck, size))


def test_legal_puts_depend_on_the_name_the_kind_and_the_fill() -> None:
    truck = max(trucks(), key=lambda t: t.levels)
    places = components.placements(truck, 2)
    for filled in (0, places[0].mask, places[0].mask | places[-1].mask):
        for name, kind in (("a", "grey"), ("b", "grey"), ("a", "brown")):
            expected = tuple(
                Action(name, "put", (kind, p.cell, p.level, p.orientation))
                for p in places
                if components.fits(filled, p)
            )
            assert speed.legal_puts(truck, 2, name, kind, filled) == expected


def test_the_caches_stay_bounded() -> None:
    truck = trucks()[0]
    for i in range(speed.SIZE + 50):
        speed.put_actions(truck, 1, f"player{i}", "white")
        speed.legal_puts(truck, 1, f"player{i}", "white", 0)
    for cached in (speed.placements, speed.placement_index, speed.put_actions, speed.legal_puts):
        info = cached.cache_info()
        assert info.maxsize == speed.SIZE and info.currsize <= speed.SIZE
    assert speed.put_actions.cache_info().currsize == speed.SIZE  # it did fill up, and no more
