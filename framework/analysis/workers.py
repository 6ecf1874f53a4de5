"""Where many games run at once: worker processes on this machine, and Ctrl-C.

A command playing many games (`simulate`, `balance`) runs them in a `Pool` of worker processes
that leave Ctrl-C to the main process: it stops them at once (`terminate()`), says what was done,
and ignores every later Ctrl-C while it stops (no traceback, no worker left running): the first
Ctrl-C itself turns Ctrl-C off, so no second press can land between "interrupted" and the
cleanup (`stops_on_ctrl_c`).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar, cast


def default_workers() -> int:
    """Every core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def worker_pool(workers: int) -> Any:
    """Worker processes (multiprocessing's Pool: `terminate()` stops them at once, mid-game,
    where a ProcessPoolExecutor waits for the games under way)."""
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    return context.Pool(workers, initializer=_ignore_interrupts)


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the main process, which stops them and prints the summary."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextmanager
def interrupts_deferred() -> Iterator[None]:
    """A Ctrl-C inside is raised (as the handler outside would raise it) only when the block
    is done."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    pending: list[int] = []
    before = signal.signal(signal.SIGINT, lambda number, frame: pending.append(number))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)
    if pending and before is not signal.SIG_IGN:  # (heard outside: raised as it would be)
        if callable(before):
            before(signal.SIGINT, None)
        raise KeyboardInterrupt


@contextmanager
def no_interrupts() -> Iterator[None]:
    """Ctrl-C is ignored inside (restored after): once interrupted, a command stops its
    workers and says what it did, and a second Ctrl-C meanwhile would break that off with a
    traceback."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


def _stop_once(number: int, frame: Any) -> None:
    """The first Ctrl-C: no later one is heard (the command is stopping, and a second press
    must not break off its summary or its workers' cleanup), then KeyboardInterrupt."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    raise KeyboardInterrupt


F = TypeVar("F", bound=Callable[..., Any])


def stops_on_ctrl_c(command: F) -> F:
    """While COMMAND runs, its first Ctrl-C (SIGINT) is a KeyboardInterrupt, even when this
    process was started with Ctrl-C ignored (as a shell starts a command run in the background
    with `&`: a long run must stop when asked, whoever started it), and every later one is
    ignored. The handler before is put back when it returns."""
    import functools

    @functools.wraps(command)
    def run(*args: Any, **kwargs: Any) -> Any:
        import signal
        import threading

        if threading.current_thread() is not threading.main_thread():
            return command(*args, **kwargs)
        before = signal.signal(signal.SIGINT, _stop_once)
        try:
            return command(*args, **kwargs)
        finally:
            signal.signal(signal.SIGINT, before)

    return cast(F, run)
