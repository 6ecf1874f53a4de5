"""examples/rl: the worked example trains and prints a win rate, its policy-gradient step moves
the policy the right way, and the README's table of observation sizes is what the code says."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

np = pytest.importorskip("numpy", reason="examples/rl needs numpy (the rl extra)")

ROOT = Path(__file__).resolve().parents[1]
RL = ROOT / "examples" / "rl"


def load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"rl_{name}", RL / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # (dataclasses look their module up)
    sys.path.insert(0, str(RL))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(RL))
    return module


@pytest.mark.timeout(600)
def test_the_example_trains_and_prints_a_win_rate(tmp_path) -> None:
    done = subprocess.run(
        [sys.executable, str(RL / "train.py"), "--episodes", "2", "--eval-games", "2"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    found = re.search(r"win rate (\d+(?:\.\d+)?)% against random over 2 games", done.stdout)
    assert found, done.stdout
    assert 0.0 <= float(found[1]) <= 100.0
    assert "Traceback" not in done.stderr


def test_bad_arguments_are_refused_with_a_message_not_a_traceback(tmp_path) -> None:
    done = subprocess.run(
        [sys.executable, str(RL / "train.py"), "--eval-games", "0"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=120,
    )
    assert done.returncode == 2
    assert "--eval-games 1 or more" in done.stderr
    assert "Traceback" not in done.stderr


def decision(policy_module: ModuleType, chosen: int, reward: float) -> object:
    x = np.array([1.0, 0.5, 1.0])
    legal = np.array([0, 2])  # actions 0 and 2 legal, 1 masked out
    phi = np.array([[1.0, 0.0], [0.0, 1.0]])
    return policy_module.Decision(x, legal, phi, chosen, reward)


def test_a_rewarded_action_becomes_likelier_and_a_masked_one_is_untouched() -> None:
    policy_module = load("policy")
    policy = policy_module.Policy(actions=3, inputs=3, features=2)
    d = decision(policy_module, chosen=1, reward=1.0)  # played action 2 (position 1), won
    before = policy.probabilities(d.x, d.legal, d.phi)
    assert before == pytest.approx([0.5, 0.5])
    size = policy.step([d], gamma=0.9)
    after = policy.probabilities(d.x, d.legal, d.phi)
    assert size == pytest.approx(1.0)  # the return 1, the baseline 0 before the step
    assert after[1] > before[1]
    # the gradient of log p(chosen) of a softmax: (1 - p) x for the chosen row, -p x for the other
    assert policy.W[2] == pytest.approx(policy.lr * 0.5 * d.x)
    assert policy.W[0] == pytest.approx(-policy.lr * 0.5 * d.x)
    assert not policy.W[1].any()  # masked: never in the softmax, never changed
    assert policy.theta == pytest.approx(policy.lr_phi * np.array([-0.5, 0.5]))
    assert policy.value == pytest.approx(policy.lr_value * d.x)  # the baseline moves to the return


def test_a_punished_action_becomes_rarer_and_returns_are_discounted() -> None:
    policy_module = load("policy")
    policy = policy_module.Policy(actions=3, inputs=3, features=2)
    first = decision(policy_module, chosen=0, reward=0.0)
    last = decision(policy_module, chosen=0, reward=-1.0)  # lost at the end
    policy.step([first, last], gamma=0.5)
    after = policy.probabilities(first.x, first.legal, first.phi)
    assert after[0] < 0.5
    # returns -0.5 (discounted once) and -1: the chosen row moves by lr * G * (1 - p) * x, twice
    assert policy.W[0] == pytest.approx(policy.lr * (-0.5 - 1.0) * 0.5 * first.x, rel=0.05)


def test_the_readme_table_of_observation_sizes_is_what_the_code_gives() -> None:
    sizes = load("observation_sizes")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = sizes.in_readme(readme)
    assert shown is not None, f"README.md lacks the markers {sizes.BEGIN} ... {sizes.END}"
    assert shown == sizes.table(), "run: python examples/rl/observation_sizes.py --write"


def test_the_full_modes_curve_is_written_as_a_png(tmp_path) -> None:
    pytest.importorskip("matplotlib", reason="--full draws with matplotlib (the plots extra)")
    train = load("train")
    path = tmp_path / "curve" / "rl.png"
    train.plot([(0, 0.5), (20, 0.9), (60, 0.88)], 0.5, 0.88, path)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
