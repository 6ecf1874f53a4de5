"""`dockyard serve`: games played over the network (the `server` extra).

One process holds many tables (one `Session` each, loaded from the store on demand); a seat acts
with its bearer token; every answer, event, log line, legal list, hint and picture a seat gets is
the one `dockyard.seats` says it may see. See store.py (where games are kept), tables.py (the
tables in memory and what each seat is shown), app.py (the HTTP and WebSocket API and pages).
"""
