// The lobby (GET /): pick a game, its variants, players and bots from GET /api/games/catalog,
// create it (POST /api/games) and copy each seat's link (its token in the #fragment).
'use strict';

(() => {
  const $ = (id) => document.getElementById(id);
  let games = [];
  const OPEN = '*open'; // a seat left open: anyone in the lobby may join it
  // seat -> who plays it ('' a person with a link, OPEN, or a bot's name): kept while the seats
  // of one game change, forgotten when another game is chosen (nothing carries over unasked)
  const chosenBots = new Map();

  function current() {
    return games.find((g) => g.name === $('dy-game').value);
  }

  function error(text) {
    $('dy-error').textContent = text || '';
  }

  function typedNames() {
    return $('dy-names').value.split(/[,\s]+/).map((s) => s.trim()).filter(Boolean);
  }

  // The seats' names as the server makes them (dockyard.config.resolve_players).
  function seatNames(game) {
    const typed = typedNames();
    if (typed.length) return typed;
    const n = Number($('dy-players').value);
    const fixed = game.default_players;
    if (game.min_players === game.max_players && fixed.length === n) return fixed;
    return Array.from({ length: Math.max(0, Math.min(n, 64)) }, (_, i) => 'p' + (i + 1));
  }

  function chooseGame() {
    const g = current();
    if (!g) return;
    chosenBots.clear();
    $('dy-summary').textContent = g.summary || '';
    const players = $('dy-players');
    players.min = String(g.min_players);
    players.max = String(g.max_players);
    players.value = String(g.default_players.length);
    $('dy-range').textContent =
      g.min_players === g.max_players
        ? g.min_players + ' players'
        : g.min_players + ' to ' + g.max_players + ' players';
    const box = $('dy-variants');
    box.replaceChildren();
    const legend = document.createElement('legend');
    legend.textContent = 'Variants';
    box.append(legend);
    if (!g.variants.length) {
      const none = document.createElement('p');
      none.className = 'dy-note';
      none.textContent = 'This game has no variants.';
      box.append(none);
    }
    for (const v of g.variants) {
      const label = document.createElement('label');
      label.className = 'dy-check';
      const box2 = document.createElement('input');
      box2.type = 'checkbox';
      box2.name = 'variant';
      box2.value = v.name;
      box2.dataset.conflicts = v.conflicts.join(' ');
      box2.addEventListener('change', conflicts);
      const name = document.createElement('strong');
      name.textContent = v.name;
      const summary = document.createElement('span');
      summary.className = 'dy-note';
      summary.textContent = v.summary ? ': ' + v.summary : '';
      label.append(box2, ' ', name, summary);
      box.append(label);
    }
    seats();
  }

  function conflicts() {
    const boxes = [...document.querySelectorAll('input[name=variant]')];
    const blocked = new Set();
    for (const b of boxes) {
      if (b.checked) for (const c of b.dataset.conflicts.split(' ').filter(Boolean)) blocked.add(c);
    }
    for (const b of boxes) {
      b.disabled = !b.checked && blocked.has(b.value);
      b.parentElement.title = b.disabled ? 'not with the variants chosen' : '';
    }
  }

  function seats() {
    const g = current();
    if (!g) return;
    $('dy-players').disabled = g.min_players === g.max_players || typedNames().length > 0;
    const body = $('dy-seats');
    body.replaceChildren();
    for (const seat of seatNames(g)) {
      const tr = document.createElement('tr');
      const th = document.createElement('th');
      th.scope = 'row';
      th.textContent = seat;
      const td = document.createElement('td');
      const select = document.createElement('select');
      select.dataset.seat = seat;
      select.setAttribute('aria-label', 'who plays ' + seat);
      const person = new Option('a person (a link to send)', '');
      select.append(person);
      select.append(new Option('open: anyone in the lobby may join', OPEN));
      for (const bot of g.bots) {
        select.append(new Option('bot: ' + bot + (bot === g.default_bot ? ' (the usual)' : ''), bot));
      }
      select.value = chosenBots.get(seat) || '';
      select.addEventListener('change', () => chosenBots.set(seat, select.value));
      td.append(select);
      tr.append(th, td);
      body.append(tr);
    }
  }

  async function create(ev) {
    ev.preventDefault();
    error('');
    const g = current();
    if (!g) return;
    const names = typedNames();
    const request = {
      game: g.name,
      players: names.length ? names : Number($('dy-players').value),
      variants: [...document.querySelectorAll('input[name=variant]:checked')].map((b) => b.value),
    };
    const bots = {};
    const open = [];
    for (const select of document.querySelectorAll('#dy-seats select')) {
      if (select.value === OPEN) open.push(select.dataset.seat);
      else if (select.value) bots[select.dataset.seat] = select.value;
    }
    if (Object.keys(bots).length) request.bots = bots;
    if (open.length) request.open = open;
    const seed = $('dy-seed').value.trim();
    if (seed) request.seed = Number(seed);
    const button = $('dy-create');
    button.disabled = true;
    let status = 0;
    let answer = {};
    try {
      const r = await fetch(open.length ? '/api/lobby/games' : '/api/games', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(request),
      });
      status = r.status;
      answer = await r.json().catch(() => ({ error: 'the server answered ' + r.status }));
    } catch (e) {
      answer = { error: 'the server did not answer (' + e.message + ')' };
    } finally {
      button.disabled = false;
    }
    if (status !== 201) {
      error(answer.error || 'the game was not created (' + status + ')');
      return;
    }
    showLinks(answer, bots);
    waiting();
  }

  function showLinks(made, bots) {
    const list = $('dy-links');
    list.replaceChildren();
    const links = made.links || {};
    for (const [seat, link] of Object.entries(links)) list.append(linkRow(seat, link, 'play ' + seat));
    for (const seat of made.open || []) {
      const li = document.createElement('li');
      li.textContent = seat + ': open (listed under "Games waiting for players" for anyone to join)';
      list.append(li);
    }
    for (const [seat, bot] of Object.entries(bots)) {
      const li = document.createElement('li');
      li.textContent = seat + ': played by the ' + bot + ' bot';
      list.append(li);
    }
    list.append(linkRow('spectators', made.url, 'watch'));
    $('dy-made').hidden = false;
    $('dy-made-h').focus();
  }

  function linkRow(seat, link, verb) {
    const li = document.createElement('li');
    li.className = 'dy-link';
    const label = document.createElement('label');
    const id = 'dy-link-' + seat.replace(/[^\w-]/g, '_');
    label.htmlFor = id;
    label.textContent = seat;
    const input = document.createElement('input');
    input.id = id;
    input.type = 'text';
    input.readOnly = true;
    input.value = link;
    input.addEventListener('focus', () => input.select());
    const copy = document.createElement('button');
    copy.type = 'button';
    copy.textContent = 'Copy';
    copy.setAttribute('aria-label', 'copy the link of ' + seat);
    copy.addEventListener('click', async () => {
      let done = false;
      try {
        await navigator.clipboard.writeText(link);
        done = true;
      } catch (e) {
        input.focus();
        input.select();
        done = document.execCommand && document.execCommand('copy');
      }
      copy.textContent = done ? 'Copied' : 'Select and copy';
      setTimeout(() => (copy.textContent = 'Copy'), 2000);
    });
    const open = document.createElement('a');
    open.href = link;
    open.target = '_blank';
    open.rel = 'noopener';
    open.textContent = verb;
    li.append(label, input, copy, open);
    return li;
  }

  async function start() {
    try {
      const r = await fetch('/api/games/catalog');
      if (!r.ok) throw new Error('status ' + r.status);
      games = await r.json();
    } catch (e) {
      $('dy-loading').textContent = 'The games could not be loaded: ' + e.message;
      return;
    }
    $('dy-loading').remove();
    const select = $('dy-game');
    for (const g of games) select.append(new Option((g.title || g.name) + ' (' + g.name + ')', g.name));
    const main = games.find((g) => g.name === 'curious-cargo');
    if (main) select.value = main.name;
    chooseGame();
  }

  // ---- games waiting for players ------------------------------------------------------------
  async function waiting() {
    let list = [];
    try {
      const r = await fetch('/api/lobby', { cache: 'no-store' });
      if (!r.ok) return;
      list = (await r.json()).games || [];
    } catch (e) {
      return;
    }
    const ul = $('dy-waiting');
    const items = [];
    for (const g of list) {
      const li = document.createElement('li');
      li.className = 'dy-wait';
      li.dataset.game = g.id;
      const what = document.createElement('span');
      const bots = Object.entries(g.bots || {}).map(([p, b]) => p + ' (' + b + ' bot)');
      what.textContent = (g.title || g.game) + ': ' + g.players.join(', ') +
        (bots.length ? '; bots ' + bots.join(', ') : '') + '; open: ' + g.open.join(', ');
      li.append(what);
      for (const seat of g.open) {
        const b = document.createElement('button');
        b.type = 'button';
        b.textContent = 'Join as ' + seat;
        b.dataset.game = g.id;
        b.dataset.seat = seat;
        li.append(' ', b);
      }
      items.push(li);
    }
    if (!items.length) {
      const li = document.createElement('li');
      li.className = 'dy-note';
      li.textContent = 'No game is waiting for players now.';
      items.push(li);
    }
    ul.replaceChildren(...items);
  }

  async function join(ev) {
    const b = ev.target.closest('button[data-game]');
    if (!b) return;
    b.disabled = true;
    let answer = {};
    let status = 0;
    try {
      const r = await fetch('/api/lobby/' + encodeURIComponent(b.dataset.game) + '/join', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ seat: b.dataset.seat }),
      });
      status = r.status;
      answer = await r.json().catch(() => ({}));
    } catch (e) {
      answer = { error: 'the server did not answer (' + e.message + ')' };
    }
    if (status === 200 && answer.link) {
      location.assign(answer.link); // the seat's page: its link is this browser's now
      return;
    }
    $('dy-wait-error').textContent = answer.error || 'could not join (' + status + ')';
    waiting();
  }

  $('dy-waiting').addEventListener('click', join);
  setInterval(waiting, 4000);
  waiting();
  $('dy-game').addEventListener('change', chooseGame);
  $('dy-players').addEventListener('input', seats);
  $('dy-names').addEventListener('input', seats);
  $('dy-new').addEventListener('submit', create);
  start();
})();
