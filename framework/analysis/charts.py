"""Charts for reports (`dockyard balance`): matplotlib when the `plots` extra is installed,
else dockyard's own small SVG charts, so a plain install still writes a complete report. Each
chart is an inline `<svg>` element: a report is one file that loads nothing."""

from __future__ import annotations

import io
import re
from collections.abc import Sequence

from ..svg import FILLS, Svg

PALETTE = [FILLS[c] for c in ("blue", "orange", "green", "red", "purple", "sky")]


def _matplotlib():  # type: ignore[no-untyped-def]
    try:
        import matplotlib

        matplotlib.use("Agg")
        from matplotlib import pyplot

        matplotlib.rcParams["svg.hashsalt"] = "dockyard"  # the same ids every run

        return pyplot
    except ImportError:
        return None


def _svg_of(figure) -> str:  # type: ignore[no-untyped-def]
    """A matplotlib figure as an inline <svg> (no XML prolog, no external references)."""
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None})
    from matplotlib import pyplot

    pyplot.close(figure)
    text = buffer.getvalue()
    text = re.sub(r"<metadata>.*?</metadata>\s*", "", text, flags=re.S)
    return text[text.index("<svg") :]


def bar_chart(
    title: str,
    categories: Sequence[str],
    series: dict[str, list[float]],
    errors: dict[str, list[tuple[float, float]]] | None = None,
    percent: bool = False,
    wide: bool = False,
) -> str:
    """Grouped bars: one group per category, one bar per series; `errors` are (low, high)."""
    plt = _matplotlib()
    if plt is not None:
        width = max(6.0, 0.18 * len(categories) * len(series)) if wide else 6.0
        fig, ax = plt.subplots(figsize=(min(width, 14.0), 3.2))
        step = 0.8 / max(1, len(series))
        for i, (label, values) in enumerate(series.items()):
            xs = [k + i * step for k in range(len(categories))]
            yerr = None
            if errors and label in errors:
                yerr = [
                    [v - lo for v, (lo, _) in zip(values, errors[label], strict=True)],
                    [hi - v for v, (_, hi) in zip(values, errors[label], strict=True)],
                ]
            ax.bar(
                xs, values, step, label=label, color=PALETTE[i % len(PALETTE)], yerr=yerr, capsize=3
            )
        ax.set_xticks([k + step * (len(series) - 1) / 2 for k in range(len(categories))])
        ax.set_xticklabels(categories, rotation=90 if wide else 0, fontsize=7 if wide else 9)
        if percent:
            ax.yaxis.set_major_formatter(lambda v, _: f"{100 * v:.0f}%")
        ax.set_title(title)
        if len(series) > 1:
            ax.legend()
        return _svg_of(fig)
    return _own_bars(title, categories, series, errors, percent)


def histogram(title: str, series: dict[str, list[float]], unit: str) -> str:
    """How the values of each series spread (overlaid, in 12 bins over the joint range)."""
    values = [v for vs in series.values() for v in vs]
    if not values:
        return ""
    low, high = min(values), max(values)
    bins = 12
    width = (high - low) / bins or 1.0
    edges = [low + i * width for i in range(bins + 1)]
    plt = _matplotlib()
    if plt is not None:
        fig, ax = plt.subplots(figsize=(6.0, 3.2))
        for i, (label, vs) in enumerate(series.items()):
            ax.hist(vs, bins=edges, alpha=0.55, label=label, color=PALETTE[i % len(PALETTE)])
        ax.set_xlabel(unit)
        ax.set_ylabel("games")
        ax.set_title(title)
        if len(series) > 1:
            ax.legend(fontsize=8)
        return _svg_of(fig)
    counts: dict[str, list[float]] = {
        label: [
            sum(1.0 for v in vs if edges[k] <= v < edges[k + 1] or (k == bins - 1 and v == high))
            for k in range(bins)
        ]
        for label, vs in series.items()
    }
    names = [f"{edges[k]:.0f}" for k in range(bins)]
    return _own_bars(f"{title} ({unit}; games per bin)", names, counts, None, False)


def _own_bars(
    title: str,
    categories: Sequence[str],
    series: dict[str, list[float]],
    errors: dict[str, list[tuple[float, float]]] | None,
    percent: bool,
) -> str:
    """Grouped bars drawn with dockyard.svg (no plotting library)."""
    group = 14 * max(1, len(series)) + 8
    left, top, bottom = 40, 24, 60
    plot_w = max(300, group * len(categories), 150 * len(series) if len(series) > 1 else 0)
    plot_h = 160
    svg = Svg(left + plot_w + 10, top + plot_h + bottom, title)
    svg.text(left, 16, title)
    high = max([1.0 if percent else 0.0, *(v for vs in series.values() for v in vs)])
    high = high or 1.0

    def y(v: float) -> float:
        return top + plot_h - v * plot_h / high

    svg.line(left, top + plot_h, left + plot_w, top + plot_h, stroke="#888")
    svg.line(left, top, left, top + plot_h, stroke="#888")
    svg.text(
        left - 4,
        top + 8,
        f"{100 * high:.0f}%" if percent else f"{high:g}",
        class_="small",
        text_anchor="end",
    )
    for i, (label, values) in enumerate(series.items()):
        color = PALETTE[i % len(PALETTE)]
        for k, v in enumerate(values):
            x = left + 4 + k * group + i * 14
            bar = svg.rect(x, y(v), 12, top + plot_h - y(v), fill=color)
            svg.title(
                bar,
                f"{label}: {categories[k]}: {100 * v:.1f}%"
                if percent
                else f"{label}: {categories[k]}: {v:g}",
            )
            if errors and label in errors:
                lo, hi = errors[label][k]
                svg.line(x + 6, y(lo), x + 6, y(hi), stroke="#222")
    for k, name in enumerate(categories):
        mid = left + 4 + k * group + group / 2 - 4
        svg.text(
            mid,
            top + plot_h + 12,
            name,
            class_="small",
            transform=f"rotate(60 {mid:.1f} {top + plot_h + 12})",
        )
    if len(series) > 1:
        for i, label in enumerate(series):
            svg.rect(
                left + 4 + i * 150,
                top + plot_h + bottom - 12,
                10,
                10,
                fill=PALETTE[i % len(PALETTE)],
            )
            svg.text(left + 18 + i * 150, top + plot_h + bottom - 3, label, class_="small")
    return re.sub(r"^<\?xml[^>]*>\s*", "", svg.to_string())


def interval_chart(
    title: str,
    labels: Sequence[str],
    values: Sequence[float],
    intervals: Sequence[tuple[float, float]],
    reference: float,
    reference_label: str,
    percent: bool = True,
) -> str:
    """One row a label: its value as a dot and its 95% interval as a line, beside a vertical
    reference line (the average, or 0 for differences); an interval wholly above the
    reference is drawn in red, wholly below in blue, the rest in grey."""
    above, below, neither = FILLS["red"], FILLS["blue"], "#8a8a8a"
    colors = [
        above if lo > reference else below if hi < reference else neither for lo, hi in intervals
    ]
    ends = [reference, *(lo for lo, _ in intervals), *(hi for _, hi in intervals)]
    low, high = min(ends), max(ends)
    pad = (high - low) * 0.05 or 0.05
    low, high = low - pad, high + pad

    def words(v: float) -> str:
        return f"{100 * v:.0f}%" if percent else f"{v:g}"

    plt = _matplotlib()
    if plt is not None:
        fig, ax = plt.subplots(figsize=(6.4, 0.9 + 0.22 * len(labels)))
        ys = list(range(len(labels)))[::-1]
        for y, v, (lo, hi), color in zip(ys, values, intervals, colors, strict=True):
            ax.plot([lo, hi], [y, y], color=color, linewidth=2)
            ax.plot([v], [y], "o", color=color, markersize=4)
        ax.axvline(reference, color="#444", linestyle="--", linewidth=1)
        ax.set_yticks(ys)
        ax.set_yticklabels(labels, fontsize=8)
        ax.set_xlim(low, high)
        ax.set_ylim(-0.8, len(labels) - 0.2)
        ax.xaxis.set_major_formatter(lambda v, _: words(v))
        ax.set_title(f"{title} (dashed: {reference_label} {words(reference)})", fontsize=10)
        return _svg_of(fig)
    left, right, top, row = 110, 20, 34, 16
    plot_w = 480
    svg = Svg(left + plot_w + right, top + row * len(labels) + 30, title)
    svg.text(8, 16, f"{title} (dashed: {reference_label} {words(reference)})")

    def x(v: float) -> float:
        return left + (v - low) * plot_w / (high - low)

    bottom = top + row * len(labels)
    svg.line(left, bottom, left + plot_w, bottom, stroke="#888")
    for tick in _ticks(low, high):
        svg.line(x(tick), bottom, x(tick), bottom + 3, stroke="#888")
        svg.text(x(tick), bottom + 14, words(tick), class_="small", text_anchor="middle")
    svg.line(x(reference), top - 6, x(reference), bottom, stroke="#444", stroke_dasharray="4 3")
    for k, (label, v, (lo, hi), color) in enumerate(
        zip(labels, values, intervals, colors, strict=True)
    ):
        mid = top + row * k + row / 2
        svg.text(left - 6, mid + 4, label, class_="small", text_anchor="end")
        svg.line(x(lo), mid, x(hi), mid, stroke=color, stroke_width=3)
        dot = svg.circle(x(v), mid, 4, fill=color)
        svg.title(dot, f"{label}: {words(v)} (95% {words(lo)} to {words(hi)})")
    return re.sub(r"^<\?xml[^>]*>\s*", "", svg.to_string())


def _ticks(low: float, high: float) -> list[float]:
    """Round values between low and high, at most 6 of them."""
    import math

    span = high - low
    for step in (m * 10.0**e for e in range(-3, 7) for m in (1, 2, 2.5, 5)):
        if span / step <= 6:
            first = math.ceil(low / step - 1e-9)
            last = math.floor(high / step + 1e-9)
            return [k * step for k in range(first, last + 1)]
    return [low, high]
