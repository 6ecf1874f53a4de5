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
) -> int:
    """Serve until interrupted (Ctrl-C or SIGTERM: open requests are finished first)."""
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
    app = create_app(store, Limits(rate=rate, creates=creates))
    port = listening.getsockname()[1]
    print(f"dockyard serve: games in {store.url}", file=sys.stderr, flush=True)
    print(f"dockyard serve: http://{host}:{port}/ (Ctrl-C stops)", file=sys.stderr, flush=True)
    config = uvicorn.Config(
        app,
        log_level="warning",
        proxy_headers=proxy_headers,
        forwarded_allow_ips="*" if proxy_headers else None,
        ws_max_size=64 * 1024,
    )
    try:
        uvicorn.Server(config).run(sockets=[listening])
    except KeyboardInterrupt:
        pass
    finally:
        store.close()
        listening.close()
    print("dockyard serve: stopped (every acknowledged action is saved)", file=sys.stderr)
    return 0
