"""The authors' commands: `dockyard validate FILE|FOLDER` (every schema and semantic check of
the file's kind), `dockyard schema GAME [KIND]` (the schemas, for editors and for reading) and
`dockyard new game|variant` (a working skeleton, see skeleton.py)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..core import DockyardError
from ..files import MAX_CONTENT_BYTES, FileProblem, read_text


def cmd_schema(args: argparse.Namespace) -> int:
    import json

    from ..loader import schema_registry
    from ..registry import registry
    from ..words import did_you_mean

    game = registry().game(args.game)
    _, schemas = schema_registry()
    prefix = f"urn:dockyard:{game.content_folder}:"
    kinds = {
        sid[len(prefix) :]: schema for sid, schema in schemas.items() if sid.startswith(prefix)
    }
    if not kinds:
        raise DockyardError(f"{game.name} has no content schemas")
    if args.write:
        return _write_schemas(kinds, prefix, args.write)
    if args.kind is None:
        for kind, schema in sorted(kinds.items()):
            print(f"{kind}: {schema.get('description', schema.get('title', ''))}".rstrip(": "))
        return 0
    if args.kind not in kinds:
        raise DockyardError(
            f"{game.name} has no schema {args.kind!r}{did_you_mean(args.kind, kinds)} "
            f"(kinds: {', '.join(sorted(kinds))})"
        )
    print(json.dumps(kinds[args.kind], indent=2))
    return 0


def cmd_validate(args: argparse.Namespace) -> int:
    from ..registry import registry

    registry()  # games in their own packages bring their schemas
    problems: list[str] = []
    files = 0
    layers: list[str] = []
    variants = tuple(getattr(args, "variant", None) or ())
    for name in variants:
        if not any(name in registry().variants_of(game) for game in registry().games):
            known = sorted({v for game in registry().games for v in registry().variants_of(game)})
            raise DockyardError(f"no game has a variant {name!r} (variants: {', '.join(known)})")
    for path in args.paths:
        found, checked, games = validate_path(path, variants)
        problems += found
        files += checked
        layers += games
    if args.json:
        import json

        print(json.dumps({"ok": not problems, "files": files, "problems": problems}, indent=2))
        return 1 if problems else 0
    for line in problems:
        print(line)
    if problems:
        print(f"{_count(len(problems), 'problem')} in {_count(files, 'file')}", file=sys.stderr)
        return 1
    also = f"; checked with their game's rules: {', '.join(layers)}" if layers else ""
    print(f"ok: {_count(files, 'content file')}, no problems{also}")
    return 0


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def validate_path(path: str, variants: tuple[str, ...] = ()) -> tuple[list[str], int, list[str]]:
    """Problems (as lines), number of files checked, and the layers checked semantically;
    `variants` (`--variant`) are played with: their content is under the checked layer, so a
    layout may name an expansion's cards."""
    from pathlib import Path

    from ..loader import check_document, patch_target

    target = Path(path)
    if not target.exists() and not target.is_symlink():
        return [f"{path}: $: no such file or folder"], 0, []
    if not target.is_dir():
        try:
            text = read_text(target, MAX_CONTENT_BYTES, "content file")
        except FileProblem as exc:
            return [f"{exc.where}: $: {exc.why}"], 1, []
        if patch_target(target.name) is not None:
            return _check_patch(target, text), 1, []
        doc, problems = check_document(target.name, str(target), text)
        if doc is None:
            return [str(p) for p in problems], 1, []
        return _check_single(target, doc.schema, variants), 1, []
    return _validate_folder(target, variants)


def _check_patch(target: Any, text: str) -> list[str]:
    """A patch file named alone is checked applied to the built-in file it patches."""
    import shutil
    import tempfile
    from pathlib import Path

    from ..loader import patch_target

    games, problems = _patched_games(target.name, str(patch_target(target.name)), str(target), text)
    found = [str(p) for p in problems]
    for game in sorted(games):
        with tempfile.TemporaryDirectory(prefix="dockyard-validate-") as tmp:
            shutil.copyfile(target, Path(tmp) / target.name)
            lines = _check_layer(Path(tmp), game)
            found += [line.replace(str(Path(tmp) / target.name), str(target)) for line in lines]
    return found


def _check_single(target: Any, schema: str, variants: tuple[str, ...] = ()) -> list[str]:
    """A file named like one of its game's top-level files is checked in its place."""
    import shutil
    import tempfile
    from pathlib import Path

    from ..loader import builtin_root

    parts = schema.split(":")
    if len(parts) < 4 or parts[2] == "_common":
        return []
    try:
        builtin = builtin_root(parts[2]) / target.name
        if not builtin.is_file():
            return []
    except (OSError, ValueError):
        return []
    with tempfile.TemporaryDirectory(prefix="dockyard-validate-") as tmp:
        shutil.copyfile(target, Path(tmp) / target.name)
        found = _check_layer(Path(tmp), parts[2], variants)
        return [line.replace(str(Path(tmp) / target.name), str(target)) for line in found]


def _validate_folder(
    folder: Any, variants: tuple[str, ...] = ()
) -> tuple[list[str], int, list[str]]:
    from ..loader import ContentError, check_document, patch_target, read_layer

    try:
        found = read_layer(folder)
    except ContentError as exc:
        return [str(p) for p in exc.problems], len(exc.problems), []
    problems: list[str] = []
    games: set[str] = set()
    for rel, origin, text in found:
        target = patch_target(rel)
        if target is not None:  # a patch is checked applied, by its game (_check_layer)
            patched, bad = _patched_games(rel, target, origin, text)
            games |= patched
            problems += map(str, bad)
            continue
        doc, bad = check_document(rel, origin, text)
        problems += map(str, bad)
        if doc is not None and doc.schema.count(":") >= 3:
            kind_game = doc.schema.split(":")[2]
            if kind_game != "_common":
                games.add(kind_game)
    if problems or not games:
        return problems, len(found), []
    if len(games) > 1:  # a folder of several games' folders (e.g. content/): each on its own
        layers: list[str] = []
        for sub in sorted(p for p in folder.iterdir() if p.is_dir()):
            sub_problems, _, sub_layers = _validate_folder(sub, variants)
            problems += sub_problems
            layers += sub_layers
        return problems, len(found), layers
    (folder_name,) = games
    checked = _check_layer(folder, folder_name, variants)
    return checked, len(found), [f"{folder} ({folder_name})"]


def _patched_games(rel: str, target: str, origin: str, text: str) -> tuple[set[str], list[Any]]:
    """The content folders of the games whose built-in content holds `target` (the file the
    patch `rel` changes), or a problem: the patch is not JSON, or no game has that file."""
    from ..loader import Problem, builtin_root, parse_json
    from ..registry import registry
    from ..words import did_you_mean

    _, problems = parse_json(text, origin)
    if problems:
        return set(), problems
    folders = sorted({g.content_folder for g in registry().games.values() if g.content_folder})
    games: set[str] = set()
    names: list[str] = []
    for folder in folders:
        try:
            root = builtin_root(folder)
            if root.joinpath(*target.split("/")).is_file():
                games.add(folder)
            names += [e.name for e in root.iterdir() if e.name.endswith(".json")]
        except (OSError, ValueError, ModuleNotFoundError):
            continue
    if len(games) > 1:  # a name several games use (trucks.json): the games it applies to
        games = {g for g in games if _applies(builtin_root(g), target, origin, text)} or games
    if games:
        return games, []
    hint = did_you_mean(target, names)
    why = f"a patch of {target}, but no game's content has {target}{hint}"
    return set(), [Problem(origin, "$", why)]


def _applies(root: Any, target: str, origin: str, text: str) -> bool:
    """Does the patch `text` apply to the built-in `target` under `root` (its paths are
    there; what it sets is checked later, by that game)?"""
    import json

    from ..patches import apply_patch

    try:
        data = json.loads(root.joinpath(*target.split("/")).read_text(encoding="utf-8"))
        return not apply_patch(data, origin, text)[2]
    except Exception:  # a file or patch this cannot read: let the game's own checks say
        return True


def _check_layer(folder: Any, content_folder: str, variants: tuple[str, ...] = ()) -> list[str]:
    """The game's own checks on its built-in content with `folder` layered over it (and under
    it, the content of the `variants` of that game that were named)."""
    from pathlib import Path

    from ..config import resolve_variants, variant_layers
    from ..loader import ContentError, load
    from ..registry import registry

    game = next((g for g in registry().games.values() if g.content_folder == content_folder), None)
    if game is None:
        return [f"{folder}: $: no installed game keeps its content in {content_folder!r}"]
    try:
        ours = [v for v in variants if v in registry().variants_of(game.name)]
        under = [
            Path(p)
            for p in variant_layers(resolve_variants(game, ours))
            # not when the folder checked holds the variant's own content
            if not Path(p).resolve().is_relative_to(Path(folder).resolve())
        ]
        content = load(game.name, content_folder, [*under, folder])
        game.build_content(content)
    except ContentError as exc:
        return [str(p) for p in exc.problems]
    except DockyardError as exc:
        return [f"{folder}: $: {exc}"]
    except Exception as exc:  # a game's check that broke: still a message, not a traceback
        return [
            f"{folder}: $: {game.name} could not check this content: {type(exc).__name__}: {exc}"
        ]
    return []


def cmd_new(args: argparse.Namespace) -> int:
    from pathlib import Path

    from .skeleton import new_game, new_variant

    name = args.name
    if args.what == "game":
        folder = Path(args.dir or name)
        written = new_game(name, folder)
        nxt = f"pip install -e {folder}, then dockyard play {name}"
    else:
        game = args.game
        folder = Path(args.dir or name)
        written = new_variant(game, name, folder, args.content)
        nxt = f"pip install -e {folder}, then dockyard play {game} --variant {name}"
    print(f"wrote {folder}/: {', '.join(written)}")
    print(f"next: {nxt}; pytest {folder} runs the generic suite")
    return 0


def _write_schemas(kinds: dict[str, Any], prefix: str, folder: str) -> int:
    """Each schema as FOLDER/KIND.schema.json, `urn:` references to the others made relative
    file references, so an editor that reads local files follows them."""
    import json
    import re
    from pathlib import Path

    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    for kind, schema in sorted(kinds.items()):
        # without its urn `$id`, the file's own place is the base its references resolve from
        text = json.dumps({k: v for k, v in schema.items() if k != "$id"}, indent=2)
        text = re.sub(rf'"\$ref": "{re.escape(prefix)}([a-z_]+)', r'"$ref": "\1.schema.json', text)
        (out / f"{kind}.schema.json").write_text(text + "\n", encoding="utf-8")
    print(f"wrote {len(kinds)} schemas to {out}/: {', '.join(sorted(kinds))}")
    return 0
