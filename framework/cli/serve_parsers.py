"""The command line's options for `dockyard serve` and `dockyard bench --server` (the network
server: framework/server/)."""

from __future__ import annotations

from typing import Any

from .parsers import lazy


def add_serve_parser(sub: Any) -> None:
    """`dockyard serve`."""
    p = sub.add_parser(
        "serve",
        help="serve games over the network (HTTP, WebSocket, a page to play in)",
        description="Run a game server: seats act with their tokens, a spectator needs none, "
        "every accepted action is committed to the database before it is answered, and a "
        "restart resumes every game. Needs the `server` extra: pip install '.[server]' in "
        "dockyard's checkout.",
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port to listen on (8000)")
    p.add_argument(
        "--db",
        metavar="PATH|URL",
        default=None,
        help="the games' database: a SQLite file (default: $XDG_DATA_HOME/dockyard/"
        "games.sqlite) or postgresql://USER:PASS@HOST/DB (the `postgres` extra), which "
        "several servers may share",
    )
    p.add_argument(
        "--rate",
        type=float,
        default=20.0,
        metavar="N",
        help="actions a second each seat's token may send (20)",
    )
    p.add_argument(
        "--create-rate",
        type=float,
        default=5.0,
        metavar="N",
        help="games a second one client address may create (5)",
    )
    p.add_argument(
        "--proxy-headers",
        action="store_true",
        help="believe X-Forwarded-For/-Proto (the client's address and https://) from the "
        "proxies of --forwarded-allow-ips",
    )
    p.add_argument(
        "--forwarded-allow-ips",
        default="127.0.0.1",
        metavar="IPS",
        help="with --proxy-headers: the proxies believed, comma-separated ('*': any) (127.0.0.1)",
    )
    p.add_argument(
        "--bot-seconds",
        type=float,
        default=10.0,
        metavar="S",
        help="the most a bot may think for one move; past it, it plays at random (10)",
    )
    p.set_defaults(func=lazy("serving", "cmd_serve"))


def add_bench_server_options(p: Any) -> None:
    """`dockyard bench --server`."""
    p.add_argument(
        "--server",
        action="store_true",
        help="measure `dockyard serve` instead: actions/s and p50/p99 latency of concurrent "
        "games driven over HTTP (the `server` extra)",
    )
    p.add_argument(
        "--tables",
        type=int,
        default=100,
        metavar="N",
        help="with --server: games played at once (100)",
    )
