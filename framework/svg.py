"""Drawing SVG pictures: a small builder over `xml.etree.ElementTree`, and colors that stay
readable for colorblind players.

Why by hand and not a drawing library: the pictures are boxes, lines, circles and text laid on
a grid, which ElementTree writes (and escapes) correctly with no dependency; the output is
deterministic byte for byte (attributes in the order given), and each top-level element can be
serialized alone, which lets the HTML replay share the parts that do not change between steps.

Every color a game draws with comes with a letter or a shape too, and the picture carries a
legend, so nothing is told by color alone.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

SVG_NS = "http://www.w3.org/2000/svg"

# Okabe & Ito's palette (distinguishable with every common color-vision deficiency), plus the
# plain colors a few components are named after.
FILLS = {
    "red": "#d55e00",
    "blue": "#0072b2",
    "purple": "#9e4f9e",
    "yellow": "#f0e442",
    "green": "#009e73",
    "orange": "#e69f00",
    "sky": "#56b4e9",
    "pink": "#cc79a7",
    "white": "#f7f7f2",
    "grey": "#9a9a9a",
    "gray": "#9a9a9a",
    "brown": "#8c5a2b",
    "turquoise": "#2bb5ad",
    "black": "#222222",
}
DARK_TEXT = {"yellow", "white", "grey", "gray", "orange", "sky", "turquoise"}

STYLE = """
text { font-family: 'DejaVu Sans', Verdana, Arial, sans-serif; fill: #222; }
.small { font-size: 11px; } .mid { font-size: 12px; } .big { font-size: 14px; font-weight: bold; }
.title { font-size: 18px; font-weight: bold; }
.on { fill: #fff; font-weight: bold; } .dim { fill: #777; }
"""


def fill(color: str | None) -> str:
    """The fill for a named color (unknown names are used as they are)."""
    if color is None:
        return "none"
    return FILLS.get(color, color)


def ink(color: str | None) -> str:
    """A text color readable on `fill(color)`."""
    return "#222" if color in DARK_TEXT else "#fff"


def _attrs(attrs: dict[str, Any]) -> dict[str, str]:
    out = {}
    for key, value in attrs.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        if isinstance(value, float):
            value = f"{value:.2f}".rstrip("0").rstrip(".")
        out[name] = str(value)
    return out


class Svg:
    """An SVG document being drawn. Shapes go into `parent` (the root by default); each shape
    method returns its element, so a `title` (a tooltip, and text for tests) can be added."""

    def __init__(self, width: float, height: float, title: str) -> None:
        self.width, self.height = width, height
        self.root = ET.Element(
            "svg",
            _attrs(
                {
                    "xmlns": SVG_NS,
                    "width": width,
                    "height": height,
                    "viewBox": f"0 0 {width:g} {height:g}",
                    "role": "img",
                }
            ),
        )
        ET.SubElement(self.root, "title").text = title
        ET.SubElement(self.root, "style").text = STYLE
        self.rect(0, 0, width, height, fill="#fbfaf6")

    def el(self, tag: str, parent: ET.Element | None = None, **attrs: Any) -> ET.Element:
        return ET.SubElement(self.root if parent is None else parent, tag, _attrs(attrs))

    def group(self, parent: ET.Element | None = None, **attrs: Any) -> ET.Element:
        return self.el("g", parent, **attrs)

    def rect(
        self, x: float, y: float, w: float, h: float, parent: ET.Element | None = None, **attrs: Any
    ) -> ET.Element:
        return self.el(
            "rect", parent, x=float(x), y=float(y), width=float(w), height=float(h), **attrs
        )

    def line(
        self,
        x1: float,
        y1: float,
        x2: float,
        y2: float,
        parent: ET.Element | None = None,
        **attrs: Any,
    ) -> ET.Element:
        return self.el(
            "line", parent, x1=float(x1), y1=float(y1), x2=float(x2), y2=float(y2), **attrs
        )

    def circle(
        self, cx: float, cy: float, r: float, parent: ET.Element | None = None, **attrs: Any
    ) -> ET.Element:
        return self.el("circle", parent, cx=float(cx), cy=float(cy), r=float(r), **attrs)

    def polygon(
        self, points: list[tuple[float, float]], parent: ET.Element | None = None, **attrs: Any
    ) -> ET.Element:
        text = " ".join(f"{x:g},{y:g}" for x, y in points)
        return self.el("polygon", parent, points=text, **attrs)

    def text(
        self,
        x: float,
        y: float,
        words: str,
        parent: ET.Element | None = None,
        **attrs: Any,
    ) -> ET.Element:
        element = self.el("text", parent, x=float(x), y=float(y), **attrs)
        element.text = words
        return element

    def title(self, element: ET.Element, words: str) -> None:
        """A tooltip on `element` (browsers show it on hover)."""
        ET.SubElement(element, "title").text = words

    def token(
        self,
        cx: float,
        cy: float,
        r: float,
        color: str | None,
        letter: str,
        parent: ET.Element | None = None,
        tip: str | None = None,
    ) -> ET.Element:
        """A round piece of `color` with its letter on it (readable without color)."""
        g = self.group(parent)
        self.circle(cx, cy, r, g, fill=fill(color), stroke="#222", stroke_width=1)
        self.text(
            cx,
            cy + r * 0.38,
            letter,
            g,
            text_anchor="middle",
            font_size=f"{max(r * 1.1, 7):.0f}px",
            font_weight="bold",
            style=f"fill:{ink(color)}",
        )
        if tip:
            self.title(g, tip)
        return g

    def legend(
        self,
        x: float,
        y: float,
        entries: list[tuple[str, str]],
        per_row: int = 6,
        col_w: float = 190,
    ) -> float:
        """Swatches with words; entries are (color name or '', text). Returns the height used."""
        g = self.group(id="legend")
        self.text(x, y + 11, "Legend", g, class_="mid", font_weight="bold")
        for i, (color, words) in enumerate(entries):
            cx = x + (i % per_row) * col_w
            cy = y + 22 + (i // per_row) * 18
            if color:
                self.rect(cx, cy, 12, 12, g, fill=fill(color), stroke="#222")
            self.text(cx + (16 if color else 0), cy + 10, words, g, class_="mid")
        return 22 + ((len(entries) + per_row - 1) // per_row) * 18

    def children(self) -> list[str]:
        """Each top-level element serialized alone (the replay shares equal ones)."""
        return [ET.tostring(child, encoding="unicode") for child in self.root]

    def head(self) -> str:
        """The opening tag of the root element."""
        text = ET.tostring(ET.Element("svg", self.root.attrib), encoding="unicode")
        return text[: -len(" />")] + ">"

    def to_string(self) -> str:
        return ET.tostring(self.root, encoding="unicode")
