"""Import / Export's extension point: powers written in Python, for the rare power the effects
vocabulary (goods.schema.json) cannot say. None of the game's own cards needs one.

A plugin (a variant's, say) registers named effects; content calls one by name:
`{"call": {"name": "my-effect", "with": {...}}}`. The function is called like the built-in
effects: `function(state, who, spec, ctx)`, `spec` being the `with` object, `who.me` the
power's owner, and it may use the same building blocks (`dockyard.plugins.import_export`'s
harbor.gain, powers.run...). A session checks, as it starts, that every name its content calls
is provided by one of its plugins (set_up.py). The built-in words are vocabulary.py's table.

No rulebook answer stands behind this hook (every power of the rulebook is content), so the game
has no default_rules.py.
"""

from __future__ import annotations

from typing import Any

from dockyard import hookspec


@hookspec
def import_export_effects(register: Any) -> None:
    """Called once for a session's plugins: `register(name, function)` for each named effect
    the plugin provides (names are lowercase words with hyphens)."""
