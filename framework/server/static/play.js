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
      showError(r.body);
    }
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
      $('dy-help').textContent = taken.length ? 'Taken back: ' + taken.join('; ') : '';
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
    $('dy-who').textContent =
      (s.seat ? 'You play ' + s.seat : 'Watching as a spectator') +
      ' · players ' + s.players.join(', ') +
      (bots.length ? ' · bots: ' + bots.join(', ') : '') +
      (s.variants && s.variants.length ? ' · variants: ' + s.variants.join(', ') : '');
    $('dy-status').textContent = statusLine(s);
    $('dy-status').classList.toggle('dy-mine', Boolean(mine));
    renderResult(s);
    renderLog(s.log || []);
    $('dy-actions').hidden = !s.seat || s.over;
    renderLegal();
    if (s.version !== pictureVersion) wantPicture(s.version);
    else if (noPicture) showView();
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
    const won = s.seat && (s.result.winners || []).includes(s.seat);
    head.textContent = 'Game over' + (won ? ': you win' : '');
    box.replaceChildren(head);
    const text = Array.isArray(s.result.text) ? s.result.text : [String(s.result.text || '')];
    for (const line of text) {
      const p = document.createElement('p');
      p.textContent = line;
      box.append(p);
    }
    box.hidden = false;
  }

  function renderLog(lines) {
    const ol = $('dy-log');
    const kept = shownLog.length <= lines.length && shownLog.every((l, i) => l === lines[i]);
    const atEnd = ol.scrollHeight - ol.scrollTop - ol.clientHeight < 40;
    if (!kept) ol.replaceChildren();
    const first = kept ? shownLog.length : 0;
    for (let i = first; i < lines.length; i++) {
      const li = document.createElement('li');
      li.textContent = lines[i];
      if (kept && shownLog.length) li.className = 'dy-new';
      ol.append(li);
    }
    if (!lines.length && !ol.children.length) {
      ol.setAttribute('data-empty', 'no actions yet');
    } else {
      ol.removeAttribute('data-empty');
    }
    shownLog = lines.slice();
    if (atEnd || !kept) ol.scrollTop = ol.scrollHeight;
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
    return true;
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

  // A click on the table names a place (an element's id, or a label's text): the one action
  // that names it is played; several fill the filter.
  function placesAt(e) {
    const keys = [];
    if (e.localName === 'text') keys.push(e.textContent.trim());
    const id = e.getAttribute('id');
    if (id) {
      keys.push(id);
      const cut = id.indexOf('-'); // "square-b2"; "p1-b4" only in the seat's own part
      const head = id.slice(0, cut);
      if (cut > 0 && (head === state.seat || !state.players.includes(head))) {
        keys.push(id.slice(cut + 1));
      }
    }
    return keys.filter(Boolean);
  }

  $('dy-table').addEventListener('click', (ev) => {
    const svg = $('dy-table').querySelector('svg');
    const legal = state && state.seat && !state.over ? state.legal || [] : [];
    if (!svg || !legal.length) return;
    for (let e = ev.target; e instanceof Element && svg.contains(e); e = e.parentNode) {
      for (const key of placesAt(e)) {
        const lines = legal.filter((line) => ownText(line).split(/\s+/).includes(key));
        if (lines.length === 1) {
          play(lines[0]);
          return;
        }
        if (lines.length > 1) {
          $('dy-line').value = key;
          showError(null);
          renderLegal();
          return;
        }
      }
      if (e === svg) return;
    }
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

  load();
  connect();
})();
