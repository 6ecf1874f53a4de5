"""`dockyard serve` (and `dockyard bench --server`): the game server, behind the `server` extra."""

from __future__ import annotations

import argparse
import sys

from ..core import DockyardError

EXTRA = "the server needs its extra: pip install '.[server]' (in dockyard's checkout)"


def _need_server() -> None:
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError as exc:
        raise DockyardError(f"{EXTRA} ({exc.name} is not installed)") from None


def cmd_serve(args: argparse.Namespace) -> int:
    _need_server()
    from ..server.serve import serve

    if not 0 <= args.port <= 65535:
        raise DockyardError(f"--port {args.port}: a port is from 0 to 65535")
    if not args.rate > 0:
        raise DockyardError(f"--rate {args.rate:g}: at least one action a second")
    if not 0 < args.bot_seconds <= 3600:
        raise DockyardError(f"--bot-seconds {args.bot_seconds:g}: from above 0 to 3600")
    if not args.create_rate > 0:
        raise DockyardError(f"--create-rate {args.create_rate:g}: more than 0 games a second")
    return serve(
        args.host,
        args.port,
        args.db,
        rate=args.rate,
        proxy_headers=args.proxy_headers,
        creates=args.create_rate,
        forwarded_allow_ips=args.forwarded_allow_ips,
        bot_seconds=args.bot_seconds,
    )


def cmd_bench_server(args: argparse.Namespace) -> int:
    _need_server()
    from ..server.bench import bench_server

    if args.tables < 1:
        raise DockyardError("--tables must be at least 1")
    return bench_server(tables=args.tables, seconds=args.seconds, out=sys.stdout)
