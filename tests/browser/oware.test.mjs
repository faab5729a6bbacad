// A game from another crate on the web board: the Oware crate (oware/)
// registers its ruleset with the tools crate (`sowing_cli::run`), and
// `oware serve` is the same web board. A whole Oware game against the
// computer, by clicking, to its end. The binary is built by `.ci/run`'s
// `cargo test --release` (or by hand: `cargo build --release -p oware`);
// OWARE_BIN overrides its path.
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
  const bin = process.env.OWARE_BIN || path.join(repo, 'target/release/oware');
  server = await startServer([], [bin, 'serve']);
  ({ context, profile } = await launchBrowser(chromium));
});

after(async () => {
  if (context) await context.close();
  if (server) server.stop();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

async function idle(page, timeout = 30000) {
  await page.waitForFunction(() => {
    const { state, busy } = window.sowingPage();
    return state && !busy && (state.over || (state.to_move_seat === 'human' && state.legal.length > 0));
  }, null, { timeout });
  return page.evaluate(() => window.sowingPage().state);
}

test('a whole Oware game against the computer, by clicking', async () => {
  const page = await context.newPage();
  page.on('console', (m) => { if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text()); });
  page.on('pageerror', (e) => warnings.push('page error: ' + e.message));
  await page.goto(server.url + '?fast');
  await page.waitForSelector('#south option', { state: 'attached' });
  await page.waitForFunction(() => window.sowingPage().state && !window.sowingPage().busy);
  // The server offers Oware alone, as the first screen's game.
  const games = await page.$$eval('#game option', (els) => els.map((e) => e.value));
  assert.deepEqual(games, ['oware']);
  await pick(page, '#south', 'human');
  await pick(page, '#north', 'greedy');
  await press(page, '#new-game');
  let s = await idle(page);
  assert.equal(s.variant, 'oware');
  assert.equal(s.pits_per_row, 6);
  // 6 pits a row, 4 seeds each: the board as Oware starts.
  const counts = await page.$$eval('#board .pit .count', (els) => els.map((e) => Number(e.textContent)));
  assert.deepEqual(counts, Array(12).fill(4));
  let clicks = 0;
  while (!s.over) {
    const pit = await page.$('#board .pit.playable[data-owner="S"]');
    assert.ok(pit, 'South has a playable pit');
    const ply = s.ply;
    await pit.click();
    clicks += 1;
    await page.waitForFunction((p) => window.sowingPage().state.ply > p, ply);
    s = await idle(page, 60000);
    assert.ok(clicks < 600, 'the game ends');
  }
  const status = await page.textContent('#status');
  assert.match(status, /wins|draw/, 'the result is given: ' + status);
  assert.equal(await page.inputValue('#record'), s.record);
  await page.screenshot({ path: path.join(shots, 'oware-over.png') });
  assert.deepEqual(warnings.filter((w) => /mismatch|error/i.test(w)), []);
  await page.close();
});
