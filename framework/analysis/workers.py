"""Where many games run at once: worker processes on this machine, and Ctrl-C.

A command playing many games (`simulate`, `balance`) runs them in a `Pool` of worker processes
that leave Ctrl-C to the main process: it stops them at once (`terminate()`), says what was done,
and ignores a second Ctrl-C while it stops (no traceback, no worker left running).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


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
    """A Ctrl-C inside is raised (KeyboardInterrupt) only when the block is done."""
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
    if pending:
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


def hear_ctrl_c() -> None:
    """Make Ctrl-C (SIGINT) a KeyboardInterrupt even when this process was started with it
    ignored (as a shell starts a command run in the background with `&`): a long run must
    stop when asked, whoever started it."""
    import signal
    import threading

    if threading.current_thread() is threading.main_thread():
        if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
            signal.signal(signal.SIGINT, signal.default_int_handler)
