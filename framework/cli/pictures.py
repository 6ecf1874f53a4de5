"""Pictures of a game: `dockyard render` (the table as SVG: of a save or a script, or of a
game at its set-up, with a content folder and the set-up choices the game offers) and
`dockyard replay` (one self-contained HTML file stepping through a whole game).

A game draws its table with `Game.picture(state, viewer)`, which reads only what `viewer` may
see (the game's view) and its public components; this module finds the session a file holds
(a save or a script), the state after N actions, and puts the frames into the HTML viewer.
"""

from __future__ import annotations

import argparse
import html
import io
import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

from ..core import DockyardError
from ..files import check_target, write_atomic
from ..seats import told
from ..svg import Svg, fill
from ..words import did_you_mean

SAVE_LINE = re.compile(r"^\s*format\s*=", re.MULTILINE)


def open_file(path: str, content: list[str] | None = None) -> Any:  # -> Session
    """The session a save or a script holds, played to its end (a script's bots play too). A
    script runs as `dockyard run` runs it: it may write files (`save`) only under the current
    folder."""
    from ..session import Session
    from .output import Output
    from .repl import Shell
    from .script import (
        Flags,
        make_bots,
        open_session,
        read_header,
        read_text,
        run_lines,
        split_lines,
    )

    text = read_text(path)
    if SAVE_LINE.search(text):
        return Session.load(path, content)
    lines = split_lines(text)
    header = read_header(lines, path)
    flags = Flags(None, None, [], None, list(content or []), {})
    session = open_session(header, flags)
    quiet = Output(io.StringIO(), io.StringIO(), color=False)
    quiet.quiet = True
    shell = Shell(session, quiet, flags.content, write_root=Path.cwd())  # as `dockyard run`
    shell.bots = make_bots(session, dict(header.bots), header)
    shell.play_bots()
    run_lines(shell, lines, path, header.end)
    return shell.session


def at(session: Any, actions: int | None) -> Any:  # -> Session
    """The session after its first `actions` actions (None: as it is)."""
    from ..session import Session

    if actions is None or actions == len(session.log):
        return session
    if not 0 <= actions <= len(session.log):
        raise DockyardError(
            f"--at {actions}: the game has {len(session.log)} actions (choose 0 to "
            f"{len(session.log)})"
        )
    record = session.record()
    return Session.from_record(replace(record, actions=record.actions[:actions]))


def seat_name(session: Any, name: str | None) -> str | None:
    """A player's name as given by `--as`, checked (None: a spectator)."""
    if name is None or name == "spectator":
        return None
    if name not in session.players:
        raise DockyardError(
            f"--as {name}: no such player (the players are {', '.join(session.players)})"
        )
    return name


def picture(session: Any, player: str | None) -> Svg:
    found = session.picture(player)
    if found is None:
        raise DockyardError(f"{session.game.name} draws no pictures yet")
    return found


# ---- the HTML replay --------------------------------------------------------------------------

VIEWER_CSS = """
body { margin: 0; font-family: 'DejaVu Sans', Verdana, Arial, sans-serif; background: #f3f1ea;
       color: #222; display: flex; height: 100vh; }
#side { width: 340px; flex: none; display: flex; flex-direction: column; border-right: 1px solid #bbb;
        background: #fff; }
#side h1 { font-size: 16px; margin: 8px 10px 2px; }
#side .sub { font-size: 12px; margin: 0 10px 6px; color: #555; }
#controls { padding: 6px 10px; border-bottom: 1px solid #ddd; }
#controls input[type=range] { width: 100%; }
#step { font-size: 13px; }
#log { flex: 1; overflow: auto; margin: 0; padding: 0; list-style: none; font-size: 12px;
       font-family: 'DejaVu Sans Mono', monospace; }
#log li { padding: 1px 10px; cursor: pointer; white-space: pre; }
#log li:hover { background: #eef; }
#log li.now { background: #234; color: #fff; }
#chart { border-top: 1px solid #ddd; padding: 4px; }
#table { flex: 1; overflow: auto; padding: 8px; }
#table svg { max-width: 100%; height: auto; }
button { font-size: 13px; }
"""

VIEWER_JS = """
const data = JSON.parse(document.getElementById('data').textContent);
const table = document.getElementById('table');
const slider = document.getElementById('slider');
const stepText = document.getElementById('step');
const items = Array.from(document.querySelectorAll('#log li'));
const marker = document.getElementById('marker');
let now = -1;
function show(step) {
  step = Math.max(0, Math.min(data.frames.length - 1, step));
  if (step === now) return;
  now = step;
  const frame = data.frames[step];
  table.innerHTML = data.heads[frame[0]] + frame.slice(1).map(i => data.chunks[i]).join('') + '</svg>';
  slider.value = step;
  stepText.textContent = 'after ' + step + ' of ' + (data.frames.length - 1) + ' actions';
  items.forEach((li, i) => li.classList.toggle('now', i === step));
  if (items[step]) items[step].scrollIntoView({block: 'nearest'});
  if (marker) { const x = data.chartX(step); marker.setAttribute('x1', x); marker.setAttribute('x2', x); }
  document.title = data.title + ' - step ' + step;
  document.body.dataset.step = step;
}
data.chartX = s => data.chart.left + (data.frames.length > 1 ? s * data.chart.width / (data.frames.length - 1) : 0);
slider.addEventListener('input', () => show(Number(slider.value)));
items.forEach((li, i) => li.addEventListener('click', () => show(i)));
document.getElementById('first').onclick = () => show(0);
document.getElementById('prev').onclick = () => show(now - 1);
document.getElementById('next').onclick = () => show(now + 1);
document.getElementById('last').onclick = () => show(data.frames.length - 1);
document.addEventListener('keydown', e => {
  if (e.key === 'ArrowRight' || e.key === 'ArrowDown') { show(now + 1); e.preventDefault(); }
  else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') { show(now - 1); e.preventDefault(); }
  else if (e.key === 'Home') { show(0); e.preventDefault(); }
  else if (e.key === 'End') { show(data.frames.length - 1); e.preventDefault(); }
});
show(data.start);
"""


def score_chart(names: list[str], series: list[list[float]], width: int = 320) -> str:
    """A small line chart of each player's points after each action (inline SVG)."""
    height, left, top, bottom = 150, 30, 10, 24
    plot_w, plot_h = width - left - 8, height - top - bottom
    svg = Svg(width, height, "Points after each action")
    steps = max(len(series) - 1, 1)
    high = max([1.0, *(v for row in series for v in row)])
    low = min([0.0, *(v for row in series for v in row)])
    span = high - low or 1.0

    def xy(step: int, value: float) -> tuple[float, float]:
        return left + step * plot_w / steps, top + plot_h - (value - low) * plot_h / span

    svg.line(left, top + plot_h, left + plot_w, top + plot_h, stroke="#888")
    svg.line(left, top, left, top + plot_h, stroke="#888")
    svg.text(left - 4, top + 8, f"{high:g}", class_="small", text_anchor="end")
    svg.text(left - 4, top + plot_h, f"{low:g}", class_="small", text_anchor="end")
    colors = ["blue", "red", "green", "orange", "purple", "sky", "pink", "black"]
    dashes = [None, "6 3", "2 2", "8 2 2 2", "1 3", "4 4", "10 3", "3 6"]
    for seat, name in enumerate(names):
        points = " ".join("{:.1f},{:.1f}".format(*xy(i, row[seat])) for i, row in enumerate(series))
        color = fill(colors[seat % len(colors)])
        svg.el(
            "polyline",
            points=points,
            fill="none",
            stroke=color,
            stroke_width=2,
            stroke_dasharray=dashes[seat % len(dashes)],
        )
        lx = left + (seat % 3) * 85
        ly = height - 12 + (seat // 3) * 11 - (11 if len(names) > 3 else 0)
        svg.line(
            lx,
            ly - 3,
            lx + 16,
            ly - 3,
            stroke=color,
            stroke_width=2,
            stroke_dasharray=dashes[seat % len(dashes)],
        )
        svg.text(lx + 19, ly, f"{name} {series[-1][seat]:g}", class_="small")
    svg.line(left, top, left, top + plot_h, id="marker", stroke="#222", stroke_dasharray="2 2")
    return svg.to_string()


def replay_html(session: Any, player: str | None) -> str:
    """The whole game as one HTML file: a frame per step (the table after that many actions,
    as `player` sees it), the action log, and the points over time. Frames are stored as lists
    of shared parts, so a long game stays a few megabytes at most."""
    from ..session import Session

    record = session.record()
    replay = Session.from_record(replace(record, actions=()))
    chunks: dict[str, int] = {}
    heads: dict[str, int] = {}
    frames: list[list[int]] = []
    series: list[list[float]] = []

    def add_frame() -> None:
        svg = picture(replay, player)
        head = heads.setdefault(svg.head(), len(heads))
        frames.append([head, *(chunks.setdefault(c, len(chunks)) for c in svg.children())])
        scores = replay.scores()
        if scores is not None:
            series.append([float(v) for v in scores])

    add_frame()
    # the log as `player` was told it: their own actions as played, everyone else's secret
    # ones (a kept Truck card, a sealed bid) as announced; a spectator is told every one so
    lines: list[str] = []
    for line in record.actions:
        action = replay.parse(line)
        replay.apply(action)
        lines.append(told(replay, action, player))
        add_frame()
    from .repl import result_lines

    result = " ".join(result_lines(replay))
    chart = score_chart(list(replay.players), series) if series else ""
    title = session.game.title or session.game.name
    who = f"as {player} sees it" if player else "as a spectator sees it"
    data = {
        "title": title,
        "heads": list(heads),
        "chunks": list(chunks),
        "frames": frames,
        "start": 0,
        "chart": {"left": 30, "width": 320 - 30 - 8},
    }
    log = ['<li data-step="0">(start)</li>'] + [
        f'<li data-step="{i}">{i:>3}. {html.escape(line)}</li>' for i, line in enumerate(lines, 1)
    ]
    payload = json.dumps(data, separators=(",", ":")).replace("</", "<\\/")
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title><style>{VIEWER_CSS}</style></head><body>"
        f'<div id="side"><h1>{html.escape(title)}</h1>'
        f'<div class="sub">{html.escape(", ".join(record.players))}'
        f"{'; ' + html.escape(', '.join(record.variants)) if record.variants else ''}; "
        f"{html.escape(who)}</div>"
        f'<div class="sub">{html.escape(result)}</div>'
        '<div id="controls"><input id="slider" type="range" min="0" '
        f'max="{len(frames) - 1}" value="0" aria-label="step">'
        '<button id="first" title="Home">|&lt;</button> <button id="prev" title="left arrow">'
        '&lt;</button> <button id="next" title="right arrow">&gt;</button> '
        '<button id="last" title="End">&gt;|</button> <span id="step"></span></div>'
        f'<ol id="log">{"".join(log)}</ol><div id="chart">{chart}</div></div>'
        '<div id="table"></div>'
        f'<script type="application/json" id="data">{payload}</script>'
        f"<script>{VIEWER_JS}</script></body></html>\n"
    )


# ---- the commands -----------------------------------------------------------------------------


def _write(path: str, text: str, force: bool) -> None:
    write_atomic(Path(path), text, overwrite=force)


def cmd_render(args: argparse.Namespace) -> int:
    check_target(args.output, args.force)  # before the work, and before the file is read
    game = game_named(args.file)
    if game is not None:
        svg, said = setup_picture(game, args)
    else:
        given = [flag for flag in SETUP_FLAGS if getattr(args, flag.strip("-")) not in (None, [])]
        if given:
            raise DockyardError(
                f"{', '.join(given)}: for drawing a game at its set-up (render GAME); "
                f"{args.file} holds its game's own set-up"
            )
        session = open_file(args.file, list(args.content) or None)  # None: the save's own
        svg, said = picture(at(session, args.at), seat_name(session, args.seat)), ""
    _write(args.output, svg.to_string() + "\n", args.force)
    print(f"wrote {args.output}{said}")
    return 0


# ---- a game at its set-up ---------------------------------------------------------------------

SETUP_FLAGS = ("--seed", "--players", "--variant", "--board")


def game_named(name: str) -> Any:  # -> Game | None
    """The game `render NAME` draws at its set-up, or None when NAME is a file to open. A name
    that is neither is refused here when it cannot be a file's name either."""
    from ..registry import registry

    path = Path(name)
    if path.exists() and not path.is_dir():
        return None
    games = registry().games
    try:
        return registry().game(name)  # a game's name, even beside a folder of that name
    except DockyardError:
        if path.exists() or "." in path.name or "/" in name or "\\" in name:
            return None  # a file's name: opening it says what is wrong
        raise DockyardError(
            f"{name}: no such file, and no game of that name{did_you_mean(name, games)} "
            f"(render a save, a script or a game: {', '.join(sorted(games))})"
        ) from None


def setup_picture(game: Any, args: argparse.Namespace) -> tuple[Svg, str]:
    """The table of `game` at its set-up (seed, players, variants and content layers as
    `play` takes them, and the set-up choices the game offers, as `--board`), drawn as the
    REPL's `show --svg` draws it before the first action; and words saying what it is."""
    from ..game import Context, Setup
    from ..session import Session
    from .parsers import players_option

    if args.at is not None:
        raise DockyardError(
            f"--at {args.at}: a game is drawn at its set-up; --at is for a save or a script"
        )
    seed = 0 if args.seed is None else args.seed
    session = Session(
        game.name,
        seed=seed,
        players=players_option(args.players),
        variants=list(args.variant or []),
        content=list(args.content),
    )
    player = seat_name(session, args.seat)
    chosen = {} if args.board is None else {"board": choose(session, "board", args.board)}
    said = f" ({session.game.title} at its set-up, seed {seed}"
    said += "".join(f", {k} {v}" for k, v in chosen.items()) + ")"
    if not chosen:
        return picture(session, player), said
    options = {**session.options, **chosen}  # the command line's choice over the variants'
    variants = session.config.variants
    ctx = Context(session.game, session.hook, variants)
    setup = Setup(session.players, seed, session.content, variants, session.hook, options)
    state = session.game.setup(setup, ctx)
    seat = None if player is None else session.players.index(player)
    found = session.game.picture(state, seat)
    if found is None:
        raise DockyardError(f"{session.game.name} draws no pictures yet")
    return found, said


def choose(session: Any, option: str, word: str) -> Any:
    """The value of set-up option `option` that `word` names, among the choices the game
    offers with this content (`Game.setup_choices`): by any of its words, regardless of case,
    spaces and hyphens; else an error naming the flag, the word and the choices."""
    game = session.game
    choices: dict[str, Any] = game.setup_choices(session.content).get(option) or {}
    flag = f"--{option} {word}"
    if not choices:
        raise DockyardError(
            f"{flag}: {game.title}'s set-up offers no choice of {option} (no --{option})"
        )
    for text, value in choices.items():
        if _plain(text) == _plain(word):
            return value
    named: dict[Any, list[str]] = {}
    for text, value in choices.items():
        named.setdefault(value, []).append(text)
    listed = "; ".join(" or ".join(words) for words in named.values())
    raise DockyardError(
        f"{flag}: {game.title} has no {option} called {word!r}{did_you_mean(word, choices)} "
        f"(its {option}s: {listed})"
    )


def _plain(text: str) -> str:
    return re.sub(r"[\s_-]+", " ", text.strip().lower())


def cmd_replay(args: argparse.Namespace) -> int:
    check_target(args.output, args.force)
    session = open_file(args.file, list(args.content) or None)  # None: the save's own
    player = seat_name(session, args.seat)
    picture(session, player)  # says so now if this game draws no pictures
    _write(args.output, replay_html(session, player), args.force)
    print(f"wrote {args.output}")
    return 0
