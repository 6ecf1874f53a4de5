"""`dockyard.Rng`, the games' random generator: `random.Random(seed)` in every way, seeded only
when first used (so a game that never draws pays nothing for it)."""

from __future__ import annotations

import copy
import pickle
import random

from dockyard import Rng
from hypothesis import given
from hypothesis import strategies as st

USES = [
    lambda r: [r.random() for _ in range(3)],
    lambda r: r.getrandbits(70),
    lambda r: r.randrange(10**30),
    lambda r: r.choice("abcdefgh"),
    lambda r: r.sample(range(100), 7),
    lambda r: (lambda xs: (r.shuffle(xs), xs)[1])(list(range(40))),
    lambda r: r.gauss(0, 1),
    lambda r: r.randbytes(9),
    lambda r: r.getstate(),
]


@given(st.integers(min_value=-(2**90), max_value=2**90), st.sampled_from(range(len(USES))))
def test_the_same_numbers_as_random_random_whatever_is_asked_first(seed: int, first: int) -> None:
    ours, theirs = Rng(seed), random.Random(seed)
    assert USES[first](ours) == USES[first](theirs)
    for use in USES:
        assert use(ours) == use(theirs)


def test_copies_pickles_and_reseeding_behave_as_random_random() -> None:
    for used in (False, True):
        r = Rng(3)
        if used:
            r.random()
        twin = random.Random(3)
        if r.getstate() != twin.getstate():
            twin.random()
        for clone in (copy.copy(r), copy.deepcopy(r), pickle.loads(pickle.dumps(r))):
            assert clone.getstate() == r.getstate()
            assert clone.random() == copy.deepcopy(r).random()
    r = Rng(3)
    r.seed(9)
    assert r.random() == random.Random(9).random()
    r = Rng(3)
    r.setstate(random.Random(4).getstate())
    assert r.random() == random.Random(4).random()
    assert isinstance(Rng(1), random.Random)
