"""The layout of a game's own observation (`Game.observation`): named blocks of a fixed-length
vector of numbers, one after another, so that the code that fills it and the table a game's
README shows (offset, size, meaning) come from the same list.

    layout = Layout()
    HAND = layout.add("hand", 9, "1 for each card in the observer's hand, by card id")
    layout.size  # 9; layout.markdown() is the README's table
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Block:
    offset: int
    size: int
    name: str
    meaning: str


@dataclass(slots=True)
class Layout:
    """Blocks in order; each starts where the one before it ends."""

    blocks: list[Block] = field(default_factory=list)
    size: int = 0

    def add(self, name: str, size: int, meaning: str) -> int:
        """Append a block of `size` numbers; returns its offset."""
        if size < 0:
            raise ValueError(f"block {name!r}: a negative size {size}")
        if any(b.name == name for b in self.blocks):
            raise ValueError(f"block {name!r} is already in the layout")
        offset = self.size
        self.blocks.append(Block(offset, size, name, meaning))
        self.size += size
        return offset

    def offset(self, name: str) -> int:
        return self.block(name).offset

    def block(self, name: str) -> Block:
        for b in self.blocks:
            if b.name == name:
                return b
        raise KeyError(f"no block {name!r} in the layout")

    def markdown(self) -> str:
        """The table for a README: | offset | size | block | meaning |, then the total."""
        lines = ["| offset | size | block | meaning |", "|---:|---:|---|---|"]
        lines += [f"| {b.offset} | {b.size} | `{b.name}` | {b.meaning} |" for b in self.blocks]
        lines.append(f"| | **{self.size}** | | the whole observation |")
        return "\n".join(lines)
