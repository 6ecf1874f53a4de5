// The page to play in (GET /games/{id}): the table as the game draws it, the seat's legal actions
// grouped by verb (filter, click or type to play), the log, the result; live over the WebSocket.
// The seat's token comes from the URL fragment (#token=...), which no request carries: it goes
// in an Authorization header, and as the WebSocket's first message, never in a URL.
'use strict';

(() => {
  const $ = (id) => document.getElementById(id);
  const MANY = 40; // more legal actions than this: the groups start folded
  const SHOWN = 200; // buttons drawn per group at most (the filter narrows the rest)
  const parts = location.pathname.split('/').filter(Boolean);
  const gid = decodeURIComponent(parts[parts.length - 1] || '');
  const api = '/api/games/' + encodeURIComponent(gid);
  const NOT_A_SEAT = "this link's token is not a seat of this game: watching as a spectator";

  let token = new URLSearchParams(location.hash.slice(1)).get('token');
  token = token && token.trim() ? token.trim() : null;
  let state = null; // the last snapshot shown
  let shownLog = [];
  let pictureVersion = null; // the version the table's picture shows
  let pictureWanted = null; // the newest version seen
  let pictureBusy = false;
  let lastPicture = null; // the server's picture the table shows (to patch the next into it) // one picture asked for at a time: quick changes make one request
  let noPicture = false;
  let socket = null;
  let retry = 0;
  let busy = false;
  let inflight = Promise.resolve(); // the request being answered: an undo waits for it
  let enterLine = null; // what Enter plays when the typed text is no whole line
  const folded = new Map(); // verb -> open (the player's own choice, kept across updates)
  let picks = []; // the refs clicked on the table so far (an action being built by clicks)
  let told = null; // the seating last told (open seats, who joined, the rematch)
  let rematchLink = null; // this seat's link to the rematch, once asked for

  // ---- talking to the server ----------------------------------------------------------------
  function headers(json) {
    const h = {};
    if (token) h.Authorization = 'Bearer ' + token;
    if (json) h['Content-Type'] = 'application/json';
    return h;
  }

  async function call(method, path, body) {
    try {
      const r = await fetch(path, {
        method,
        headers: headers(body !== undefined),
        body: body === undefined ? undefined : JSON.stringify(body),
        cache: 'no-store',
      });
      let data = null;
      try {
        data = await r.json();
      } catch (e) {
        data = { error: 'the server answered ' + r.status + ' with no JSON' };
      }
      return { status: r.status, body: data || {} };
    } catch (e) {
      return { status: 0, body: { error: 'the server did not answer (' + e.message + ')' } };
    }
  }

  async function load() {
    const r = await call('GET', api);
    if (r.status === 401 && token) {
      token = null; // not a seat of this game: watch as a spectator, and say so
      conn(NOT_A_SEAT);
      return load();
    }
    if (r.status === 0) {
      conn(r.body.error);
      return;
    }
    if (r.status !== 200) {
      $('dy-status').textContent = 'No game here: ' + (r.body.error || 'status ' + r.status);
      return;
    }
    render(r.body);
  }

  function connect() {
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(scheme + '//' + location.host + api + '/ws');
    socket = ws;
    ws.onopen = () => {
      ws.send(JSON.stringify(token ? { token } : {}));
      if (retry > 0) conn('');
      retry = 0;
    };
    ws.onmessage = (ev) => {
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch (e) {
        return;
      }
      if (msg.type === 'state') render(msg);
      else if (msg.type === 'error' && msg.error !== 'that token is not a seat of this game') {
        conn(msg.error);
      }
    };
    ws.onclose = (ev) => {
      if (socket === ws) socket = null;
      if (ev.code === 4401) {
        token = null; // as in load(): watch as a spectator, live all the same
        conn(NOT_A_SEAT);
        load();
        connect();
        return;
      }
      if (ev.code === 4404) {
        conn('no live updates: ' + (ev.reason || 'no such game'));
        return;
      }
      retry += 1;
      const wait = Math.min(10, 2 ** Math.min(retry, 4) / 2);
      conn('connection lost; reconnecting in ' + wait + ' s…');
      setTimeout(connect, wait * 1000); // on connecting, the server sends the whole state
    };
  }

  function conn(text) {
    $('dy-conn').textContent = text;
  }

  async function play(line) {
    if (busy || !line.trim()) return;
    busy = true;
    $('dy-undone').textContent = ''; // the next action ends the last undo's note
    picks = [];
    showPicks();
    $('dy-actions').setAttribute('aria-busy', 'true');
    const sent = call('POST', api + '/actions', { action: line.trim() });
    inflight = sent.catch(() => null);
    const r = await sent;
    busy = false;
    $('dy-actions').removeAttribute('aria-busy');
    if (r.status === 200) {
      showError(null);
      $('dy-line').value = '';
      if (!socket || socket.readyState !== WebSocket.OPEN) await load();
      else renderLegal();
    } else {
      showError(r.status === 400 || !readable(r.body.error) ? inWords(line, r.body) : r.body);
    }
  }

  // A refusal said in a player's words: never the parser's (positions, carets, "unexpected"):
  // the words of the line no action of the seat's names, and what its actions read like.
  function readable(text) {
    return typeof text === 'string' && !/error:|unexpected|expected|\^|:\d+:\d+/i.test(text);
  }

  function inWords(line, body) {
    const legal = state && state.legal ? state.legal.map(ownText) : [];
    const words = ownText(line).split(/\s+/).filter(Boolean);
    if (!legal.length) {
      return { error: '"' + ownText(line) + '" cannot be played: ' + statusLine(state).toLowerCase() + '.' };
    }
    const known = new Set(legal.flatMap((l) => l.split(/\s+/)));
    const bad = words.filter((w) => !known.has(w));
    const verbs = [...new Set(legal.map((l) => l.split(/\s+/)[0]))];
    const same = legal.filter((l) => l.split(/\s+/)[0] === words[0]);
    const error = bad.length
      ? 'None of your actions names ' + bad.map((w) => '"' + w + '"').join(' or ') + '.'
      : '"' + words.join(' ') + '" is not one of your actions now.';
    const some = (xs) => xs.slice(0, 4).join(', ') + (xs.length > 4 ? ', … (' + xs.length + ' in all)' : '');
    const hint = same.length
      ? 'You may ' + words[0] + ': ' + some(same) + '. Click one, or click the table.'
      : 'You may: ' + some(verbs) + '. Click an action, or click the table.';
    return { error, hint: readable(body && body.hint) && !same.length ? body.hint : hint };
  }

  async function undo() {
    await inflight; // a move still being answered is taken back, not skipped
    if (busy) return;
    busy = true;
    const r = await call('POST', api + '/undo', {});
    busy = false;
    if (r.status === 200) {
      showError(null);
      const taken = r.body.undone || [];
      $('dy-undone').textContent = taken.length ? 'Taken back: ' + taken.join('; ') : '';
      if (!socket || socket.readyState !== WebSocket.OPEN) await load();
    } else {
      showError(r.body);
    }
  }

  function showError(body) {
    const box = $('dy-error');
    box.replaceChildren();
    $('dy-line').removeAttribute('aria-invalid');
    if (!body) return;
    $('dy-line').setAttribute('aria-invalid', 'true');
    const why = document.createElement('p');
    why.textContent = body.error || 'refused';
    box.append(why);
    if (body.hint) {
      const hint = document.createElement('p');
      hint.className = 'dy-hint';
      hint.textContent = body.hint;
      box.append(hint);
    }
  }

  // ---- drawing the snapshot -------------------------------------------------------------------
  function render(s) {
    if (state && typeof s.version === 'number' && s.version < state.version) return; // stale
    state = s;
    const title = s.title || s.game;
    $('dy-title').textContent = title;
    const mine = s.seat && !s.over && (s.to_act || []).includes(s.seat);
    document.title = (mine ? '(your turn) ' : '') + title + ' · dockyard';
    const bots = Object.entries(s.bots || {}).map(([p, b]) => p + ' ' + b);
    const seating = s.seating || { open: [], joined: [], rematch: null };
    $('dy-who').textContent =
      (s.seat ? 'You play ' + s.seat : 'Watching as a spectator') +
      ' · players ' + s.players.join(', ') +
      (bots.length ? ' · bots: ' + bots.join(', ') : '') +
      (s.variants && s.variants.length ? ' · variants: ' + s.variants.join(', ') : '') +
      (seating.open.length ? ' · open: ' + seating.open.join(', ') + ' (anyone in the lobby may join)' : '');
    $('dy-status').textContent = statusLine(s);
    $('dy-status').classList.toggle('dy-mine', Boolean(mine));
    renderResult(s);
    renderLog(s);
    tell(seating);
    $('dy-actions').hidden = !s.seat || s.over;
    if (picks.length && !candidates(picks).length) picks = []; // the choice no longer fits
    showPicks();
    renderLegal();
    if (s.version !== pictureVersion) wantPicture(s.version);
    else if (noPicture) showView();
    else marks();
  }

  // What the lobby did for this table: who joined since, and the rematch once there is one.
  function tell(seating) {
    const before = told;
    told = seating;
    if (before) {
      for (const seat of seating.joined.filter((p) => !before.joined.includes(p))) {
        happened([seat + ' joined the game from the lobby'], 'dy-joined');
      }
    }
    if (seating.rematch && state.seat && !rematchLink) rematch(false);
  }

  async function rematch(go) {
    const r = await call('POST', api + '/rematch', {});
    if (r.status !== 200) {
      if (go) showResultNote(r.body.error || 'no rematch (' + r.status + ')');
      return;
    }
    rematchLink = r.body.link;
    if (go) {
      location.assign(rematchLink);
      return;
    }
    renderResult(state);
  }

  function statusLine(s) {
    if (s.over) return 'Game over';
    const acting = s.to_act || [];
    if (s.seat && acting.includes(s.seat)) {
      const others = acting.filter((p) => p !== s.seat);
      return 'Your turn' + (others.length ? ' (with ' + others.join(', ') + ')' : '');
    }
    return acting.length ? 'Waiting for ' + acting.join(', ') : 'Waiting';
  }

  function renderResult(s) {
    const box = $('dy-result');
    if (!s.result) {
      box.hidden = true;
      box.replaceChildren();
      return;
    }
    const head = document.createElement('h2');
    const winners = s.result.winners || [];
    const won = s.seat && winners.includes(s.seat);
    const lost = s.seat && winners.length && !won;
    head.textContent = 'Game over' + (won ? ': you win' : lost ? ': you lost' : '');
    box.replaceChildren(head);
    box.classList.toggle('dy-won', Boolean(won));
    box.classList.toggle('dy-lost', Boolean(lost));
    if (lost) {
      const p = document.createElement('p');
      p.className = 'dy-verdict';
      p.textContent = 'You lost: ' + winners.join(' and ') + (winners.length > 1 ? ' win.' : ' wins.');
      box.append(p);
    } else if (s.seat && !winners.length) {
      const p = document.createElement('p');
      p.className = 'dy-verdict';
      p.textContent = 'Nobody won: a draw.';
      box.append(p);
    }
    const text = Array.isArray(s.result.text) ? s.result.text : [String(s.result.text || '')];
    for (const line of text) {
      const p = document.createElement('p');
      p.textContent = line;
      box.append(p);
    }
    if (s.seat) {
      const row = document.createElement('p');
      row.className = 'dy-again';
      if (rematchLink) {
        const a = document.createElement('a');
        a.href = rematchLink;
        a.textContent = 'Play the rematch';
        row.append((s.seating && s.seating.rematch ? 'A rematch is ready: ' : ''), a);
      } else {
        const b = document.createElement('button');
        b.type = 'button';
        b.textContent = 'Rematch';
        b.title = 'a new game of the same seats; the other players are offered it';
        b.addEventListener('click', () => rematch(true));
        row.append(b);
      }
      box.append(row);
    }
    const note = document.createElement('p');
    note.id = 'dy-result-note';
    note.className = 'dy-note';
    box.append(note);
    box.hidden = false;
  }

  function showResultNote(text) {
    const note = $('dy-result-note');
    if (note) note.textContent = text;
  }

  // What happened, as this seat may see it: the log as announced when the page opens, then each
  // change's events in words (a card drawn named to its owner only: the server tells each seat
  // its own), the newest marked.
  function renderLog(s) {
    const lines = s.log || [];
    if (shownLog === null || !Array.isArray(shownLog)) shownLog = [];
    const first = !$('dy-log').dataset.started;
    const kept = shownLog.length <= lines.length && shownLog.every((l, i) => l === lines[i]);
    if (first) {
      $('dy-log').dataset.started = '1';
      happened(lines, '', true);
    } else if (Array.isArray(s.events) && s.events.length) {
      happened(byMove(s.events, kept ? lines.slice(shownLog.length) : []), 'dy-event');
    } else if (kept && lines.length > shownLog.length) {
      happened(lines.slice(shownLog.length), 'dy-event');
    }
    if (!kept) {
      const gone = shownLog.length - lines.length;
      if (gone > 0) happened([plural(gone, 'action') + ' taken back'], 'dy-undo');
    }
    shownLog = lines.slice();
    const ol = $('dy-log');
    if (!ol.children.length) ol.setAttribute('data-empty', 'nothing yet');
    else ol.removeAttribute('data-empty');
  }

  // One line per move: what it made happen ("x marks b2 · o to play"), or the move itself when
  // it made nothing else (the move's own event is the line the log gained).
  function byMove(events, moved) {
    const groups = [];
    for (const e of events) {
      if (moved.includes(e) || !groups.length) groups.push({ move: e, said: [] });
      else groups[groups.length - 1].said.push(e);
    }
    return groups.map((g) => (g.said.length && moved.includes(g.move) ? g.said : [g.move, ...g.said]).join(' · '));
  }

  function plural(n, word) {
    return n + ' ' + word + (n === 1 ? '' : 's');
  }

  function happened(lines, kind, quiet) {
    const ol = $('dy-log');
    const atEnd = ol.scrollHeight - ol.scrollTop - ol.clientHeight < 40;
    for (const old of ol.querySelectorAll('li.dy-new')) old.classList.remove('dy-new');
    for (const line of lines) {
      const li = document.createElement('li');
      li.textContent = line;
      if (!quiet) li.className = 'dy-new' + (kind ? ' ' + kind : '');
      ol.append(li);
    }
    if (lines.length) ol.removeAttribute('data-empty');
    if (atEnd || quiet) ol.scrollTop = ol.scrollHeight;
  }

  function wantPicture(version) {
    pictureWanted = version;
    if (!pictureBusy) drawPictures();
  }

  async function drawPictures() {
    pictureBusy = true;
    try {
      while (pictureWanted !== pictureVersion) {
        if (!(await loadPicture(pictureWanted))) break; // the next change asks again
      }
    } finally {
      pictureBusy = false;
    }
  }

  // The table as this seat sees it (a fetch, so the token goes in a header), inserted as SVG so
  // its text is in the page. False when the server could not be reached.
  async function loadPicture(version) {
    let r;
    try {
      r = await fetch(api + '?format=svg', { headers: headers(false), cache: 'no-store' });
    } catch (e) {
      return false;
    }
    if (!r.ok) {
      let why = 'no picture (' + r.status + ')';
      try {
        why = (await r.json()).error || why;
      } catch (e) {
        /* keep the status */
      }
      noPicture = true;
      pictureVersion = version;
      showView(why);
      return true;
    }
    const text = await r.text();
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    const root = doc.documentElement;
    pictureVersion = version;
    if (root.localName !== 'svg' || doc.getElementsByTagName('parsererror').length) {
      noPicture = true;
      showView('the picture could not be read');
      return true;
    }
    for (const bad of root.querySelectorAll('script, foreignObject')) bad.remove();
    noPicture = false;
    const shown = $('dy-table').firstElementChild;
    if (shown && shown.localName === 'svg' && lastPicture) morph(shown, root, lastPicture);
    else $('dy-table').replaceChildren(document.importNode(root, true));
    lastPicture = root;
    const drawn = $('dy-table').querySelector('svg');
    const box = drawn && drawn.viewBox && drawn.viewBox.baseVal;
    if (box && box.width) $('dy-table').style.maxWidth = Math.round(box.width * 1.6) + 'px'; // not huge
    zooms();
    marks();
    return true;
  }

  // On a narrow screen the whole table is small: the seat's own areas (what data-ref names as
  // the seat, and the area holding its hand) come first, cropped from the picture to the width.
  function zooms() {
    const box = $('dy-zoom');
    const main = $('dy-table').querySelector('svg');
    const vb = main && main.viewBox && main.viewBox.baseVal;
    const scale = vb && vb.width ? main.getBoundingClientRect().width / vb.width : 1;
    if (!main || !state || !state.seat || scale >= 0.75) {
      box.replaceChildren();
      box.hidden = true;
      return;
    }
    const top = (e) => {
      while (e && e.parentNode !== main) e = e.parentNode;
      return e;
    };
    const own = main.querySelector('[data-ref="' + CSS.escape(state.seat) + '"]');
    const hand = main.querySelector('[data-ref="' + CSS.escape('hand:' + state.seat) + '"]');
    const areas = [];
    for (const e of [own, hand && top(hand)]) {
      if (e && !areas.some((a) => a.contains(e) || e.contains(a))) areas.push(e);
    }
    const out = [];
    for (const e of areas) {
      const b = e.getBBox();
      if (!b.width || !b.height) continue;
      const clone = main.cloneNode(true);
      const kids = [...main.children];
      [...clone.children].forEach((c, i) => {  // only what lies in the area: nothing off it
        const k = kids[i];
        if (!k || typeof k.getBBox !== 'function' || k.localName === 'style') return;
        const o = k.getBBox();
        const apart = o.x > b.x + b.width || o.x + o.width < b.x || o.y > b.y + b.height || o.y + o.height < b.y;
        if (apart) c.remove();
      });
      clone.removeAttribute('width');
      clone.removeAttribute('height');
      clone.setAttribute('viewBox', [b.x - 3, b.y - 3, b.width + 6, b.height + 6].join(' '));
      for (const x of clone.querySelectorAll('[id]')) x.removeAttribute('id');
      out.push(clone);
    }
    const head = document.createElement('p');
    head.className = 'dy-note';
    head.textContent = 'Your part of the table (the whole table is below):';
    box.replaceChildren(head, ...out);
    box.hidden = !out.length;
  }

  // The new picture patched into the one shown (`prev`: the picture it was made from): what
  // did not change stays the same element (nothing flickers, and a pointer or a click on the
  // table keeps its target); only what the server's pictures said is changed.
  function morph(old, neu, prev) {
    if (!prev || old.nodeType !== neu.nodeType || old.nodeName !== neu.nodeName) {
      old.replaceWith(document.importNode(neu, true));
      return;
    }
    if (old.nodeType !== Node.ELEMENT_NODE) {
      if (old.nodeValue !== neu.nodeValue) old.nodeValue = neu.nodeValue;
      return;
    }
    for (const a of prev.attributes) {
      if (!neu.hasAttributeNS(a.namespaceURI, a.localName)) {
        old.removeAttributeNS(a.namespaceURI, a.localName);
      }
    }
    for (const a of neu.attributes) {
      if (old.getAttributeNS(a.namespaceURI, a.localName) !== a.value) {
        old.setAttributeNS(a.namespaceURI, a.name, a.value);
      }
    }
    const was = [...old.childNodes];
    const before = [...prev.childNodes];
    const now = [...neu.childNodes];
    now.forEach((child, i) => {
      if (i < was.length) morph(was[i], child, before[i]);
      else old.appendChild(document.importNode(child, true));
    });
    for (const gone of was.slice(now.length)) gone.remove();
  }

  // ---- moves by clicks ---------------------------------------------------------------------------
  // The picture names what actions name: data-ref="WORD" on its elements. A click adds the
  // element's word to the picks; the seat's legal lines holding every pick (in order) remain;
  // one left is played, several are offered beside the table. Generic: legal lines and refs.
  function words(line) {
    return ownText(line).split(/\s+/);
  }

  function holds(line, seq) {
    const ws = words(line);
    let i = 0;
    for (const w of ws) if (i < seq.length && w === seq[i]) i += 1;
    return i === seq.length;
  }

  function clickable() {
    return state && state.seat && !state.over ? state.legal || [] : [];
  }

  function candidates(seq) {
    return clickable().filter((line) => holds(line, seq));
  }

  function refsAt(target, svg) {
    const refs = [];
    for (let e = target; e instanceof Element && svg.contains(e); e = e.parentNode) {
      const r = e.getAttribute('data-ref');
      if (r && !refs.includes(r)) refs.push(r);
      if (e === svg) break;
    }
    return refs;
  }

  function pickRef(refs) {
    const legal = clickable();
    if (!legal.length) {
      pickNote(refs.length ? refs[0] + ': ' + (state && state.over ? 'the game is over.' : 'not your turn.') : '');
      return;
    }
    for (const attempt of [true, false]) {
      for (const r of refs) {
        if (attempt && picks.includes(r)) continue;
        const seq = attempt ? [...picks, r] : [r];
        const left = candidates(seq);
        if (!left.length) continue;
        picks = seq;
        if (left.length === 1) {
          play(left[0]);
          return;
        }
        showPicks();
        return;
      }
    }
    if (refs.length) pickNote(refs[0] + ': none of your actions names it now.');
  }

  function pickNote(text) {
    const box = $('dy-pick');
    box.hidden = !text;
    box.replaceChildren(text);
  }

  function showPicks() {
    marks();
    const box = $('dy-pick');
    if (!picks.length) {
      box.hidden = true;
      box.replaceChildren();
      return;
    }
    const left = candidates(picks);
    const head = document.createElement('p');
    head.textContent = 'Chosen: ' + picks.join(' → ') + ' · ' + left.length + ' ways; click the table or one of these:';
    const list = document.createElement('div');
    list.className = 'dy-buttons';
    for (const line of left.slice(0, 30)) list.append(actionButton({ line, text: ownText(line) }));
    const clear = document.createElement('button');
    clear.type = 'button';
    clear.className = 'dy-clear';
    clear.textContent = 'Clear the choice';
    clear.addEventListener('click', () => {
      picks = [];
      showPicks();
    });
    box.replaceChildren(head, list);
    if (left.length > 30) {
      const more = document.createElement('p');
      more.className = 'dy-note';
      more.textContent = '… and ' + (left.length - 30) + ' more: click the table to narrow them';
      box.append(more);
    }
    box.append(clear);
    box.hidden = false;
  }

  // The picture's marks: what a click may pick now (data-can), what is picked (data-picked), and
  // what the last action named (data-last).
  function marks() {
    if (!state || !$('dy-table').querySelector('svg')) return;
    const left = candidates(picks);
    const open = new Set();
    for (const line of left) for (const w of words(line)) open.add(w);
    const log = state.log || [];
    const lastWords = new Set(log.length ? words(log[log.length - 1]).slice(1) : []);
    for (const e of document.querySelectorAll('.dy-board svg [data-ref]')) {
      const r = e.getAttribute('data-ref');
      e.toggleAttribute('data-can', open.has(r) && !picks.includes(r));
      e.toggleAttribute('data-picked', picks.includes(r));
      e.toggleAttribute('data-last', lastWords.has(r));
      if (e.hasAttribute('data-can') || e.hasAttribute('data-picked')) {
        e.setAttribute('tabindex', '0'); // the keyboard picks too: Tab to it, Enter or Space
        e.setAttribute('role', 'button');
        e.setAttribute('aria-label', r);
      } else if (e.getAttribute('role') === 'button') {
        e.removeAttribute('tabindex');
        e.removeAttribute('role');
        e.removeAttribute('aria-label');
      }
    }
  }

  $('dy-board').addEventListener('click', (ev) => {
    const svg = ev.target instanceof Element ? ev.target.closest('svg') : null;
    if (!svg) return;
    const refs = refsAt(ev.target, svg);
    if (refs.length) pickRef(refs);
  });
  $('dy-board').addEventListener('keydown', (ev) => {
    const svg = ev.target instanceof Element ? ev.target.closest('svg') : null;
    if (!svg || (ev.key !== 'Enter' && ev.key !== ' ')) return;
    ev.preventDefault();
    pickRef(refsAt(ev.target, svg));
  });
  $('dy-pick').addEventListener('click', (ev) => {
    const b = ev.target.closest('button[data-line]');
    if (b) play(b.dataset.line);
  });

  function showView(why) {
    const box = $('dy-table');
    const note = document.createElement('p');
    note.className = 'dy-note';
    note.textContent = why || box.dataset.why || '';
    box.dataset.why = note.textContent;
    const pre = document.createElement('pre');
    pre.className = 'dy-view';
    pre.textContent = JSON.stringify(state ? state.view : null, null, 1);
    box.replaceChildren(note, pre);
  }

  // ---- the legal actions ----------------------------------------------------------------------
  function ownText(line) {
    const prefix = state && state.seat ? state.seat + ':' : null;
    return prefix && line.startsWith(prefix) ? line.slice(prefix.length).trim() : line.trim();
  }

  function renderLegal() {
    const box = $('dy-legal');
    if (!state || !state.seat || state.over) {
      box.replaceChildren();
      return;
    }
    const typed = $('dy-line').value;
    const words = ownText(typed).toLowerCase().split(/\s+/).filter(Boolean);
    const legal = state.legal || [];
    const items = legal.map((line) => ({ line, text: ownText(line) }));
    const found = items.filter((it) => words.every((w) => it.text.toLowerCase().includes(w)));
    const hits = found.length ? found : items; // nothing reads so: all of them, still to click
    const exact = items.find((it) => it.text === ownText(typed) && typed.trim());
    enterLine = exact ? exact.line : words.length && found.length === 1 ? found[0].line : null;
    const focused = box.contains(document.activeElement) ? document.activeElement : null;
    const focusedLine = focused ? focused.dataset.line : null;

    $('dy-count').textContent = legal.length ? '(' + legal.length + ')' : '';
    if (legal.length) $('dy-line').placeholder = 'e.g. ' + ownText(legal[0]);
    const acting = (state.to_act || []).includes(state.seat);
    if (!legal.length) {
      const p = document.createElement('p');
      p.className = 'dy-note';
      p.textContent = acting ? 'No action is open to you.' : 'Not your turn: ' + statusLine(state) + '.';
      box.replaceChildren(p);
      help(words, 0, 0);
      return;
    }
    const groups = new Map();
    for (const it of items) {
      const verb = it.text.split(/\s+/)[0];
      if (!groups.has(verb)) groups.set(verb, { all: 0, hits: [] });
      groups.get(verb).all += 1;
    }
    for (const it of hits) groups.get(it.text.split(/\s+/)[0]).hits.push(it);

    const out = [];
    const singles = document.createElement('div');
    singles.className = 'dy-singles';
    for (const [verb, g] of groups) {
      if (!g.hits.length) continue;
      if (g.all === 1) {
        singles.append(actionButton(g.hits[0]));
        continue;
      }
      const det = document.createElement('details');
      det.className = 'dy-group';
      det.dataset.verb = verb;
      const sum = document.createElement('summary');
      sum.textContent = verb + ' ';
      const n = document.createElement('span');
      n.className = 'dy-count';
      n.textContent = found.length && words.length ? g.hits.length + ' of ' + g.all : String(g.all);
      sum.append(n);
      det.append(sum);
      const chosen = folded.get(verb);
      det.open = found.length && words.length ? true : chosen !== undefined ? chosen : legal.length <= MANY || g.all <= 12;
      const fill = () => {
        if (det.dataset.filled) return;
        det.dataset.filled = '1';
        const list = document.createElement('div');
        list.className = 'dy-buttons';
        for (const it of g.hits.slice(0, SHOWN)) list.append(actionButton(it));
        det.append(list);
        if (g.hits.length > SHOWN) {
          const more = document.createElement('p');
          more.className = 'dy-note';
          more.textContent = '… and ' + (g.hits.length - SHOWN) + ' more: type to narrow the list';
          det.append(more);
        }
      };
      if (det.open) fill();
      sum.addEventListener('click', () => {
        det.dataset.user = '1'; // the player's own folding is kept (not the defaults)
      });
      det.addEventListener('toggle', () => {
        if (det.dataset.user && !words.length) folded.set(verb, det.open);
        delete det.dataset.user;
        if (det.open) fill();
      });
      out.push(det);
    }
    if (singles.children.length) out.unshift(singles);
    box.replaceChildren(...out);
    help(words, found.length, legal.length);
    if (focusedLine !== null) {
      const again = [...box.querySelectorAll('button[data-line]')].find((b) => b.dataset.line === focusedLine);
      const next = again || box.querySelector('button[data-line]');
      if (next) next.focus();
      else $('dy-line').focus();
    }
  }

  function actionButton(it) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'dy-action' + (it.line === enterLine ? ' dy-target' : '');
    b.textContent = it.text;
    b.dataset.line = it.line;
    b.title = it.line;
    return b;
  }

  function help(words, hits, all) {
    const p = $('dy-help');
    p.replaceChildren();
    if (!words.length || !all) return;
    p.append(hits ? hits + ' of ' + all + ' match. ' : 'None of the ' + all + ' reads like that. ');
    if (enterLine) {
      p.append('Enter plays ');
      const code = document.createElement('kbd');
      code.textContent = ownText(enterLine);
      p.append(code);
    } else {
      p.append('Enter sends the line as typed.');
    }
  }

  // ---- input ----------------------------------------------------------------------------------
  $('dy-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const typed = $('dy-line').value;
    if (!typed.trim()) return;
    play(enterLine || typed);
  });
  $('dy-line').addEventListener('input', () => {
    showError(null);
    renderLegal();
  });
  $('dy-line').addEventListener('keydown', (ev) => {
    if (ev.key === 'Escape') {
      $('dy-line').value = '';
      showError(null);
      renderLegal();
    } else if (ev.key === 'ArrowDown') {
      const first = $('dy-legal').querySelector('button[data-line]');
      if (first) {
        ev.preventDefault();
        first.focus();
      }
    }
  });
  $('dy-legal').addEventListener('click', (ev) => {
    const b = ev.target.closest('button[data-line]');
    if (b) play(b.dataset.line);
  });
  $('dy-undo').addEventListener('click', undo);
  document.addEventListener('keydown', (ev) => {
    const t = ev.target;
    const typing = t instanceof HTMLInputElement || t instanceof HTMLTextAreaElement;
    if (ev.key === '/' && !typing && !$('dy-actions').hidden) {
      ev.preventDefault();
      $('dy-line').focus();
    }
  });
  window.addEventListener('hashchange', () => location.reload());
  let resized = null;
  window.addEventListener('resize', () => {
    clearTimeout(resized);
    resized = setTimeout(() => {
      zooms();
      marks();
    }, 200);
  });

  load();
  connect();
})();
