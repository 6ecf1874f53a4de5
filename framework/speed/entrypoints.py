"""Entry points of one group, read straight from the installed distributions' metadata.

`importlib.metadata` answers the same question, but importing it pulls in email, zipfile, csv
and more: a third of the start-up of `dockyard games`. This reads what it reads, for one group:
on every folder of `sys.path`, each distribution's `*.dist-info` or `*.egg-info` folder and its
`entry_points.txt` (an INI file: `[group]`, then `name = module:attr [extras]`); a
distribution is counted once, where it is first found on the path (by its normalized name), as
`importlib.metadata.entry_points(group=...)` does. A test checks that both give the same
entry points. Distributions inside zip files are not looked at (pip never installs them so).
"""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass
from importlib import import_module
from typing import Any

_SEPARATORS = re.compile(r"[-_.]+")


@dataclass(frozen=True)
class EntryPoint:
    """One entry point: `name = value` in its group, `value` being `module` or `module:attr`."""

    name: str
    value: str
    group: str

    def load(self) -> Any:
        """Import the module and return the object the entry point names."""
        module, _, attr = self.value.partition(":")
        found: Any = import_module(module.strip())
        for part in attr.strip().split(".") if attr.strip() else ():
            found = getattr(found, part)
        return found


def entry_points(group: str) -> list[EntryPoint]:
    """Every installed distribution's entry points in `group`."""
    found: list[EntryPoint] = []
    seen: set[str] = set()
    for folder in sys.path:
        try:
            names = sorted(os.listdir(folder or "."))
        except OSError:  # not a folder (a zip file), or gone
            continue
        for entry in names:
            if not entry.endswith((".dist-info", ".egg-info")):
                continue
            dist = _SEPARATORS.sub("_", entry.rpartition(".")[0].split("-")[0]).lower()
            if dist in seen:
                continue
            seen.add(dist)
            try:
                with open(
                    os.path.join(folder or ".", entry, "entry_points.txt"), encoding="utf-8"
                ) as file:
                    text = file.read()
            except OSError:  # no entry points (or an .egg-info file, not a folder)
                continue
            found += _in_group(text, group)
    return found


def _in_group(text: str, group: str) -> list[EntryPoint]:
    found = []
    current = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("[") and line.endswith("]"):
            current = line[1:-1].strip()
        elif current == group and "=" in line:
            name, _, value = line.partition("=")
            value = value.split("[", 1)[0].strip()  # extras are not part of the value
            found.append(EntryPoint(name.strip(), value, group))
    return found
