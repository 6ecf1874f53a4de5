"""Running the server: uvicorn serving `create_app` over the store `--db` names."""

from __future__ import annotations

import sys

from .databases import open_store


def serve(
    host: str,
    port: int,
    db: str | None,
    rate: float = 20.0,
    proxy_headers: bool = False,
    creates: float = 5.0,
    forwarded_allow_ips: str = "127.0.0.1",
    bot_seconds: float = 10.0,
) -> int:
    """Serve until interrupted (Ctrl-C or SIGTERM alike: open requests are finished first,
    the bots stopped, the store closed, the "stopped" line printed; exit 0). With
    `proxy_headers`, X-Forwarded-For and X-Forwarded-Proto are believed only from the
    addresses of `forwarded_allow_ips` (uvicorn's option: comma-separated, "*" for any)."""
    import signal
    import socket

    import uvicorn

    from ..core import DockyardError
    from .app import Limits, create_app

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listening = socket.socket(family, socket.SOCK_STREAM)
    listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listening.bind((host, port))
    except OSError as exc:
        listening.close()
        why = (
            "is in use (another server?)" if exc.errno == 98 else f"cannot be used ({exc.strerror})"
        )
        raise DockyardError(f"{host}:{port} {why}; choose another with --port") from None
    store = open_store(db)
    app = create_app(store, Limits(rate=rate, creates=creates), bot_seconds=bot_seconds)
    port = listening.getsockname()[1]
    print(f"dockyard serve: games in {store.url}", file=sys.stderr, flush=True)
    print(f"dockyard serve: http://{host}:{port}/ (Ctrl-C stops)", file=sys.stderr, flush=True)
    config = uvicorn.Config(
        app,
        log_level="warning",
        proxy_headers=proxy_headers,
        forwarded_allow_ips=forwarded_allow_ips,
        ws_max_size=64 * 1024,
        timeout_keep_alive=5,
    )
    # uvicorn stops on SIGTERM as on Ctrl-C, then raises the signal again once it has
    # restored the handler it found: an ignored one, so that the store is closed below
    previous = signal.signal(signal.SIGTERM, lambda signum, frame: None)
    try:
        uvicorn.Server(config).run(sockets=[listening])
    except KeyboardInterrupt:
        pass
    finally:
        signal.signal(signal.SIGTERM, previous)
        store.close()
        listening.close()
    print("dockyard serve: stopped (every acknowledged action is saved)", file=sys.stderr)
    return 0
