"""Pictures in a real browser: headless Chromium (Debian's `chromium`, driven by playwright with
the system browser) draws each game's SVG and the HTML replay; screenshots are compared with
golden PNGs within a tolerance, and the replay is stepped with the keyboard and the mouse.

The golden pictures of Curious Cargo, Pack & Stack and Cargo are the ones README shows (docs/).
`DOCKYARD_UPDATE_GOLDEN=1 pytest tests/test_pictures_browser.py` writes them anew after a
deliberate change to the drawing; look at them before committing.

Needs the `browser` extra (playwright, pillow) and the chromium package; skipped without them,
except under CI (CI=true), which installs both and must run these."""

from __future__ import annotations

import os
import shutil
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import random_session

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = {
    "curious-cargo": ROOT / "docs" / "curious-cargo.png",
    "night-shift": ROOT / "tests" / "golden" / "night-shift.png",
    "pack-and-stack": ROOT / "docs" / "pack-and-stack.png",
    "import-export": ROOT / "docs" / "import-export.png",
    "cargo": ROOT / "docs" / "cargo.png",
    "tictactoe": ROOT / "tests" / "golden" / "tictactoe.png",
    "replay": ROOT / "tests" / "golden" / "replay-curious-cargo.png",
}
UPDATE = os.environ.get("DOCKYARD_UPDATE_GOLDEN") == "1"
TOLERANCE = 0.005  # at most this share of pixels may differ visibly (fonts, anti-aliasing)


def _need(what: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{what} is missing: CI installs it (.ci/run) and must run these tests")
    pytest.skip(f"{what} is missing (pip install '.[browser]'; apt-get install chromium)")


def _chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        _need("the chromium package")
    assert found is not None
    return found


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _need("playwright")
    executable = _chromium()
    with sync_playwright() as p:
        b = p.chromium.launch(
            executable_path=executable,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--no-first-run",
                "--disable-sync",
                "--font-render-hinting=none",
            ],
        )
        try:
            yield b
        finally:
            b.close()


def compare(shot: bytes, golden: Path) -> None:
    """The screenshot matches the golden PNG: same size, and at most TOLERANCE of its pixels
    differ by more than a little in any channel."""
    import io

    from PIL import Image, ImageChops

    if UPDATE:
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_bytes(shot)
        return
    assert golden.exists(), f"no golden picture {golden}: make it with DOCKYARD_UPDATE_GOLDEN=1"
    new = Image.open(io.BytesIO(shot)).convert("RGB")
    old = Image.open(golden).convert("RGB")
    assert new.size == old.size, f"{golden.name}: size {new.size}, golden {old.size}"
    diff = ImageChops.difference(new, old).convert("L").point(lambda v: 255 if v > 40 else 0)
    changed = diff.histogram()[255] / (new.size[0] * new.size[1])
    assert changed <= TOLERANCE, f"{golden.name}: {changed:.2%} of the pixels differ"
    # and the picture is not blank: many colors, as a drawn table has
    assert len(new.getcolors(1 << 20) or []) > 20


def screenshot_svg(browser: Any, svg_text: str, tmp_path: Path, name: str) -> bytes:
    root = ET.fromstring(svg_text)
    width, height = int(float(root.get("width", 800))), int(float(root.get("height", 600)))
    path = tmp_path / f"{name}.svg"
    path.write_text(svg_text)
    page = browser.new_page(viewport={"width": width, "height": height})
    try:
        page.goto(path.as_uri())
        return bytes(page.screenshot(timeout=120_000))
    finally:
        page.close()


@pytest.mark.parametrize(
    "name,game,options,steps,viewer",
    [
        ("curious-cargo", "full-game.dys", {}, None, "p1"),
        ("night-shift", "curious-cargo", {"variants": ["night-shift"]}, 200, None),
        ("pack-and-stack", "pack-and-stack", {"players": 4}, 45, None),
        ("tictactoe", "tictactoe", {}, 5, None),
        ("cargo", "cargo", {"players": 4}, 90, None),
        ("import-export", "import-export", {"players": 4}, 150, "p1"),
    ],
)
def test_chromium_draws_each_game_as_the_golden_picture(
    browser, tmp_path: Path, name, game, options, steps, viewer
) -> None:
    if game.endswith(".dys"):  # README's picture: the main job's game, at its end
        from dockyard.cli.pictures import open_file

        session = open_file(str(ROOT / "content" / "curious_cargo" / "examples" / game))
    else:
        session = random_session(game, 7, steps, **options)
    svg = session.picture(viewer).to_string()
    compare(screenshot_svg(browser, svg, tmp_path, name), GOLDEN[name])


@pytest.fixture(scope="module")
def replay_file(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int]:
    from dockyard.cli.pictures import replay_html

    session = random_session("curious-cargo", 7, 60)
    path = tmp_path_factory.mktemp("replay") / "game.html"
    path.write_text(replay_html(session, "p2"))
    return path, len(session.log)


def test_the_replay_steps_with_the_keyboard_and_the_mouse(browser, replay_file) -> None:
    path, actions = replay_file
    page = browser.new_page(viewport={"width": 1500, "height": 950})
    try:
        page.goto(path.as_uri())

        def step() -> int:
            return int(page.evaluate("document.body.dataset.step"))

        def table() -> str:
            return str(page.inner_html("#table"))

        assert step() == 0
        first = table()
        assert "<svg" in first
        for _ in range(3):
            page.keyboard.press("ArrowRight")
        assert step() == 3
        assert table() != first
        page.keyboard.press("ArrowLeft")
        assert step() == 2
        page.keyboard.press("End")
        assert step() == actions
        page.keyboard.press("ArrowRight")  # past the end: stays there
        assert step() == actions
        page.keyboard.press("Home")
        assert step() == 0 and table() == first
        page.click('#log li[data-step="25"]')
        assert step() == 25
        assert page.eval_on_selector("#slider", "e => e.value") == "25"
        assert page.eval_on_selector('#log li[data-step="25"]', "e => e.className") == "now"
        page.click("#next")
        assert step() == 26
        page.fill("#slider", "40")  # dragging the slider
        assert step() == 40
        page.keyboard.press("End")
        compare(bytes(page.screenshot(timeout=120_000)), GOLDEN["replay"])
    finally:
        page.close()


def test_the_replay_loads_nothing_from_the_network(browser, replay_file) -> None:
    path, _ = replay_file
    page = browser.new_page()
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    try:
        page.goto(path.as_uri())
        page.keyboard.press("End")
    finally:
        page.close()
    assert [u for u in requests if not u.startswith("file:")] == []
