// End-to-end tests of the web board in headless Chromium (Debian's
// `chromium`, driven by playwright-core): a whole Sadeqa III game against
// the computer by clicking, Andada's opening and choice, undo, a loaded
// position drawn as its string says, refusals explained, an endless-sowing
// proof shown as "proving ..." while the other moves stay playable, and a
// phone-sized screen. Screenshots go to tests/browser/screenshots/ (git-ignored);
// board.test.mjs writes the README's (docs/board.png, docs/board-phone.png).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startServer, launchBrowser, repo, pick, press } from './server.mjs';

const shots = path.join(repo, 'tests/browser/screenshots');
let server;
let context;
let profile;
const warnings = [];

before(async () => {
  mkdirSync(shots, { recursive: true });
  server = await startServer();
  ({ context, profile } = await launchBrowser(chromium));
});

after(async () => {
  if (context) await context.close();
  if (server) server.stop();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

async function openPage(query = '?fast') {
  const page = await context.newPage();
  page.on('console', (m) => { if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text()); });
  page.on('pageerror', (e) => warnings.push('page error: ' + e.message));
  await page.goto(server.url + query);
  await page.waitForSelector('#south option', { state: 'attached' });
  // The first screen's game is on the board.
  await page.waitForFunction(() => window.sowingPage().state && !window.sowingPage().busy);
  return page;
}

// Waits until the page is idle: no request or animation running, and
// either the game is over or a person is to move with a playable move.
async function idle(page, timeout = 30000) {
  await page.waitForFunction(() => {
    const { state, busy } = window.sowingPage();
    return state && !busy && (state.over || (state.to_move_seat === 'human' && state.legal.length > 0));
  }, null, { timeout });
  return page.evaluate(() => window.sowingPage().state);
}

// The drawn board: each pit's name, seeds and warana owner, in screen order.
async function drawn(page) {
  return page.$$eval('#board .pit', (els) => els.map((el) => ({
    pit: el.dataset.pit,
    seeds: Number(el.querySelector('.count').textContent),
    dots: el.querySelectorAll('.seed').length,
    warana: el.dataset.warana || null,
    top: el.getBoundingClientRect().top,
    left: el.getBoundingClientRect().left,
  })));
}

test('a whole Sadeqa III game against the computer, by clicking', async () => {
  const page = await openPage();
  await pick(page, '#game', 'sadeqa-iii');
  await pick(page, '#south', 'human');
  await pick(page, '#north', 'greedy');
  await press(page, '#new-game');
  let s = await idle(page);
  assert.equal(s.variant, 'sadeqa-iii');
  let clicks = 0;
  while (!s.over) {
    // The first playable pit of South's row, as a person would click it.
    const pit = await page.$('#board .pit.playable[data-owner="S"]');
    assert.ok(pit, 'South has a playable pit');
    const ply = s.ply;
    await pit.click();
    clicks += 1;
    await page.waitForFunction((p) => window.sowingPage().state.ply > p, ply);
    s = await idle(page, 60000);
    if (clicks === 3) await page.screenshot({ path: path.join(shots, 'sadeqa-iii-game.png') });
    assert.ok(clicks < 500, 'the game ends');
  }
  const status = await page.textContent('#status');
  assert.match(status, /cannot move|repetition/, 'the result says why the game ended: ' + status);
  assert.match(status, /wins|draw/);
  assert.equal(await page.inputValue('#record'), s.record);
  assert.equal(s.record.split('/').length, s.ply);
  await page.screenshot({ path: path.join(shots, 'sadeqa-iii-over.png') });
  assert.deepEqual(warnings.filter((w) => /mismatch|error/i.test(w)), []);
  await page.close();
});

test("Andada's opening and choice, then undo", async () => {
  const page = await openPage();
  await pick(page, '#game', 'andada');
  await pick(page, '#andada-size', '12');
  await pick(page, '#south', 'human');
  await pick(page, '#north', 'human');
  await press(page, '#new-game');
  let s = await idle(page);
  assert.equal(s.phase, 'opening');
  assert.match(await page.textContent('#status'), /opening/);
  await page.click('#board .pit[data-pit="S1"]');
  s = await page.waitForFunction(() => window.sowingPage().state.ply === 1).then(() => idle(page));
  assert.equal(s.phase, 'choice');
  // RULES.md 6: from South's pit 1, both rows read 0,3,3,0,3,3,...
  const board = await drawn(page);
  const row = (owner) => board.filter((p) => p.pit[0] === owner)
    .sort((a, b) => Number(a.pit.slice(1)) - Number(b.pit.slice(1))).map((p) => p.seeds);
  assert.deepEqual(row('S'), [0, 3, 3, 0, 3, 3, 0, 3, 3, 0, 3, 3]);
  assert.deepEqual(row('N'), [0, 3, 3, 0, 3, 3, 0, 3, 3, 0, 3, 3]);
  assert.equal(await page.isVisible('#choice'), true);
  // A pit is refused during the choice, and says why.
  await page.click('#board .pit[data-pit="N2"]');
  assert.match(await page.textContent('#message'), /choice move is due/);
  await page.screenshot({ path: path.join(shots, 'andada-choice.png') });
  await page.click('#choose-S');
  s = await page.waitForFunction(() => window.sowingPage().state.ply === 2).then(() => idle(page));
  assert.equal(s.phase, 'play');
  assert.equal(s.to_move, 'S');
  assert.match(await page.textContent('#log'), /South makes the first regular move/);
  // Undo takes back the choice; redo plays it again.
  await page.click('#undo');
  s = await page.waitForFunction(() => window.sowingPage().state.ply === 1).then(() => idle(page));
  assert.equal(s.phase, 'choice');
  await page.click('#redo');
  s = await page.waitForFunction(() => window.sowingPage().state.ply === 2).then(() => idle(page));
  assert.equal(s.record, '1/S');
  await page.close();
});

test('a loaded position string is drawn as it reads, and refusals are explained', async () => {
  const page = await openPage();
  const text = 'sadeqa-v 1,0,0,0,1,3w,0,0,2,0/0,5,0,0,4w,0,0,0,0,1 S 31-32';
  await press(page, '#load summary');
  await page.fill('#load-text', text);
  await pick(page, '#south', 'human');
  await page.click('#load-button');
  const s = await idle(page);
  assert.equal(s.position, text);
  assert.equal(await page.inputValue('#position'), text);
  const board = await drawn(page);
  const [south, north] = text.split(' ')[1].split('/').map((r) => r.split(','));
  for (const [owner, row] of [['S', south], ['N', north]]) {
    row.forEach((cell, i) => {
      const p = board.find((b) => b.pit === owner + (i + 1));
      assert.equal(p.seeds, parseInt(cell, 10), p.pit + ' seeds');
      assert.equal(p.dots, parseInt(cell, 10), p.pit + ' drawn seeds');
      assert.equal(p.warana, cell.endsWith('w') ? (owner === 'S' ? 'N' : 'S') : null, p.pit + ' warana');
    });
  }
  // RULES.md section 1: North's row on top, N10 at the left; South's below, S1 at the left.
  const at = (name) => board.find((b) => b.pit === name);
  assert.ok(at('N10').top < at('S1').top);
  assert.ok(at('N10').left < at('N1').left);
  assert.ok(at('S1').left < at('S10').left);
  assert.ok(Math.abs(at('N10').left - at('S1').left) < 2);
  // Points: captured plus the seeds in one's waranas.
  assert.match(await page.textContent('#south-line'), /points 35 \(31 captured \+ 4 in waranas: N5\)/);
  assert.match(await page.textContent('#north-line'), /points 35 \(32 captured \+ 3 in waranas: S6\)/);
  // The position panel closed when the game started; it opens again.
  assert.equal(await page.evaluate(() => document.querySelector('#load').open), false);
  await press(page, '#load summary');
  // Refusals say why.
  await page.click('#board .pit[data-pit="S2"]');
  assert.match(await page.textContent('#message'), /pit 2 is empty/);
  await page.click('#board .pit[data-pit="S6"]');
  assert.match(await page.textContent('#message'), /warana and may not be played/);
  await page.keyboard.press('0');
  assert.match(await page.textContent('#message'), /pits are numbered 1 to 10/);
  await page.screenshot({ path: path.join(shots, 'sadeqa-v-loaded.png') });
  // A malformed string is refused with the reason.
  await page.fill('#load-text', 'sadeqa-v 1,2/3 S 0-0');
  await page.click('#load-button');
  await page.waitForFunction(() => /bad position string/i.test(document.querySelector('#message').textContent));
  assert.match(await page.textContent('#message'), /South's row has 2 pits, the variant has 10/);
  assert.equal(await page.evaluate(() => document.querySelector('#message').className), 'error');
  await page.close();
});

test('an endless-sowing proof in progress shows "proving ..." and the other moves stay playable', async () => {
  const page = await openPage();
  // North's pit 2 here takes minutes to prove endless (docs/GAMES.md, "Endless sowing").
  await press(page, '#load summary');
  await page.fill('#load-text', 'sadeqa-iii 5,0,5,11,1,4,12,0/1,11,13,0,11,8,1,0 N 4-9');
  await pick(page, '#north', 'human');
  await pick(page, '#south', 'human');
  await page.click('#load-button');
  await idle(page);
  await page.waitForSelector('#board .pit.proving[data-pit="N2"] .proving-label');
  assert.equal(await page.textContent('#board .pit[data-pit="N2"] .proving-label'), 'proving ...');
  assert.match(await page.textContent('#status'), /proving whether pit 2/);
  await page.click('#board .pit[data-pit="N2"]');
  assert.match(await page.textContent('#message'), /still proving/);
  await page.screenshot({ path: path.join(shots, 'proving.png') });
  const s = await page.evaluate(() => window.sowingPage().state);
  assert.ok(s.legal.includes('1'));
  await page.click('#board .pit[data-pit="N1"]');
  await page.waitForFunction(() => window.sowingPage().state.ply === 1);
  // A shorter proof ends while the page waits: South's pit 1 here returns
  // to its first state after 16,484,936 laps, and the mark becomes a refusal.
  await press(page, '#load summary');
  await page.fill('#load-text', 'sadeqa-iii 9,7,3,2,1,3,6,1/0,3,8,3,2,3,4,1 S 33-7');
  await page.click('#load-button');
  await page.waitForFunction(() => {
    const s = window.sowingPage().state;
    return s.position.startsWith('sadeqa-iii 9,7') && s.endless.includes('1') && !s.undecided.length;
  }, null, { timeout: 60000 });
  await page.waitForFunction(() => /never ends/.test(document.querySelector('#board .pit[data-pit="S1"]').title));
  await page.close();
});

test('a game between two computer players, animated, on a phone-sized screen', async () => {
  const page = await context.newPage();
  page.on('console', (m) => { if (m.type() === 'warning') warnings.push(m.text()); });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(server.url);
  await page.waitForSelector('#south option', { state: 'attached' });
  await page.waitForFunction(() => window.sowingPage().state && !window.sowingPage().busy);
  await pick(page, '#game', 'sadeqa-v');
  await pick(page, '#south', 'random');
  await pick(page, '#north', 'greedy');
  await press(page, '#new-game');
  // The animation runs seed by seed: a pit lights up while it is sown.
  await page.waitForSelector('#board .pit.active', { timeout: 10000 });
  await page.waitForFunction(() => window.sowingPage().state.ply >= 6, null, { timeout: 60000 });
  await page.check('#pause');
  await page.click('#skip');
  await page.waitForFunction(() => !window.sowingPage().busy);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 392, 'the page fits the phone\'s width (' + width + ' px); the board scrolls inside it');
  await page.screenshot({ path: path.join(shots, 'phone.png'), fullPage: true });
  // The same game on a desktop-sized screen.
  await page.setViewportSize({ width: 1000, height: 760 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(shots, 'computers.png') });
  assert.deepEqual(warnings.filter((w) => /mismatch/.test(w)), []);
  await page.close();
});

// Issue 24: the page as a new user first meets it.

test('the first screen is a board ready to play, with an icon and no failed request', async () => {
  const page = await context.newPage();
  const failed = [];
  const errors = [];
  page.on('response', (r) => { if (r.status() >= 400) failed.push(r.status() + ' ' + r.url()); });
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.setViewportSize({ width: 1000, height: 760 });
  await page.goto(server.url);
  // A game is on the board at once: a person's pits to click, no setup first.
  await page.waitForSelector('#board .pit.playable[data-owner="S"]', { timeout: 10000 });
  assert.equal(await page.isVisible('#play'), true);
  assert.equal(await page.isVisible('#first-screen'), true);
  assert.match(await page.textContent('#first-screen'), /New game/);
  const s = await page.evaluate(() => window.sowingPage().state);
  assert.equal(s.variant, 'sadeqa-iii');
  assert.equal(s.ply, 0);
  assert.equal(s.to_move_seat, 'human');
  assert.equal(await page.evaluate(() => document.querySelector('#load').open), false);
  // The icon is linked and served (also at /favicon.ico, where browsers look).
  const icon = await page.getAttribute('link[rel="icon"]', 'href');
  for (const url of [icon, '/favicon.ico']) {
    const r = await page.request.get(server.url.replace(/\/$/, '') + url);
    assert.equal(r.status(), 200, url);
    assert.match(r.headers()['content-type'], /image\/svg\+xml/);
  }
  await page.screenshot({ path: path.join(shots, 'first-screen.png') });
  // It plays: a click, and the computer answers.
  await page.click('#board .pit.playable[data-owner="S"]');
  await page.waitForFunction(() => window.sowingPage().state.ply >= 2, null, { timeout: 30000 });
  assert.equal(await page.isVisible('#first-screen'), true);
  // A game started from the form leaves the first screen's note.
  await page.waitForFunction(() => !window.sowingPage().busy);
  await press(page, '#new-game');
  await page.waitForFunction(() => window.sowingPage().state.ply === 0 && !window.sowingPage().busy);
  assert.equal(await page.isVisible('#first-screen'), false);
  assert.deepEqual(failed, []);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the position panel closes once a game starts', async () => {
  const page = await openPage();
  const text = 'sadeqa-ii 1,5,5,1,0,1/5,5,0,4,4,0 S 4-1';
  await press(page, '#load summary');
  assert.equal(await page.evaluate(() => document.querySelector('#load').open), true);
  await page.fill('#load-text', text);
  await page.click('#load-button');
  await page.waitForFunction((t) => window.sowingPage().state.position === t && !window.sowingPage().busy, text);
  assert.equal(await page.evaluate(() => document.querySelector('#load').open), false);
  assert.equal(await page.isVisible('#load-text'), false);
  // Open again, then a game from the form closes it too.
  await press(page, '#load summary');
  await press(page, '#new-game');
  await page.waitForFunction((t) => window.sowingPage().state.position !== t && !window.sowingPage().busy, text);
  assert.equal(await page.evaluate(() => document.querySelector('#load').open), false);
  await page.close();
});

test('a wide board on a phone shows that it scrolls', async () => {
  const page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(server.url + '?fast');
  await page.waitForFunction(() => window.sowingPage().state && !window.sowingPage().busy);
  // The 2 x 6, 2 x 8 and 2 x 10 boards fit a phone held upright.
  for (const game of ['sadeqa-ii', 'sadeqa-iii', 'sadeqa-v']) {
    await pick(page, '#game', game);
    await pick(page, '#south', 'human');
    await pick(page, '#north', 'human');
    await press(page, '#new-game');
    await page.waitForFunction((g) => window.sowingPage().state.variant === g && !window.sowingPage().busy, game);
    const cut = await page.evaluate(() => { const w = document.querySelector('#board-wrap'); return w.scrollWidth - w.clientWidth; });
    assert.ok(cut <= 1, game + ': the board fits the phone (' + cut + ' px cut)');
    assert.equal(await page.isVisible('#scroll-hint'), false, game);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, game + ': no sideways scrolling (' + width + ' px)');
  }
  // Andada's wider boards scroll in their own strip, marked as such.
  for (const [game, size] of [['andada', '12'], ['andada', '24']]) {
    await pick(page, '#game', game);
    if (size) await pick(page, '#andada-size', size);
    await pick(page, '#south', 'human');
    await pick(page, '#north', 'human');
    await press(page, '#new-game');
    await page.waitForFunction((g) => window.sowingPage().state.variant.startsWith(g) && !window.sowingPage().busy, game);
    const what = game + (size ? '-' + size : '');
    const cut = await page.evaluate(() => { const w = document.querySelector('#board-wrap'); return w.scrollWidth - w.clientWidth; });
    assert.ok(cut > 0, what + ': the board is wider than the phone');
    assert.equal(await page.isVisible('#scroll-hint'), true, what + ': the line says it scrolls');
    assert.equal(await page.isVisible('.scroll-cue.right'), true, what + ': more pits on the right');
    assert.equal(await page.isVisible('.scroll-cue.left'), false, what + ': nothing on the left yet');
    if (size === '12') await page.screenshot({ path: path.join(shots, 'phone-scroll.png') });
    await page.evaluate(() => { const w = document.querySelector('#board-wrap'); w.scrollLeft = w.scrollWidth; });
    await page.waitForFunction(() => document.querySelector('.scroll-cue.right').hidden);
    assert.equal(await page.isVisible('.scroll-cue.left'), true, what + ': more pits on the left');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 392, what + ': the page itself fits (' + width + ' px)');
  }
  // On a desktop screen Sadeqa V fits: no cue.
  await page.setViewportSize({ width: 1200, height: 900 });
  await pick(page, '#game', 'sadeqa-v');
  await press(page, '#new-game');
  await page.waitForFunction(() => window.sowingPage().state.variant === 'sadeqa-v' && !window.sowingPage().busy);
  assert.equal(await page.isVisible('#scroll-hint'), false);
  assert.equal(await page.isVisible('.scroll-cue.right'), false);
  await page.close();
});

test('the desktop log heads each ply', async () => {
  const page = await openPage();
  await pick(page, '#game', 'sadeqa-iii');
  await pick(page, '#south', 'human');
  await pick(page, '#north', 'greedy');
  await press(page, '#new-game');
  let s = await idle(page);
  while (s.ply < 6 && !s.over) {
    const ply = s.ply;
    await page.click('#board .pit.playable[data-owner="S"]');
    await page.waitForFunction((p) => window.sowingPage().state.ply > p, ply);
    s = await idle(page);
  }
  const log = await page.$$eval('#log > li', (els) => els.map((el) => ({
    cls: el.className,
    head: el.querySelector('.ply-head') ? el.querySelector('.ply-head').textContent : null,
    events: el.querySelectorAll('ul > li').length,
  })));
  const plies = log.filter((l) => l.cls === 'ply');
  assert.equal(plies.length, s.ply, JSON.stringify(log));
  plies.forEach((l, i) => {
    assert.match(l.head, new RegExp('^Ply ' + (i + 1) + ': (South|North) plays \\d+\\.$'));
    assert.ok(l.events > 0, l.head + ' lists what happened');
  });
  // Every line of the log is a ply's heading or under one, or a note.
  assert.ok(log.every((l) => l.cls === 'ply' || l.cls === 'note'), JSON.stringify(log));
  await page.screenshot({ path: path.join(shots, 'log.png') });
  await page.close();
});

test('the API takes a move as a number, and a wrong body is named in its own terms', async () => {
  const page = await openPage();
  const call = (path, body) => page.evaluate(async ([p, b]) => {
    const r = await fetch(p, { method: 'POST', headers: { 'content-type': 'application/json' }, body: b });
    return { status: r.status, data: await r.json() };
  }, [path, body]);
  const rustish = /NewGame|MoveRequest|struct|u64|Option|String|sequence|invalid type|Failed to parse/;
  for (const [body, code, words] of [
    ['[]', 'bad_body', /JSON object/],
    ['3', 'bad_body', /JSON object/],
    ['{"seed": -1}', 'bad_field', /"seed" must be a whole number/],
    ['{"variant": 3}', 'bad_field', /"variant" must be a string/],
    ['{"starter_only": "yes"}', 'bad_field', /"starter_only" must be true or false/],
    ['{"colour": "red"}', 'bad_field', /unknown field "colour": the fields are variant/],
    // Numbers no JSON reader holds are a field's error too (issue 32).
    ['{"seed": 1e400}', 'bad_field', /field "seed" holds a number out of range \(at line 1 column 14\): it must be a whole number from 0 to/],
    ['{"seed": -1e400}', 'bad_field', /field "seed" holds a number out of range/],
    ['{"variant": [1e999]}', 'bad_field', /field "variant" holds a number out of range.*: it must be a string/],
    ['1e400', 'bad_body', /holds a number out of range.*JSON object/],
  ]) {
    const r = await call('/api/games', body);
    assert.equal(r.status, 422, body);
    assert.equal(r.data.error, code, body);
    assert.match(r.data.message, words, body);
    assert.doesNotMatch(r.data.message, rustish, body);
  }
  // A record is read whole against the board: the board's pit range.
  const rec = await call('/api/games', '{"variant": "sadeqa-iii", "record": "1/99999999999999999999"}');
  assert.equal(rec.data.error, 'bad_record');
  assert.match(rec.data.message, /pits are numbered 1 to 8/);
  assert.doesNotMatch(rec.data.message, /24 at most/);
  const g = await call('/api/games', '{"variant": "sadeqa-iii", "south": "human", "north": "human"}');
  assert.equal(g.status, 201);
  const id = g.data.id;
  const one = await call('/api/games/' + id + '/move', '{"move": 1}');
  assert.equal(one.status, 200, JSON.stringify(one.data));
  assert.equal(one.data.move, '1');
  const two = await call('/api/games/' + id + '/move', '{"move": "3"}');
  assert.equal(two.status, 200, JSON.stringify(two.data));
  for (const body of ['{"move": true}', '{"move": 1.5}', '{}', '[]', '{"move": 2, "pit": 2}', '{"move":1e400}',
    '{"move": -1e400}', '{"move": [1, {"a": 1e400}]}', '{"move": 99999999999999999999}', '{"move": -3}']) {
    const r = await call('/api/games/' + id + '/move', body);
    assert.equal(r.status, 422, body);
    assert.match(r.data.message, /"move"|JSON object|unknown field "pit"/, body);
    assert.doesNotMatch(r.data.message, rustish, body);
  }
  const huge = await call('/api/games/' + id + '/move', '{"move":1e400}');
  assert.deepEqual(huge.data, { error: 'bad_field', message: 'field "move" holds a number out of range (at line 1 column 13): '
    + 'it must be a pit number (3 or "3") or "S"/"N"' });
  // Malformed JSON is named in the API's words, not the JSON library's.
  for (const body of ['{"move": ', '{"move": tru}', '{"move": 3} x', "{'move': 3}"]) {
    const r = await call('/api/games/' + id + '/move', body);
    assert.equal(r.status, 400, body);
    assert.equal(r.data.error, 'malformed_json', body);
    assert.match(r.data.message, /^the request body is not well-formed JSON/, body);
    assert.doesNotMatch(r.data.message, rustish, body);
  }
  const far = await call('/api/games/' + id + '/move', '{"move": 25}');
  assert.equal(far.data.error, 'bad_move');
  assert.match(far.data.message, /pits are numbered 1 to 8/);
  await page.close();
});
