// The web board of the `serve` example. The engine runs on the server; this
// page draws the board as RULES.md section 1 draws it (North's row on top,
// shown right to left; South's row below, left to right), sends moves to the
// JSON API and animates each move lap by lap from its traced events.
'use strict';

const $ = (id) => document.getElementById(id);
let state = null;        // the game as the server last described it
let busy = false;        // a request or an animation is running
let skipping = false;    // finish the current animation at once
let pollTimer = null;
let typed = '';          // digits typed for a two-digit pit number
let typedTimer = null;
let lastMove = null;     // the last move's pits: { from, to, captures }

// ---- the API ----

async function api(method, path, body) {
  const opts = { method, headers: {} };
  if (body !== undefined) {
    opts.headers['content-type'] = 'application/json';
    opts.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(path, opts);
  } catch (e) {
    throw { error: 'network', message: 'the server does not answer (' + e.message + ')' };
  }
  const data = await res.json().catch(() => ({ error: 'bad_answer', message: 'the server sent no JSON' }));
  if (!res.ok) throw data;
  return data;
}

// ---- setup ----

// The game a variant is a board of: `andada` for every Andada board.
const familyOf = (name) => (/^andada-\d+$/.test(name) ? 'andada' : name);

// The game menu offers the server's games: the built-in ones as the page
// names them, any other by the title the server gives it.
function gameMenu(variants) {
  const sel = $('game');
  const families = variants.map((v) => familyOf(v.name));
  for (const o of [...sel.options]) if (!families.includes(o.value)) o.remove();
  for (const v of variants) {
    const family = familyOf(v.name);
    if ([...sel.options].some((o) => o.value === family)) continue;
    const o = document.createElement('option');
    o.value = family;
    o.textContent = v.title;
    sel.appendChild(o);
  }
  if (sel.selectedIndex < 0 && sel.options.length) sel.selectedIndex = 0;
}

async function loadMeta() {
  const meta = await api('GET', '/api');
  gameMenu(meta.variants);
  for (const id of ['south', 'north']) {
    const sel = $(id);
    for (const p of meta.players) {
      const o = document.createElement('option');
      o.value = p.name;
      o.textContent = p.name === 'human' ? 'a person' : 'computer, ' + p.label;
      sel.appendChild(o);
    }
    sel.value = id === 'south' ? 'human' : meta.hint_player;
  }
  showOptions();
}

function showOptions() {
  const game = $('game').value;
  document.querySelectorAll('.opt').forEach((el) => {
    el.hidden = !el.classList.contains('opt-' + game);
  });
}

// The rule options of the setup form for a variant family.
function ruleOptions(variant) {
  const body = {};
  if (variant === 'sadeqa-ii') body.starter_only = $('starter-only').checked;
  if (variant.startsWith('andada')) {
    body.clockwise = $('clockwise').checked;
    body.reading = $('reading').value;
  }
  return body;
}

function chosenVariant() {
  const game = $('game').value;
  return game === 'andada' ? 'andada-' + $('andada-size').value : game;
}

function seats() {
  return { south: $('south').value, north: $('north').value };
}

async function newGame(extra, first) {
  const variant = chosenVariant();
  const body = Object.assign({ variant, first: $('first').value }, ruleOptions(variant), seats(), extra || {});
  await start(body, first);
}

// Each start is numbered: only the latest one asked for is shown (the
// first screen's game may answer after a game the person started).
let starts = 0;

async function start(body, first) {
  const mine = ++starts;
  busy = true;
  let s;
  try {
    s = await api('POST', '/api/games', body);
  } catch (e) {
    if (mine === starts) { busy = false; sayError(e); }
    return;
  }
  if (mine !== starts) return;
  busy = false;
  $('log').innerHTML = '';
  plyList = null;
  skipping = false;
  lastMove = null;
  $('play').hidden = false;
  $('first-screen').hidden = !first;
  // The settings and position panels have done their work once a game
  // starts: the board is the page again (the first screen's game leaves
  // them as the person may have opened them meanwhile).
  if (!first) {
    $('load').open = false;
    $('settings').open = false;
  }
  show(s);
  say(s.ply > 0 ? 'Started from ply ' + s.ply + ' of the record.' : 'A new game: ' + s.title + '.');
  afterTurn();
}

function loadFromText() {
  const text = $('load-text').value.trim();
  if (!text) return sayError({ message: 'paste a position string or a record first' });
  const lines = text.split(/\n/).map((l) => l.trim()).filter((l) => l);
  if (/^[\s0-9SNsn\/]*$/.test(lines[0])) {
    // A record, from the start of the game chosen above.
    return newGame({ record: lines.join('/') });
  }
  const name = lines[0].split(/\s+/)[0].toLowerCase();
  const family = familyOf(name);
  const body = Object.assign({ position: lines[0] }, ruleOptions(family), seats());
  if (lines.length > 1) body.record = lines.slice(1).join('/');
  return start(body);
}

// ---- drawing ----

function pitName(owner, number) { return owner + number; }

function pitEl(name) { return document.querySelector('.pit[data-pit="' + name + '"]'); }

// Builds the board's pits once per game shape: North's row on top, from his
// pit n on the left to his pit 1 on the right; South's row below, pit 1 on
// the left (RULES.md section 1); at the right of each row, that side's
// captured seeds. Each pit is a button; one of them is in the tab order at
// a time, and the arrow keys move between them.
function buildBoard(n) {
  const board = $('board');
  board.innerHTML = '';
  board.style.setProperty('--n', n);
  board.dataset.n = n;
  const add = (owner, number) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'pit';
    b.tabIndex = owner === 'S' && number === 1 ? 0 : -1;
    b.dataset.pit = pitName(owner, number);
    b.dataset.owner = owner;
    b.dataset.number = number;
    b.innerHTML = '<span class="name" aria-hidden="true">' + owner + number + '</span><span class="seeds" aria-hidden="true"></span><span class="count" aria-hidden="true"></span>';
    b.addEventListener('click', () => clickPit(owner, number));
    b.addEventListener('focus', () => rove(b));
    board.appendChild(b);
  };
  const store = (side) => {
    const d = document.createElement('div');
    d.className = 'store ' + side;
    d.id = side === 'N' ? 'north-store' : 'south-store';
    d.innerHTML = '<span class="side"></span><span class="num"></span><span class="what"></span>';
    board.appendChild(d);
  };
  for (let i = n; i >= 1; i--) add('N', i);
  store('N');
  for (let i = 1; i <= n; i++) add('S', i);
  store('S');
}

// The pit in the tab order: the one last focused.
function rove(el) {
  document.querySelectorAll('#board .pit').forEach((p) => { p.tabIndex = p === el ? 0 : -1; });
}

// Arrow keys move between the pits as they are drawn; Home and End go to
// the row's ends.
$('board').addEventListener('keydown', (e) => {
  const el = e.target.closest('.pit');
  if (!el || !state) return;
  const pits = [...document.querySelectorAll('#board .pit')];
  const n = state.pits_per_row;
  const i = pits.indexOf(el);
  const row = Math.floor(i / n);
  let j = null;
  if (e.key === 'ArrowLeft') j = i % n > 0 ? i - 1 : i;
  else if (e.key === 'ArrowRight') j = i % n < n - 1 ? i + 1 : i;
  else if (e.key === 'ArrowUp') j = row === 1 ? i - n : i;
  else if (e.key === 'ArrowDown') j = row === 0 ? i + n : i;
  else if (e.key === 'Home') j = row * n;
  else if (e.key === 'End') j = row * n + n - 1;
  if (j === null) return;
  e.preventDefault();
  pits[j].focus();
  pits[j].scrollIntoView({ block: 'nearest', inline: 'nearest' });
});

// Draws seeds into a pit: a dot per seed (up to 24, then the count tells).
function drawPit(name, seeds, warana) {
  const el = pitEl(name);
  if (!el) return;
  const dots = el.querySelector('.seeds');
  const shown = Math.min(seeds, 24);
  if (dots.childElementCount !== shown) {
    dots.innerHTML = '<span class="seed"></span>'.repeat(shown);
  }
  el.querySelector('.count').textContent = seeds;
  el.dataset.seeds = seeds;
  el.classList.remove('warana-S', 'warana-N');
  const old = el.querySelector('.badge');
  if (old) old.remove();
  if (warana) {
    el.classList.add('warana-' + warana);
    const badge = document.createElement('span');
    badge.className = 'badge';
    badge.textContent = 'warana ' + warana;
    badge.title = 'a warana owned by ' + (warana === 'S' ? 'South' : 'North');
    el.appendChild(badge);
  }
  el.dataset.warana = warana || '';
}

function drawBoard(board) {
  board.south.forEach((p, i) => drawPit(pitName('S', i + 1), p.seeds, p.warana));
  board.north.forEach((p, i) => drawPit(pitName('N', i + 1), p.seeds, p.warana));
}

const sideName = (c) => (c === 'S' ? 'South' : 'North');

function seatWords(seat) {
  return seat === 'human' ? 'a person' : 'computer: ' + seat;
}

// Each side's tally in the server's words (the terminal game's): points,
// or in Sadeqa II and Andada the seeds removed, which are no score.
function tallyText(s, side) {
  return side === 'S' ? s.tally.text.south : s.tally.text.north;
}

function show(s) {
  const shapeChanged = !state || state.id !== s.id || String(s.pits_per_row) !== $('board').dataset.n;
  if (!state || state.id !== s.id) endReplay();
  state = s;
  remember(s.id);
  if (shapeChanged) {
    buildBoard(s.pits_per_row);
    // A new board starts at its left edge.
    $('board-wrap').scrollLeft = 0;
  }
  $('title').textContent = s.title;
  const family = familyOf(s.variant);
  for (const id of ['rules-link', 'rules-link-2']) $(id).href = '/rules/' + family;
  drawBoard(s.board);
  for (const side of ['N', 'S']) {
    const box = $(side === 'N' ? 'north-store' : 'south-store');
    const num = side === 'N' ? s.tally.north : s.tally.south;
    const points = s.tally.kind === 'points';
    box.querySelector('.side').textContent = sideName(side);
    box.querySelector('.num').textContent = num;
    box.querySelector('.what').textContent = points ? 'points' : 'captured';
    box.title = sideName(side) + ': ' + tallyText(s, side);
  }
  for (const side of ['N', 'S']) {
    const line = $(side === 'N' ? 'north-line' : 'south-line');
    line.className = 'side-line ' + side + (!s.over && s.to_move === side ? ' to-move' : '');
    const seat = side === 'S' ? s.seats.south : s.seats.north;
    line.innerHTML = '';
    const who = document.createElement('span');
    who.className = 'who';
    who.textContent = sideName(side) + ' (' + seatWords(seat) + ')';
    const tally = document.createElement('span');
    tally.className = 'tally';
    tally.textContent = tallyText(s, side);
    line.append(who, tally);
  }
  if (s.tally.removed !== undefined && s.tally.removed > 0) {
    const extra = document.createElement('span');
    extra.textContent = 'removed by the singleton ending: ' + s.tally.removed;
    $('south-line').appendChild(extra);
  }
  $('position').value = s.position;
  $('record').value = s.record;
  $('undo').disabled = !s.can_undo;
  $('redo').disabled = !s.can_redo;
  markPits();
  const status = $('status');
  status.classList.toggle('over', s.over);
  if (s.over) {
    // The result: who won, the winner's score first, then why it ended.
    status.innerHTML = '';
    const head = document.createElement('strong');
    head.className = 'headline';
    head.textContent = s.headline;
    const why = document.createElement('span');
    why.className = 'reason';
    why.textContent = s.result;
    status.append(head, why);
  } else {
    const mover = sideName(s.to_move);
    let text = mover + ' to move (' + seatWords(s.to_move_seat) + ')';
    if (s.phase === 'opening') text += ': the opening move, a pit whose sowing runs round the whole board';
    if (s.phase === 'choice') text += ': the choice, who makes the first regular move';
    if (s.to_move_seat !== 'human' && $('pause').checked) text += ', paused: untick "pause the computer" to go on';
    if (s.undecided.length) text += '; proving whether ' + s.undecided.map((u) => 'pit ' + u.move).join(', ') + ' can be played ...';
    status.textContent = text;
  }
  const choosing = !s.over && s.legal.some((m) => m === 'S' || m === 'N');
  $('choice').hidden = !choosing || s.to_move_seat !== 'human';
  $('choice-text').textContent = choosing ? sideName(s.to_move) + ', name who makes the first regular move:' : '';
  $('hint').disabled = s.over || s.to_move_seat !== 'human';
  scrollCues();
  schedulePoll();
}

// A board wider than its frame (Sadeqa V and Andada on a phone) says that
// it scrolls: a line above it, and a shaded arrow on each side with more
// pits beyond it.
function scrollCues() {
  const wrap = $('board-wrap');
  const more = wrap.scrollWidth - wrap.clientWidth;
  const scrolls = !$('play').hidden && more > 1;
  $('scroll-hint').hidden = !scrolls;
  $('board-frame').classList.toggle('scrolls', scrolls);
  document.querySelector('.scroll-cue.left').hidden = !scrolls || wrap.scrollLeft <= 1;
  document.querySelector('.scroll-cue.right').hidden = !scrolls || wrap.scrollLeft >= more - 1;
}

// Marks each pit of the side to move: playable, refused (with the reason
// as its title), or still being proven; and the last move's pits. Each
// pit's label says it all for a screen reader ("South pit 3, 6 seeds").
function markPits() {
  const s = state;
  const refusals = new Map(s.refusals);
  const undecided = new Map(s.undecided.map((u) => [u.move, u]));
  document.querySelectorAll('.pit').forEach((el) => {
    el.classList.remove('playable', 'refused', 'proving', 'hinted', 'last-from', 'last-to', 'last-capture');
    const label = el.querySelector('.proving-label');
    if (label) label.remove();
    el.removeAttribute('title');
    const mine = !s.over && el.dataset.owner === s.to_move && s.to_move_seat === 'human';
    const mv = el.dataset.number;
    const count = Number(el.dataset.seeds);
    let aria = sideName(el.dataset.owner) + ' pit ' + mv + ', ' + count + (count === 1 ? ' seed' : ' seeds');
    if (el.dataset.warana) aria += ', warana of ' + sideName(el.dataset.warana);
    const name = el.dataset.pit;
    if (lastMove && lastMove.from === name) {
      el.classList.add('last-from');
      aria += ', the last move started here';
    }
    if (lastMove && lastMove.to === name) {
      el.classList.add('last-to');
      aria += ', the last seed of the last move fell here';
    }
    if (lastMove && lastMove.captures.includes(name)) {
      el.classList.add('last-capture');
      aria += ', captured on the last move';
    }
    if (mine && s.legal.includes(mv)) {
      el.classList.add('playable');
      aria += ', playable';
    } else if (mine && undecided.has(mv)) {
      el.classList.add('proving');
      const l = document.createElement('span');
      l.className = 'proving-label';
      l.textContent = 'proving ...';
      el.appendChild(l);
      el.title = 'Proving whether this sowing ends (' + undecided.get(mv).laps.toLocaleString() + ' laps so far)';
      aria += ', proving whether its sowing ends';
    } else if (mine && refusals.has(mv)) {
      el.classList.add('refused');
      el.title = capital(refusals.get(mv));
      aria += ', may not be played: ' + refusals.get(mv);
    }
    el.setAttribute('aria-label', aria);
  });
}

function capital(s) { return s ? s[0].toUpperCase() + s.slice(1) : s; }

function say(text) {
  const m = $('message');
  m.classList.remove('error');
  m.textContent = text;
}

function sayError(e) {
  const m = $('message');
  m.classList.add('error');
  m.textContent = capital((e && e.message) || String(e)) + '.';
}

// The log: each ply under its heading ("Ply 6: South plays 6."), its
// events listed below it; other lines (undo, the result) stand alone.
let plyList = null;

function logPly(text) {
  const li = document.createElement('li');
  li.className = 'ply';
  const head = document.createElement('div');
  head.className = 'ply-head';
  head.textContent = text;
  plyList = document.createElement('ul');
  li.append(head, plyList);
  $('log').appendChild(li);
  showLatest();
}

function log(text, cls) {
  const li = document.createElement('li');
  li.textContent = text;
  if (cls) {
    li.className = 'note';
    plyList = null;
  }
  (plyList || $('log')).appendChild(li);
  showLatest();
}

// The log scrolls to its latest line inside its own box; the page stays
// where it is (the board in view).
function showLatest() {
  const box = $('log');
  box.scrollTop = box.scrollHeight;
}

// ---- animation ----

// `?fast` in the address: no pauses (the browser tests play whole games).
const FAST = new URLSearchParams(location.search).has('fast');

function delay() {
  if (FAST) return 0;
  // Speed 0..100 -> 700..15 ms a seed.
  const v = Number($('speed').value);
  return Math.round(700 * Math.pow(15 / 700, v / 100));
}

function sleep(ms) {
  if (skipping) return Promise.resolve();
  return new Promise((resolve) => {
    const t = setTimeout(resolve, ms);
    const check = setInterval(() => {
      if (skipping) { clearTimeout(t); clearInterval(check); resolve(); }
    }, 20);
    setTimeout(() => clearInterval(check), ms + 30);
  });
}

// Sowing order (RULES.md section 1): index 0..n-1 South's pits, n..2n-1
// North's, each from his pit 1 (counter-clockwise), or mirrored.
function orderIndex(name, n, clockwise) {
  const owner = name[0];
  const number = Number(name.slice(1));
  const offset = clockwise ? n - number : number - 1;
  return (owner === 'S' ? 0 : n) + offset;
}

function pitAtIndex(idx, n, clockwise) {
  const owner = idx < n ? 'S' : 'N';
  const offset = idx % n;
  return owner + (clockwise ? n - offset : offset + 1);
}

// Animates the events of one move on the drawn board, seed by seed, then
// draws the server's position after it (the authority).
async function animate(before, played, after) {
  const n = before.pits_per_row;
  const cw = !!before.clockwise;
  const seeds = new Map();
  const waranas = new Map();
  before.board.south.forEach((p, i) => { seeds.set('S' + (i + 1), p.seeds); waranas.set('S' + (i + 1), p.warana); });
  before.board.north.forEach((p, i) => { seeds.set('N' + (i + 1), p.seeds); waranas.set('N' + (i + 1), p.warana); });
  const put = (name) => drawPit(name, seeds.get(name), waranas.get(name));
  const flash = async (name, cls) => {
    const el = pitEl(name);
    if (el) el.classList.add(cls);
    await sleep(delay() * 3);
    if (el) el.classList.remove(cls);
  };
  document.querySelectorAll('.pit').forEach((el) => el.classList.remove('playable', 'refused', 'proving'));
  let hand = 0;
  const laps = played.events.filter((ev) => ev.type === 'lap');
  lastMove = laps.length ? {
    from: laps[0].origin,
    to: laps[laps.length - 1].landing,
    captures: played.events.filter((ev) => ev.type === 'capture' || ev.type === 'warana_capture').map((ev) => ev.pit),
  } : null;
  logPly('Ply ' + after.ply + ': ' + sideName(played.player) + ' plays ' + played.move + '.');
  for (const ev of played.events) {
    log(ev.text);
    say(ev.text);
    switch (ev.type) {
      case 'lap': {
        hand += seeds.get(ev.origin);
        seeds.set(ev.origin, 0);
        put(ev.origin);
        let idx = orderIndex(ev.origin, n, cw);
        const originEl = pitEl(ev.origin);
        if (originEl) originEl.classList.add('active');
        await sleep(delay());
        for (let k = 0; k < ev.seeds; k++) {
          idx = (idx + 1) % (2 * n);
          // A game whose laps pass the emptied origin by (Oware).
          if (ev.skips_origin && pitAtIndex(idx, n, cw) === ev.origin) idx = (idx + 1) % (2 * n);
          const name = pitAtIndex(idx, n, cw);
          seeds.set(name, seeds.get(name) + 1);
          hand -= 1;
          put(name);
          const el = pitEl(name);
          if (el) el.classList.add('active');
          await sleep(delay());
          if (el) el.classList.remove('active');
        }
        if (originEl) originEl.classList.remove('active');
        break;
      }
      case 'capture':
        await flash(ev.pit, 'flash');
        seeds.set(ev.pit, 0);
        put(ev.pit);
        break;
      case 'warana_capture':
        await flash(ev.pit, 'flash');
        seeds.set(ev.pit, seeds.get(ev.pit) - ev.seeds);
        put(ev.pit);
        break;
      case 'warana_made':
        waranas.set(ev.pit, ev.owner);
        put(ev.pit);
        await flash(ev.pit, 'active');
        break;
      case 'removed':
        if (hand > 0) {
          hand = Math.max(0, hand - ev.seeds);
        } else {
          seeds.set(ev.from, Math.max(0, seeds.get(ev.from) - ev.seeds));
          put(ev.from);
        }
        await flash(ev.from, 'flash');
        break;
      case 'sweep':
        for (const name of seeds.keys()) { seeds.set(name, 0); put(name); }
        await sleep(delay() * 3);
        break;
      default:
        await sleep(delay() * 4);
    }
  }
  // The drawing must agree with the server's position; a difference would
  // be a bug in this animation (the browser tests look for this warning).
  const mismatch = [];
  after.board.south.forEach((p, i) => { if (seeds.get('S' + (i + 1)) !== p.seeds) mismatch.push('S' + (i + 1)); });
  after.board.north.forEach((p, i) => { if (seeds.get('N' + (i + 1)) !== p.seeds) mismatch.push('N' + (i + 1)); });
  if (mismatch.length) console.warn('animation mismatch at ' + mismatch.join(' '));
}

// ---- moves ----

async function run(task) {
  if (busy) return;
  busy = true;
  try {
    await task();
  } catch (e) {
    sayError(e);
  } finally {
    busy = false;
  }
  afterTurn();
}

async function playMove(mv, path) {
  const before = state;
  const res = await api('POST', '/api/games/' + before.id + path, path === '/move' ? { move: mv } : undefined);
  skipping = false;
  await animate(before, res, res.state);
  show(res.state);
  if (!res.state.over) say(sideName(res.player) + ' played ' + res.move + '.');
  else say(res.state.result);
  if (res.state.over) log(res.state.result, 'ply');
}

function tryMove(mv) {
  const s = state;
  if (!s || busy) return;
  if (s.over) return sayError({ message: 'the game is over: ' + s.result });
  if (s.to_move_seat !== 'human') return sayError({ message: sideName(s.to_move) + ' is played by the computer' });
  if (!s.legal.includes(mv)) {
    const u = s.undecided.find((x) => x.move === mv);
    if (u) return sayError({ message: 'pit ' + mv + ': still proving whether its sowing ends (' + u.laps.toLocaleString() + ' laps so far); the other moves are playable' });
    const why = new Map(s.refusals).get(mv);
    return sayError({ message: (mv === 'S' || mv === 'N' ? mv : 'pit ' + mv) + ' may not be played: ' + (why || 'it is not a legal move') });
  }
  say((mv === 'S' || mv === 'N' ? 'Naming ' + sideName(mv) : 'Sowing pit ' + mv) + ' ...');
  run(() => playMove(mv, '/move'));
}

function clickPit(owner, number) {
  if (!state || busy) return;
  if (owner !== state.to_move && !state.over) {
    return sayError({ message: 'that is ' + sideName(owner) + "'s pit; " + sideName(state.to_move) + ' is to move' });
  }
  tryMove(String(number));
}

// After each turn: let the computer move, if it is its turn.
function afterTurn() {
  const s = state;
  if (!s || s.over || busy || s.to_move_seat === 'human' || $('pause').checked) return;
  if (!s.legal.length) {
    say(sideName(s.to_move) + ' (' + s.to_move_seat + ') waits for the proof whether its moves end ...');
    return; // the poll refreshes the state and calls us again
  }
  say(sideName(s.to_move) + ' (' + s.to_move_seat + ') is thinking ...');
  run(() => playMove(null, '/computer'));
}

function schedulePoll() {
  clearTimeout(pollTimer);
  if (!state || !state.undecided.length) return;
  pollTimer = setTimeout(async () => {
    if (busy) return schedulePoll();
    try {
      const s = await api('GET', '/api/games/' + state.id);
      if (!busy && s.ply === state.ply && s.id === state.id) show(s);
      afterTurn();
    } catch (e) {
      sayError(e);
    }
  }, 500);
}

async function undo() {
  const res = await api('POST', '/api/games/' + state.id + '/undo');
  lastMove = null;
  show(res.state);
  log('Took back ' + res.moves.join(', ') + '.', 'ply');
  say('Took back ' + res.moves.length + ' move' + (res.moves.length === 1 ? '' : 's') + ': ' + res.moves.join(', ') + '.');
}

async function redo() {
  const res = await api('POST', '/api/games/' + state.id + '/redo');
  lastMove = null;
  show(res.state);
  log('Played again ' + res.moves.join(', ') + '.', 'ply');
  say('Played again: ' + res.moves.join(', ') + '.');
}

async function hint() {
  const res = await api('GET', '/api/games/' + state.id + '/hint');
  if (!res.move) return say('No hint yet: no move is proven playable.');
  const text = res.move === 'S' || res.move === 'N' ? 'name ' + sideName(res.move) : 'pit ' + res.move;
  if (res.database && res.database.length) {
    // The endgame databases hold the position: every move's exact result.
    const best = res.database[0];
    say('Hint (databases): ' + text + ', ' + best.verdict + ': ' + best.result + '.');
    log('Databases: ' + res.database.map((m) => m.move + ' ' + m.verdict + ' (' + m.result + ')').join(', ') + '.', 'hint');
  } else {
    say('Hint (' + res.player + '): ' + text + '.' + (res.database_error ? ' (The databases could not be read: ' + res.database_error + ')' : ''));
  }
  const el = res.move === 'S' || res.move === 'N' ? null : pitEl(state.to_move + res.move);
  if (el) el.classList.add('hinted');
}

// ---- keys ----

document.addEventListener('keydown', (e) => {
  if (!state || e.target.closest('input, textarea, select') || e.ctrlKey || e.metaKey || e.altKey) return;
  const k = e.key;
  if (k === 'Escape') { skipping = true; return; }
  if (/^[0-9]$/.test(k)) {
    typed += k;
    clearTimeout(typedTimer);
    const n = state.pits_per_row;
    // A second digit may follow if it could still name a pit.
    if (typed !== '0' && Number(typed) * 10 <= n && typed.length < 2) {
      typedTimer = setTimeout(() => { const t = typed; typed = ''; tryMove(String(Number(t))); }, 700);
    } else {
      const t = typed; typed = '';
      if (Number(t) < 1 || Number(t) > n) sayError({ message: 'there is no pit ' + t + ': pits are numbered 1 to ' + n });
      else tryMove(String(Number(t)));
    }
    return;
  }
  const upper = k.toUpperCase();
  if ((upper === 'S' || upper === 'N') && state.legal.includes(upper)) return tryMove(upper);
  if (upper === 'U' && !busy) return run(undo);
  if (upper === 'R' && !busy) return run(redo);
  if (upper === 'H' && !busy) return run(hint);
});

// ---- wiring ----

$('game').addEventListener('change', showOptions);
$('setup-form').addEventListener('submit', (e) => { e.preventDefault(); newGame(); });
$('load-button').addEventListener('click', loadFromText);
$('undo').addEventListener('click', () => run(undo));
$('redo').addEventListener('click', () => run(redo));
$('hint').addEventListener('click', () => run(hint));
$('skip').addEventListener('click', () => { skipping = true; });
$('pause').addEventListener('change', () => { if (state && !busy) show(state); afterTurn(); });
document.querySelectorAll('#choice button').forEach((b) => b.addEventListener('click', () => tryMove(b.dataset.move)));
document.querySelectorAll('.copy').forEach((b) => b.addEventListener('click', async () => {
  const input = $(b.dataset.copy);
  input.select();
  try {
    await navigator.clipboard.writeText(input.value);
    say('Copied the ' + b.dataset.copy + '.');
  } catch (_) {
    document.execCommand && document.execCommand('copy');
    say('Selected the ' + b.dataset.copy + ': copy it with Ctrl+C.');
  }
}));

// ---- the game's id: a reload, or a restart of the server, reopens it ----

// The game is named in the address (?game=ID: a reload, a bookmark or a
// link reopens it) and in the tab's session storage (a reload of the bare
// address does too). A new tab starts a new game; "Your games" lists the
// others.
function remember(id) {
  try { sessionStorage.setItem('sowing.game', id); } catch (_) { /* storage off */ }
  const params = new URLSearchParams(location.search);
  if (params.get('game') !== id) {
    params.set('game', id);
    history.replaceState(null, '', location.pathname + '?' + params.toString());
  }
}

function rememberedId() {
  const fromUrl = new URLSearchParams(location.search).get('game');
  if (fromUrl) return fromUrl;
  try { return sessionStorage.getItem('sowing.game'); } catch (_) { return null; }
}

// Opens the game `id` as the server keeps it; false if it has none.
async function openGame(id, first) {
  const mine = ++starts;
  let s;
  try {
    s = await api('GET', '/api/games/' + encodeURIComponent(id));
  } catch (e) {
    if (e && e.error === 'unknown_game') return false;
    throw e;
  }
  if (mine !== starts) return true;
  $('log').innerHTML = '';
  plyList = null;
  lastMove = null;
  $('play').hidden = false;
  $('first-screen').hidden = !first;
  show(s);
  say('Reopened ' + s.title + (s.ply ? ' at ply ' + s.ply : '') + (s.over ? ': ' + s.headline + '.' : '.'));
  afterTurn();
  return true;
}

// ---- the games the server keeps: list, open, replay ----

async function listGames() {
  const list = $('games-list');
  const res = await api('GET', '/api/games');
  list.innerHTML = '';
  if (!res.games.length) {
    const li = document.createElement('li');
    li.textContent = 'No games yet.';
    list.appendChild(li);
  }
  for (const g of res.games) {
    const li = document.createElement('li');
    li.dataset.game = g.id;
    const text = document.createElement('span');
    text.textContent = g.title + ': ' + seatWords(g.south) + ' against ' + seatWords(g.north) + ', ' + g.ply + ' plies, ' +
      (g.over ? g.headline : 'in progress') + (g.id === (state && state.id) ? ' (this game)' : '');
    const open = document.createElement('button');
    open.type = 'button';
    open.className = 'open-game';
    open.textContent = 'Open';
    open.addEventListener('click', () => run(() => openGame(g.id)));
    li.append(text, ' ', open);
    if (g.over) {
      const replay = document.createElement('button');
      replay.type = 'button';
      replay.className = 'replay-game';
      replay.textContent = 'Replay';
      replay.addEventListener('click', () => run(async () => { await openGame(g.id); await startReplay(); }));
      li.append(' ', replay);
    }
    list.appendChild(li);
  }
}

// A replay steps through a game's plies; the board shows the position after
// the ply shown, and the game itself is not changed.
let replayPly = null;

async function showPly(ply) {
  const v = await api('GET', '/api/games/' + encodeURIComponent(state.id) + '?ply=' + ply);
  replayPly = ply;
  drawBoard(v.board);
  const moves = state.record ? state.record.split('/') : [];
  $('replay-text').textContent = 'Replay: ply ' + ply + ' of ' + state.ply +
    (ply > 0 ? ', ' + sideName(ply === state.ply && state.over ? state.to_move : v.to_move) + ' to move after ' + moves[ply - 1] : ', the start');
  $('replay-prev').disabled = ply === 0;
  $('replay-next').disabled = ply >= state.ply;
}

async function startReplay() {
  if (!state) return;
  $('replay').hidden = false;
  await showPly(0);
}

function endReplay() {
  replayPly = null;
  $('replay').hidden = true;
}

// For the browser tests: what the page knows.
window.sowingPage = () => ({ state, busy, replayPly });

$('board-wrap').addEventListener('scroll', scrollCues);
window.addEventListener('resize', scrollCues);

// The first screen: a game ready to play (the form's defaults: a person as
// South against the strongest computer player), not an empty page.
$('games-box').addEventListener('toggle', () => { if ($('games-box').open) listGames().catch(sayError); });
$('replay-prev').addEventListener('click', () => run(() => showPly(replayPly - 1)));
$('replay-next').addEventListener('click', () => run(() => showPly(replayPly + 1)));
$('replay-end').addEventListener('click', () => { endReplay(); if (state) show(state); });

// The first screen: the game this browser played last, if the server still
// keeps it (after a reload, or a restart of the server); else a game ready
// to play (the form's defaults: a person as South against the strongest
// computer player), not an empty page.
loadMeta().then(async () => {
  const id = rememberedId();
  if (id && !state && !starts && await openGame(id)) return;
  if (!state && starts <= 1) return newGame(undefined, true);
}).catch(sayError);
