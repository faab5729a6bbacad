// The web board as a player sees it (issue 32): the board is the page at
// desktop and phone sizes, each side's captured seeds beside its row, the
// last move marked, the settings and the notation on demand; every pit a
// button a screen reader names, the game playable from the keyboard alone,
// no serious or critical accessibility violation (axe-core); a "How to
// play" page for each game, from the rule book; the winner's score first.
// SCREENSHOT_README=1 also writes docs/board.png and docs/board-phone.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, copyFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { startServer, launchBrowser, repo, pick, press } from './server.mjs';

const shots = path.join(repo, 'tests/browser/screenshots');
let server;
let context;
let profile;

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

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function open(viewport, query = '') {
  const page = await context.newPage();
  await page.setViewportSize(viewport);
  await page.goto(server.url + query);
  await page.waitForSelector('#board .pit.playable[data-owner="S"]', { timeout: 10000 });
  await page.waitForFunction(() => window.sowingPage().state && !window.sowingPage().busy);
  return page;
}

async function loadPosition(page, text) {
  await press(page, '#load summary');
  await page.fill('#load-text', text);
  await pick(page, '#south', 'human');
  await pick(page, '#north', 'human');
  await page.click('#load-button');
  await page.waitForFunction((t) => window.sowingPage().state.position === t && !window.sowingPage().busy, text);
}

// Serious and critical violations found by axe-core on the page as it is.
async function violations(page) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => v.id + ' (' + v.impact + '): ' + v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', '));
}

for (const [size, viewport, file] of [['desktop', DESKTOP, 'board.png'], ['phone', PHONE, 'board-phone.png']]) {
  test('the first screen is the board, on a ' + size + ' screen', async () => {
    const page = await open(viewport);
    // The settings, the position and record, and the log open on demand.
    for (const id of ['settings', 'record-box', 'log-box', 'load']) {
      assert.equal(await page.evaluate((i) => document.getElementById(i).open, id), false, id + ' is closed');
    }
    assert.equal(await page.isVisible('#game'), false);
    assert.equal(await page.isVisible('#position'), false);
    // The board is the largest thing on the screen, and fits its width.
    const box = async (sel) => {
      const b = await page.locator(sel).first().boundingBox();
      return b ? b.width * b.height : 0;
    };
    const board = await box('#board');
    for (const sel of ['header.bar', '#settings', '#first-screen', '#status', '#north-line', '#south-line',
      '#controls', '#record-box', '#log-box', '#play > p.hint-text:last-child']) {
      assert.ok(board > await box(sel), sel + ' is smaller than the board');
    }
    const b = await page.locator('#board').boundingBox();
    assert.ok(b.x >= 0 && b.x + b.width <= viewport.width, 'the board fits across (' + JSON.stringify(b) + ')');
    assert.ok(b.y + b.height <= viewport.height, 'the whole board is on the first screen');
    assert.ok(b.width >= viewport.width * 0.6, 'the board takes most of the width (' + b.width + ' px)');
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), viewport.width);
    // Each side's captured seeds beside its row.
    const store = await page.locator('#north-store').boundingBox();
    const n1 = await page.locator('#board .pit[data-pit="N1"]').boundingBox();
    const s8 = await page.locator('#board .pit[data-pit="S8"]').boundingBox();
    const south = await page.locator('#south-store').boundingBox();
    assert.ok(Math.abs(store.y - n1.y) < 2 && store.x > n1.x, "North's captured seeds at the right of his row");
    assert.ok(Math.abs(south.y - s8.y) < 2 && south.x > s8.x, "South's captured seeds at the right of his row");
    assert.match(await page.textContent('#south-store'), /South\s*0\s*points/);
    await page.screenshot({ path: path.join(shots, file) });
    if (process.env.SCREENSHOT_README) copyFileSync(path.join(shots, file), path.join(repo, 'docs', file));
    // No serious or critical accessibility violation, before and after a move.
    assert.deepEqual(await violations(page), []);
    await page.click('#board .pit[data-pit="S3"]');
    await page.waitForFunction(() => window.sowingPage().state.ply >= 2 && !window.sowingPage().busy, null, { timeout: 30000 });
    await press(page, '#load summary');
    await page.evaluate(() => { document.querySelector('#record-box').open = true; document.querySelector('#log-box').open = true; });
    assert.deepEqual(await violations(page), []);
    await page.close();
  });
}

test('every pit is a button a screen reader names, and the game plays from the keyboard alone', async () => {
  const page = await open(DESKTOP, '?fast');
  const labels = await page.$$eval('#board .pit', (els) => els.map((el) => [el.tagName, el.dataset.pit, el.getAttribute('aria-label')]));
  assert.equal(labels.length, 16);
  for (const [tag, pit, label] of labels) {
    assert.equal(tag, 'BUTTON');
    const side = pit[0] === 'S' ? 'South' : 'North';
    assert.ok(label.startsWith(side + ' pit ' + pit.slice(1) + ', 6 seeds'), label);
  }
  assert.equal(await page.getAttribute('#board .pit[data-pit="S3"]', 'aria-label'), 'South pit 3, 6 seeds, playable');
  // Tab reaches the board (one pit in the tab order), the arrow keys move
  // along it, Enter sows.
  let focused = null;
  for (let i = 0; i < 12 && focused === null; i++) {
    await page.keyboard.press('Tab');
    focused = await page.evaluate(() => document.activeElement.dataset.pit || null);
  }
  assert.equal(focused, 'S1');
  const at = () => page.evaluate(() => document.activeElement.dataset.pit);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.equal(await at(), 'S3');
  await page.keyboard.press('ArrowUp');
  assert.equal(await at(), 'N6', 'North\'s pit above South\'s pit 3');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
  assert.equal(await at(), 'S8');
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  assert.equal(await at(), 'S2');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.sowingPage().state.ply >= 2 && !window.sowingPage().busy, null, { timeout: 30000 });
  const s = await page.evaluate(() => window.sowingPage().state);
  assert.ok(s.record.startsWith('2/'), s.record);
  // The last move (the computer's answer) is marked: where it started,
  // where its last seed fell.
  const from = await page.$$eval('#board .pit.last-from', (els) => els.map((e) => [e.dataset.pit, e.getAttribute('aria-label')]));
  assert.equal(from.length, 1);
  assert.equal(from[0][0], 'N' + s.record.split('/')[1]);
  assert.match(from[0][1], /the last move started here/);
  assert.equal(await page.locator('#board .pit.last-to').count(), 1);
  // The focus stayed on the board: the next move by keyboard too.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Shift+Tab');
  assert.match(await at(), /^S\d$/);
  await page.close();
});

test('a capture is marked on the board', async () => {
  const page = await open(DESKTOP, '?fast');
  // Sadeqa III, South plays 1 from the start: ends in S5, captures North 4 (RULES.md 5).
  await pick(page, '#south', 'human');
  await pick(page, '#north', 'human');
  await press(page, '#new-game');
  await page.waitForFunction(() => window.sowingPage().state.ply === 0 && !window.sowingPage().busy);
  await page.click('#board .pit[data-pit="S1"]');
  await page.waitForFunction(() => window.sowingPage().state.ply === 1 && !window.sowingPage().busy);
  assert.deepEqual(await page.$$eval('#board .pit.last-capture', (els) => els.map((e) => e.dataset.pit)), ['N4']);
  assert.deepEqual(await page.$$eval('#board .pit.last-from', (els) => els.map((e) => e.dataset.pit)), ['S1']);
  assert.deepEqual(await page.$$eval('#board .pit.last-to', (els) => els.map((e) => e.dataset.pit)), ['S5']);
  assert.match(await page.textContent('#south-store'), /South\s*8\s*points/);
  await page.close();
});

test('the result puts the winner\'s score first', async () => {
  const page = await open(DESKTOP, '?fast');
  // South plays 7: its seed ends in S8 (no capture: N1 is empty); North
  // cannot move and the seed left goes to South: North wins 55-41.
  await loadPosition(page, 'sadeqa-iii 0,0,0,0,0,0,1,0/0,0,0,0,0,0,0,0 S 40-55');
  await page.click('#board .pit[data-pit="S7"]');
  await page.waitForFunction(() => window.sowingPage().state.over && !window.sowingPage().busy);
  assert.equal(await page.textContent('#status .headline'), 'North wins 55-41');
  assert.match(await page.textContent('#status'), /^North wins 55-41/);
  // The headline is the API's too.
  const s = await page.evaluate(() => window.sowingPage().state);
  assert.equal(s.headline, 'North wins 55-41');
  await page.close();
});

test('a "How to play" page for each game, from the rule book, linked from the board', async () => {
  const page = await open(DESKTOP, '?fast');
  // No file of the repository named in what a player reads.
  const fileName = /\b[\w./-]+\.(md|rs|toml|txt|json)\b/;
  assert.doesNotMatch(await page.textContent('body'), fileName);
  assert.equal(await page.getAttribute('#rules-link', 'href'), '/rules/sadeqa-iii');
  for (const [game, heading] of [['sadeqa-v', /Sadeqa V/], ['sadeqa-ii', /Sadeqa II/], ['sadeqa-iii', /Sadeqa III/],
    ['game-91', /game 91/], ['andada', /Andada/]]) {
    const r = await page.request.get(server.url + 'rules/' + game);
    assert.equal(r.status(), 200, game);
    assert.match(r.headers()['content-type'], /text\/html/);
    const html = await r.text();
    const own = html.match(/<h2>([^<]*)<\/h2>/)[1];
    assert.match(own, heading, game + ": the game's own section first");
    assert.doesNotMatch(html.replace(/<[^>]*>/g, ' '), fileName, game);
  }
  await pick(page, '#game', 'andada');
  await press(page, '#new-game');
  await page.waitForFunction(() => window.sowingPage().state.variant.startsWith('andada') && !window.sowingPage().busy);
  assert.equal(await page.getAttribute('#rules-link', 'href'), '/rules/andada');
  await page.click('#rules-link');
  await page.waitForURL(/\/rules\/andada$/);
  assert.match(await page.textContent('h1'), /How to play Andada/);
  const h2 = await page.$$eval('main h2', (els) => els.map((e) => e.textContent));
  assert.match(h2[0], /Andada/, 'the game\'s own rules first');
  assert.ok(h2.some((h) => /Board, players, numbering/.test(h)));
  assert.ok(h2.some((h) => /Sowing/.test(h)));
  assert.match(await page.textContent('main'), /Singleton ending/);
  assert.ok(await page.locator('main table, main ol').count() > 0, 'the rule book\'s lists and tables are HTML');
  assert.deepEqual(await violations(page), []);
  await page.click('text=Back to the board');
  await page.waitForSelector('#board .pit');
  const missing = await page.request.get(server.url + 'rules/chess');
  assert.equal(missing.status(), 404);
  assert.match(await missing.text(), /rules\/sadeqa-iii/);
  await page.close();
});
