"""What the rules offered: the list of legal actions a session hands out, and the lookup of
an action in it by identity (an action the rules just listed needs no second check)."""

from __future__ import annotations

import sys

from .core import Action


def held_elsewhere(made: list[Action]) -> bool:
    """Does anything but the caller hold the list `made` (a game's cache)? A list nobody else
    holds is handed out as it is; one the game keeps is copied, so a caller changing it
    cannot change the game's. (Without reference counts to ask: assume it is held.)"""
    try:
        return sys.getrefcount(made) > _OWN_REFERENCES
    except AttributeError:
        return True


def _references_of_a_fresh_list() -> int:
    def make() -> list[Action]:
        return []

    def count(made: list[Action]) -> int:
        return sys.getrefcount(made)

    try:
        return count(make())
    except AttributeError:
        return 0


# the references `held_elsewhere` sees of a list only its caller holds (measured, not assumed)
_OWN_REFERENCES = _references_of_a_fresh_list() + 1


def listed(action: Action, offered: tuple[Action, ...]) -> bool:
    """Is `action` this very object of `offered`? (A loop by identity: cheaper than a set of
    ids made for every list, most never asked, and than `in`, which compares values.)"""
    for one in offered:
        if one is action:
            return True
    return False
