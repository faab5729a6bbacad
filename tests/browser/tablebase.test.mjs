// The web board's hint with the endgame databases (`serve --tablebase`):
// game 91's databases up to 5 seeds are built with the `tablebase`
// example (built by `cargo test --release`; TABLEBASE_BIN overrides its
// path), a position they hold is loaded, and the hint says the move is
// winning, drawing or losing, and by how much; a position they do not hold
// gets the computer player's hint.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startServer, launchBrowser, repo, pick, press } from './server.mjs';

let server;
let context;
let profile;
let dir;

before(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'sowing-tb-'));
  const bin = process.env.TABLEBASE_BIN || path.join(repo, 'target/release/examples/tablebase');
  execFileSync(bin, ['build', '--variant', 'game-91', '--max-seeds', '5', '--dir', dir], { stdio: 'ignore' });
  server = await startServer(['--tablebase', dir]);
  ({ context, profile } = await launchBrowser(chromium));
});

after(async () => {
  if (context) await context.close();
  if (server) server.stop();
  for (const d of [profile, dir]) if (d) rmSync(d, { recursive: true, force: true });
});

async function load(page, text) {
  await page.goto(server.url + '?fast');
  await page.waitForSelector('#south option', { state: 'attached' });
  await page.waitForFunction(() => window.sowingPage().state && !window.sowingPage().busy);
  await press(page, '#load summary');
  await page.fill('#load-text', text);
  await pick(page, '#south', 'human');
  await page.click('#load-button');
  await page.waitForFunction((t) => {
    const { state, busy } = window.sowingPage();
    return state && !busy && state.position === t;
  }, text);
}

test('the hint reads the databases where they hold the position', async () => {
  const page = await context.newPage();
  // Five seeds on the board, South to move: S6 = 1 and S7 = 2, North's
  // N2 = 1 and N8 = 1. North wins by 4 seeds whatever South plays (the
  // databases; `tablebase probe` says the same).
  const text = 'game-91 0,0,0,0,0,1,2,0/0,1,0,0,0,0,0,1 S 30-29';
  await load(page, text);
  await page.click('#hint');
  await page.waitForFunction(() => /Hint \(databases\)/.test(document.querySelector('#message').textContent));
  const message = await page.textContent('#message');
  assert.match(message, /Hint \(databases\): pit [67], losing: North wins by 4 seeds\./);
  const api = await page.evaluate(async () => {
    const id = window.sowingPage().state.id;
    return (await fetch('/api/games/' + id + '/hint')).json();
  });
  assert.equal(api.player, 'databases');
  assert.deepEqual(api.database.map((m) => [m.move, m.verdict, m.result]).sort(),
    [['6', 'losing', 'North wins by 4 seeds'], ['7', 'losing', 'North wins by 4 seeds']]);
  await page.close();
});

test('a position the databases do not hold gets the computer player\'s hint', async () => {
  const page = await context.newPage();
  await load(page, 'game-91 0,0,0,0,3,1,2,0/0,1,0,0,0,2,0,1 S 27-27');
  await page.click('#hint');
  await page.waitForFunction(() => /^Hint \(/.test(document.querySelector('#message').textContent));
  assert.doesNotMatch(await page.textContent('#message'), /databases/);
  await page.close();
});
