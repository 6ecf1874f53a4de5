"""Hook calls that skip pluggy's machinery where it would do nothing.

Rules call their hooks on every action (`cc_token_limit`, `cc_end_triggers`...), and most hooks
have one implementation, the rulebook's, or none. Pluggy still copies the implementation list,
applies defaults, checks arguments and loops for each call: about as long as the rule itself.
`direct_relay(pm)` gives an object with the same attributes as `pm.hook`; each hook is a plain
function that does exactly what pluggy would do for it:

- no implementation: None (first-result hooks) or [] (the others);
- one plain implementation taking every argument of the spec, whose spec has no defaults:
  that implementation called directly, its result as pluggy returns it (itself for a
  first-result hook, else a list of it unless it is None);
- anything else (several implementations, wrappers, historic hooks, defaults, an
  implementation taking only some arguments): pluggy's own caller, unchanged.

Each function keeps `get_hookimpls()` and `spec`, which rules read to know whether a house rule
implements a hook. Build the relay after the last plugin is registered (session managers are
complete once made, see registry.session_manager).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pluggy


class DirectRelay:
    """`pm.hook` with plain functions for the hooks pluggy has nothing to do for."""

    def __init__(self, pm: pluggy.PluginManager) -> None:
        self.pm = pm
        for name, caller in vars(pm.hook).items():
            if isinstance(caller, pluggy.HookCaller):
                setattr(self, name, direct(caller) or caller)

    def __getattr__(self, name: str) -> Any:  # a hook added after the relay was made
        return getattr(self.pm.hook, name)


def direct(caller: pluggy.HookCaller) -> Callable[..., Any] | None:
    """A plain function doing what `caller(**kwargs)` does, or None when only pluggy can."""
    spec = caller.spec
    if spec is None or caller.is_historic() or spec.kwargnames:
        return None
    first = bool(spec.opts.get("firstresult", False))
    impls = caller.get_hookimpls()
    call: Any
    if not impls:
        call = partial(_nothing, None if first else [])
    elif len(impls) == 1:
        impl = impls[0]
        if (
            impl.hookwrapper
            or impl.wrapper
            or impl.kwargnames
            or set(impl.argnames) != set(spec.argnames)
        ):
            return None
        call = partial(impl.function) if first else partial(_listed, impl.function)
    else:
        return None
    call.get_hookimpls = caller.get_hookimpls
    call.spec = spec
    call.name = caller.name
    return call  # type: ignore[no-any-return]


def _nothing(result: Any, /, **kwargs: Any) -> Any:
    return [] if result is not None else None  # a new list each call, as pluggy gives


def _listed(function: Callable[..., Any], /, **kwargs: Any) -> list[Any]:
    result = function(**kwargs)
    return [] if result is None else [result]
