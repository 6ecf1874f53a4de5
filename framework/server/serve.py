"""Running the server: uvicorn serving `create_app` over the store `--db` names."""

from __future__ import annotations

import sys

from .store import open_store


def serve(
    host: str,
    port: int,
    db: str | None,
    rate: float = 20.0,
    proxy_headers: bool = False,
    creates: float = 5.0,
) -> int:
    """Serve until interrupted (Ctrl-C or SIGTERM: open requests are finished first)."""
    import uvicorn

    from .app import Limits, create_app

    store = open_store(db)
    app = create_app(store, Limits(rate=rate, creates=creates))
    print(f"dockyard serve: games in {store.url}", file=sys.stderr, flush=True)
    print(f"dockyard serve: http://{host}:{port}/ (Ctrl-C stops)", file=sys.stderr, flush=True)
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="warning",
        proxy_headers=proxy_headers,
        forwarded_allow_ips="*" if proxy_headers else None,
        ws_max_size=64 * 1024,
    )
    try:
        uvicorn.Server(config).run()
    finally:
        store.close()
    return 0
