"""The server's API as an OpenAPI 3.0 document (`GET /api/openapi.json`): every route, its body
and every answer it may give, status codes included. tests/test_server_openapi.py checks it
against the routes of the running app and fuzzes the server with it (schemathesis)."""

from __future__ import annotations

import json
from typing import Any

from .._version import __version__

__all__ = ["document"]


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _json(schema: dict[str, Any], why: str) -> dict[str, Any]:
    return {"description": why, "content": {"application/json": {"schema": schema}}}


def _errors(*codes: int) -> dict[str, Any]:
    why = {
        400: "not a request the API takes (the error says why)",
        401: "no token, or one that is not a seat of this game",
        403: "the action names another seat, or the request comes from a page of another site",
        404: "no such game",
        405: "the route does not take that method",
        408: "the body did not come in time",
        409: "not legal (or not allowed) in the game as it is; a hint may name legal actions",
        413: "the body is too long",
        415: "the body is not sent as application/json",
        426: "a plain HTTP request where only a WebSocket is served",
        429: "too many requests (actions per token, games or wrong tokens per address)",
        503: "the game could not be saved: nothing was played",
    }
    return {str(code): _json(_ref("Error"), why[code]) for code in codes}


GAME_ID = {
    "name": "id",
    "in": "path",
    "required": True,
    "schema": {"type": "string", "minLength": 1},
    "description": "the game's id (as POST /api/games answered it)",
}
AUTH: list[dict[str, list[str]]] = [{"bearer": []}, {}]  # a seat's token, or none (a spectator)
BODY_ERRORS = (400, 403, 408, 413, 415, 429)

SCHEMAS: dict[str, Any] = {
    "Error": {
        "type": "object",
        "required": ["error"],
        "properties": {"error": {"type": "string"}, "hint": {"type": "string"}},
        "additionalProperties": False,
    },
    "NewGame": {
        "type": "object",
        "required": ["game"],
        "properties": {
            "game": {"type": "string", "description": "a game of GET /api/games/catalog"},
            "players": {
                "oneOf": [
                    {"type": "integer", "minimum": 1},
                    {"type": "array", "items": {"type": "string", "maxLength": 32}},
                ],
                "nullable": True,
                "description": "how many players, or their names (null: the game's default)",
            },
            "variants": {"type": "array", "items": {"type": "string"}},
            "seed": {
                "type": "integer",
                "minimum": 0,
                "maximum": 2**63 - 1,
                "nullable": True,
                "description": "null: a random one",
            },
            "bots": {
                "type": "object",
                "additionalProperties": {"type": "string", "nullable": True},
                "description": "seat -> bot name (null or '': the game's best); mcts at most "
                "as strong as the game's own default, or 2 s a move",
            },
        },
        "additionalProperties": False,
    },
    "Created": {
        "type": "object",
        "required": ["id", "seats", "url", "links"],
        "properties": {
            "id": {"type": "string"},
            "seats": {"type": "object", "additionalProperties": {"type": "string"}},
            "url": {"type": "string"},
            "links": {"type": "object", "additionalProperties": {"type": "string"}},
        },
    },
    "Game": {
        "type": "object",
        "required": ["id", "game", "players", "seat", "version", "log", "to_act", "over"],
        "properties": {
            "id": {"type": "string"},
            "game": {"type": "string"},
            "title": {"type": "string"},
            "players": {"type": "array", "items": {"type": "string"}},
            "variants": {"type": "array", "items": {"type": "string"}},
            "bots": {"type": "object", "additionalProperties": {"type": "string"}},
            "seat": {"type": "string", "nullable": True},
            "version": {"type": "integer"},
            "log": {"type": "array", "items": {"type": "string"}},
            "view": {"description": "the game as the seat may see it (each game its own)"},
            "to_act": {"type": "array", "items": {"type": "string"}},
            "over": {"type": "boolean"},
            "result": {"type": "object", "nullable": True},
            "legal": {"type": "array", "items": {"type": "string"}},
        },
    },
    "Action": {
        "type": "object",
        "required": ["action"],
        "properties": {"action": {"type": "string", "example": "x: mark b2"}},
        "additionalProperties": False,
    },
    "Played": {
        "type": "object",
        "required": ["events", "over"],
        "properties": {
            "events": {"type": "array", "items": {"type": "string"}},
            "over": {"type": "boolean"},
        },
    },
    "Undo": {
        "type": "object",
        "properties": {"n": {"type": "integer", "minimum": 1, "maximum": 10000}},
        "additionalProperties": False,
    },
    "Undone": {
        "type": "object",
        "required": ["undone"],
        "properties": {"undone": {"type": "array", "items": {"type": "string"}}},
    },
}


def _html(why: str) -> dict[str, Any]:
    return {"description": why, "content": {"text/html": {"schema": {"type": "string"}}}}


def _paths() -> dict[str, Any]:
    game = [GAME_ID]
    return {
        "/api/health": {
            "get": {
                "operationId": "health",
                "summary": "the server is up",
                "responses": {"200": _json({"type": "object"}, '{"ok": true}')},
            }
        },
        "/api/openapi.json": {
            "get": {
                "operationId": "openapi",
                "summary": "this document",
                "responses": {"200": _json({"type": "object"}, "OpenAPI 3")},
            }
        },
        "/api/games/catalog": {
            "get": {
                "operationId": "catalog",
                "summary": "the games: variants, player counts, bots",
                "responses": {
                    "200": _json({"type": "array", "items": {"type": "object"}}, "the catalog")
                },
            }
        },
        "/api/games": {
            "post": {
                "operationId": "createGame",
                "summary": "a new game; the bots move after the answer",
                "requestBody": {
                    "required": True,
                    "content": {"application/json": {"schema": _ref("NewGame")}},
                },
                "responses": {
                    "201": {
                        **_json(_ref("Created"), "the game, a token for each human seat"),
                        "links": {
                            operation: {
                                "operationId": operation,
                                "parameters": {"id": "$response.body#/id"},
                            }
                            for operation in ("getGame", "act", "undo", "save", "page")
                        },
                    },
                    **_errors(*BODY_ERRORS),
                },
            }
        },
        "/api/games/{id}": {
            "get": {
                "operationId": "getGame",
                "summary": "the game as the token's seat sees it (none: a spectator)",
                "parameters": [
                    *game,
                    {
                        "name": "format",
                        "in": "query",
                        "required": False,
                        "schema": {"type": "string", "enum": ["json", "svg"]},
                    },
                ],
                "security": AUTH,
                "responses": {
                    "200": {
                        "description": "the game (JSON), or its picture (?format=svg)",
                        "content": {
                            "application/json": {"schema": _ref("Game")},
                            "image/svg+xml": {"schema": {"type": "string"}},
                        },
                    },
                    **_errors(400, 401, 404, 429),
                },
            }
        },
        "/api/games/{id}/actions": {
            "post": {
                "operationId": "act",
                "summary": "play an action line as the token's seat",
                "parameters": game,
                "security": [{"bearer": []}],
                "requestBody": {
                    "required": True,
                    "content": {"application/json": {"schema": _ref("Action")}},
                },
                "responses": {
                    "200": _json(_ref("Played"), "the events the seat may see"),
                    **_errors(*BODY_ERRORS, 401, 404, 409, 503),
                },
            }
        },
        "/api/games/{id}/undo": {
            "post": {
                "operationId": "undo",
                "summary": "take back the seat's last n actions (and the bots' replies)",
                "parameters": game,
                "security": [{"bearer": []}],
                "requestBody": {
                    "required": False,
                    "content": {"application/json": {"schema": _ref("Undo")}},
                },
                "responses": {
                    "200": _json(_ref("Undone"), "the lines taken back, as the seat saw them"),
                    **_errors(*BODY_ERRORS, 401, 404, 409, 503),
                },
            }
        },
        "/api/games/{id}/save": {
            "get": {
                "operationId": "save",
                "summary": "the save of a finished game (TOML, with its seed)",
                "parameters": game,
                "responses": {
                    "200": {
                        "description": "the save",
                        "content": {"application/toml": {"schema": {"type": "string"}}},
                    },
                    **_errors(404, 409),
                },
            }
        },
        "/api/games/{id}/ws": {
            "get": {
                "operationId": "socket",
                "summary": "WebSocket: the game after every change (the token as the first "
                'message, {"token": T}); close codes 4400, 4401, 4403, 4404, 4409, 4429',
                "parameters": game,
                "responses": {
                    "101": {"description": "switching to the WebSocket protocol"},
                    **_errors(404, 426),
                },
            }
        },
        "/games/{id}": {
            "get": {
                "operationId": "page",
                "summary": "the page to play the game in (the token in #token=...)",
                "parameters": game,
                "responses": {"200": _html("the page"), "404": _html("no such game")},
            }
        },
        "/assets/{name}": {
            "get": {
                "operationId": "asset",
                "summary": "the pages' scripts and style",
                "parameters": [
                    {"name": "name", "in": "path", "required": True, "schema": {"type": "string"}}
                ],
                "responses": {
                    "200": {"description": "the asset", "content": {"text/javascript": {}}},
                    **_errors(404),
                },
            }
        },
        "/api/lobby": {
            "get": {
                "operationId": "lobbyGames",
                "summary": "the games waiting for players (an open seat), newest first",
                "responses": {"200": _json({"type": "object"}, '{"games": [...], "at"}')},
            }
        },
        "/api/lobby/games": {
            "post": {
                "operationId": "createOpenGame",
                "summary": 'as POST /api/games, plus "open": [SEAT, ...] left for anyone to join',
                "requestBody": {
                    "required": True,
                    "content": {"application/json": {"schema": {"type": "object"}}},
                },
                "responses": {
                    "201": _json({"type": "object"}, "the game; links for the seats not open"),
                    **_errors(*BODY_ERRORS),
                },
            }
        },
        "/api/lobby/{id}/join": {
            "post": {
                "operationId": "join",
                "summary": "take an open seat (the one named, or the first): its link, once",
                "parameters": game,
                "requestBody": {
                    "required": False,
                    "content": {"application/json": {"schema": {"type": "object"}}},
                },
                "responses": {
                    "200": _json({"type": "object"}, '{"id", "seat", "link"}'),
                    **_errors(*BODY_ERRORS, 404, 409),
                },
            }
        },
        "/api/games/{id}/rematch": {
            "post": {
                "operationId": "rematch",
                "summary": "once the game is over: the same game again, the same seats",
                "parameters": game,
                "security": [{"bearer": []}],
                "requestBody": {
                    "required": False,
                    "content": {"application/json": {"schema": {"type": "object"}}},
                },
                "responses": {
                    "200": _json({"type": "object"}, '{"id", "seat", "token", "link"}'),
                    **_errors(*BODY_ERRORS, 401, 404, 409),
                },
            }
        },
        "/": {
            "get": {
                "operationId": "lobby",
                "summary": "the lobby",
                "responses": {"200": _html("the lobby page")},
            }
        },
    }


def document() -> dict[str, Any]:
    """The OpenAPI 3.0 document of the server's API (the games this server has, by name)."""
    from ..registry import registry

    schemas = json.loads(json.dumps(SCHEMAS))
    game = schemas["NewGame"]["properties"]["game"]
    game["enum"] = sorted(known.name for known in registry().games.values())
    return {
        "openapi": "3.0.3",
        "info": {
            "title": "dockyard serve",
            "version": __version__,
            "description": "Tabletop games over HTTP: seats act with their tokens (Authorization: "
            "Bearer TOKEN), spectators need none. Every error is JSON: {error, hint?}.",
        },
        "paths": _paths(),
        "components": {
            "schemas": schemas,
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
        },
    }
