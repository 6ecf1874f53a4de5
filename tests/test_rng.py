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


@given(
    st.integers(min_value=0, max_value=2**40),
    st.lists(
        st.tuples(st.booleans(), st.integers(0, 50), st.integers(0, len(USES) - 1)), max_size=30
    ),
)
def test_state_copies_share_the_state_until_used_and_still_draw_as_random_random(
    seed: int, steps: list[tuple[bool, int, int]]
) -> None:
    """`dockyard.speed.cloning.clone` of an Rng (a checkpoint for undo) reads its state once and
    shares it until either side draws again: copies of copies, draws on either side, gauss's
    spare number, and getstate all agree with random.Random copied by value."""
    from dockyard.speed.cloning import clone

    ours: list[random.Random] = [Rng(seed)]
    theirs: list[random.Random] = [random.Random(seed)]
    for copy_it, which, use in steps:
        k = which % len(ours)
        if copy_it:
            ours.append(clone(ours[k]))
            theirs.append(copy.deepcopy(theirs[k]))
        else:
            assert USES[use](ours[k]) == USES[use](theirs[k])
    for mine, twin in zip(ours, theirs, strict=True):
        assert mine.getstate() == twin.getstate()
        assert pickle.loads(pickle.dumps(mine)).random() == copy.deepcopy(twin).random()
        assert [mine.random(), mine.gauss(0, 1)] == [twin.random(), twin.gauss(0, 1)]
