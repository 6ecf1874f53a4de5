"""Words for players: counts, scores, results as sentences, and "did you mean ...?"."""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable

from .core import Outcome


def plural(n: int, word: str, many: str | None = None) -> str:
    """'1 action', '2 actions' ('1 match', '2 matches' with `many`)."""
    return f"{n} {word if n == 1 else many or word + 's'}"


_A_BEFORE_VOWEL = ("uni", "use", "usu", "uti", "ure", "uro", "eu", "one", "once", "ewe")
_AN_BEFORE_H = ("hour", "honest", "honor", "honour", "heir")


def article(word: str) -> str:
    """'a' or 'an', by how the word following it is said: an elephant, a mule, an 8x8 board,
    an 11-point lead, a unit, an hour."""
    w = word.strip().lower()
    if not w:
        return "a"
    if w[0].isdigit():
        digits = w[: len(w) - len(w.lstrip("0123456789"))]
        # eight, eighty, eight hundred ...; eleven, eighteen (and eleven thousand ...)
        eleven = digits[:2] in ("11", "18") and len(digits) % 3 == 2
        return "an" if digits.startswith("8") or eleven else "a"
    if w.startswith(_AN_BEFORE_H):
        return "an"
    if w[0] in "aeiou" and not w.startswith(_A_BEFORE_VOWEL):
        return "an"
    return "a"


def with_article(word: str) -> str:
    """The word with its article: 'an elephant', 'a mule'."""
    return f"{article(word)} {word}"


def number(value: float) -> str:
    """A score as people write it: 3, not 3.0."""
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def show_value(value: object) -> str:
    """A value as the action language writes it: none, true, false, 3 (not 3.0)."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _plain(word: str) -> str:
    return re.sub(r"\d+", lambda m: str(int(m.group())), word.lower())


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """'; did you mean show?' when a choice is close to `word`, else ''. A choice that differs
    only by case or by zeros before a number (t4: t04) is the one meant."""
    options = list(dict.fromkeys(choices))
    same = [c for c in options if _plain(c) == _plain(word)]
    close = same[:1] or difflib.get_close_matches(word, options, n=2, cutoff=0.6)
    if not close:
        return ""
    return f"; did you mean {' or '.join(close)}?"


def describe_outcome(outcome: Outcome, why: bool = True) -> list[str]:
    """The result as sentences, each score said once: 'alice wins 20-18 on points', then (with
    `why`) why the game ended ('the game ended because ...')."""
    scores = outcome.scores
    how = outcome.details.get("won_by") if isinstance(outcome.details, dict) else None
    winners = outcome.winners
    two = len(scores) == 2
    if len(winners) == 1:
        winner = winners[0]
        head = f"{winner} wins"
        if two and winner in scores:
            other = next(p for p in scores if p != winner)
            head += f" {number(scores[winner])}-{number(scores[other])}"
    elif winners:
        head = f"{' and '.join(winners)} share the win"
        if two and len(set(scores.values())) == 1:
            head += f" {number(next(iter(scores.values())))} each"
            return [head] + (
                [f"the game ended because {outcome.reason}"] if why and outcome.reason else []
            )
    else:
        head = "no winner" if how else "a draw"
    if how:
        head += f": {how}" if not winners else f" {how}"
    if scores and not (two and len(winners) == 1):
        head += "; scores: " + ", ".join(f"{p} {number(s)}" for p, s in scores.items())
    lines = [head]
    if why and outcome.reason:
        lines.append(f"the game ended because {outcome.reason}")
    return lines
