"""A balance report opened in a real browser: headless Chromium (Debian's `chromium`, driven by
playwright with the system browser, as tests/test_pictures_browser.py does) shows every chart
of a Night Shift report drawn, with matplotlib's charts and with dockyard's own: each chart's
box has a size and pixels other than its background, and the chart of the games with no
winner is there, under its heading, with its bars drawn.

Needs the `browser` extra (playwright, pillow) and the chromium package; skipped without them,
except under CI (CI=true), which installs both and must run these."""

from __future__ import annotations

import io
import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHARTS = ("seats", "no-winner", "end", "length", "scores", "components", "boards", "usage")


def _need(what: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{what} is missing: CI installs it (.ci/run) and must run these tests")
    pytest.skip(f"{what} is missing (pip install '.[browser]'; apt-get install chromium)")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    try:
        import PIL  # noqa: F401  (the screenshots are read with pillow)
        from playwright.sync_api import sync_playwright
    except ImportError:
        _need("playwright or pillow")
    executable = shutil.which("chromium") or shutil.which("chromium-browser")
    if executable is None:
        _need("the chromium package")
    with sync_playwright() as p:
        b = p.chromium.launch(
            executable_path=executable,
            args=["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-sync"],
        )
        try:
            yield b
        finally:
            b.close()


def _drawn(png: bytes) -> tuple[float, float]:
    """The share of a screenshot's pixels that are not its background (its commonest color),
    and the share that are colored (not grey: a bar, a dot)."""
    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("RGB")
    colors = image.getcolors(1 << 22) or []
    total = image.size[0] * image.size[1]
    background = max(colors)[0]
    colored = sum(n for n, (r, g, b) in colors if max(r, g, b) - min(r, g, b) > 60)
    return (total - background) / total, colored / total


@pytest.mark.parametrize("plots", [True, False], ids=["matplotlib", "own-svg"])
def test_chromium_draws_every_chart_of_a_night_shift_report(
    browser: Any, dockyard: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, plots: bool
) -> None:
    if plots:
        pytest.importorskip("matplotlib")
    else:
        import dockyard.analysis.charts as charts

        monkeypatch.setattr(charts, "_matplotlib", lambda: None)
    report = tmp_path / "report.html"
    code, text, err = dockyard(
        "balance", "curious-cargo", "--variant", "night-shift", "--games", "4", "--seed", "1",
        "--workers", "1", "-o", str(report),
    )  # fmt: skip
    assert code == 0, err
    found = re.search(r"no winner: (\d+) games?", text)
    assert found, "these games should have some with no winner"
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(report.as_uri())
        shown = page.eval_on_selector_all("figure", "fs => fs.map(f => f.id)")
        assert set(CHARTS) <= set(shown), f"missing charts: {set(CHARTS) - set(shown)}"
        for ident in shown:
            chart = page.locator(f"figure#{ident} > svg")
            box = chart.bounding_box()
            assert box is not None and box["width"] > 100 and box["height"] > 40, (ident, box)
            drawn, colored = _drawn(chart.screenshot())
            assert drawn > 0.01, f"the {ident} chart is blank ({drawn:.2%} drawn)"
            if ident == "no-winner":  # shares of games with no winner: bars in a color
                assert colored > 0.005, f"no bar in the no-winner chart ({colored:.2%})"
        heading = page.locator("h2", has_text="no winner")
        assert heading.count() == 1
        below = heading.evaluate(
            "h => { let e = h.nextElementSibling;"
            " while (e && e.tagName !== 'H2') { if (e.id === 'no-winner') return true;"
            " e = e.nextElementSibling; } return false; }"
        )
        assert below, "the no-winner chart is not under its heading"
        assert errors == []
    finally:
        page.close()
