// Games survive a restart (issue 31, section 1): the server keeps its games
// in a games file (--data); a page plays a few moves and takes one back, the
// server is killed (SIGKILL: no chance to tidy up) and started again on the
// same file, and the page, reloaded, goes on with the same game from the same
// position with the same history, its undo included. A finished game stays,
// listed and replayed by the page; a second server on the file is refused.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, readFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startServer, launchBrowser, pick, press, repo } from './server.mjs';

let server;
let context;
let profile;
const dir = mkdtempSync(path.join(os.tmpdir(), 'sowing-restart-'));
const data = path.join(dir, 'games.sqlite3');

before(async () => {
  server = await startServer(['--data', data]);
  ({ context, profile } = await launchBrowser(chromium));
});

after(async () => {
  if (context) await context.close();
  if (server) server.stop();
  if (profile) rmSync(profile, { recursive: true, force: true });
  rmSync(dir, { recursive: true, force: true });
});

const port = () => Number(new URL(server.url).port);

async function restart() {
  server.child.kill('SIGKILL');
  const { signal } = await server.exited;
  assert.equal(signal, 'SIGKILL');
  // The same address, so the open page finds its server again.
  server = await startServer(['--data', data], null, port());
}

async function idle(page) {
  await page.waitForFunction(() => {
    const { state, busy } = window.sowingPage();
    return state && !busy && (state.over || (state.to_move_seat === 'human' && state.legal.length > 0));
  }, null, { timeout: 30000 });
  return page.evaluate(() => window.sowingPage().state);
}

async function sow(page) {
  const s = await idle(page);
  const mv = s.legal.find((m) => /^\d+$/.test(m));
  await page.click(`#board .pit[data-pit="${s.to_move}${mv}"]`);
  await page.waitForFunction((ply) => window.sowingPage().state.ply === ply + 1 && !window.sowingPage().busy, s.ply);
}

const kept = (s) => ({ id: s.id, position: s.position, record: s.record, ply: s.ply, can_undo: s.can_undo, can_redo: s.can_redo, start: s.start, seats: s.seats, title: s.title });

test('a game goes on after the server is killed and started again on its file', async () => {
  const page = await context.newPage();
  await page.goto(server.url + '?fast');
  await page.waitForFunction(() => window.sowingPage().state && !window.sowingPage().busy);
  // Two people, Sadeqa II with an option set: the option is kept too.
  await pick(page, '#game', 'sadeqa-ii');
  await page.check('#starter-only');
  await pick(page, '#south', 'human');
  await pick(page, '#north', 'human');
  await press(page, '#new-game');
  await page.waitForFunction(() => window.sowingPage().state && window.sowingPage().state.seats.north === 'human' && !window.sowingPage().busy);
  for (let i = 0; i < 5; i += 1) await sow(page);
  await page.click('#undo');
  await page.waitForFunction(() => window.sowingPage().state.ply === 4 && !window.sowingPage().busy);
  const before = kept(await idle(page));
  assert.equal(before.can_redo, true);
  assert.match(before.title, /starter/i);
  // The address names the game.
  assert.equal(new URL(page.url()).searchParams.get('game'), before.id);

  await restart();
  await page.reload();
  await page.waitForFunction((id) => window.sowingPage().state && window.sowingPage().state.id === id, before.id);
  const after = kept(await idle(page));
  assert.deepEqual(after, before);
  // The move taken back is there to play again, and the game goes on.
  await page.click('#redo');
  await page.waitForFunction(() => window.sowingPage().state.ply === 5 && !window.sowingPage().busy);
  await sow(page);
  const went = await idle(page);
  assert.equal(went.ply, 6);
  assert.ok(went.record.startsWith(before.record + '/'), `${went.record} goes on from ${before.record}`);

  // Killed again right after a move: the move is kept (it was written before
  // it was answered); the open page, not reloaded, goes on with the game.
  const last = kept(await idle(page));
  await restart();
  const r = await fetch(server.url + 'api/games/' + last.id);
  assert.equal(r.status, 200);
  assert.deepEqual(kept(await r.json()), last);
  await sow(page);
  assert.equal((await idle(page)).ply, 7);
  await page.close();
});

test('a finished game stays: listed and replayed after a restart', async () => {
  const made = await fetch(server.url + 'api/games', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ variant: 'sadeqa-iii', south: 'random', north: 'greedy', seed: 7 }),
  });
  let s = await made.json();
  while (!s.over) {
    const r = await fetch(server.url + `api/games/${s.id}/computer`, { method: 'POST' });
    const body = await r.json();
    if (r.status === 409 && body.error === 'proving') { await new Promise((res) => setTimeout(res, 50)); continue; }
    assert.equal(r.status, 200, JSON.stringify(body));
    s = body.state;
  }
  await restart();
  const list = await (await fetch(server.url + 'api/games')).json();
  const line = list.games.find((g) => g.id === s.id);
  assert.ok(line, 'the finished game is listed');
  assert.equal(line.over, true);
  assert.equal(line.ply, s.ply);
  assert.equal(line.headline, s.headline);
  // A past ply of it, and a ply past its end refused.
  const third = await (await fetch(server.url + `api/games/${s.id}?ply=3`)).json();
  assert.equal(third.ply, 3);
  assert.equal(third.record, s.record.split('/').slice(0, 3).join('/'));
  const past = await fetch(server.url + `api/games/${s.id}?ply=${s.ply + 1}`);
  assert.equal(past.status, 422);
  assert.equal((await past.json()).error, 'bad_ply');
  for (const query of ['?move=3', '?ply=x', '?ply=1&ply=2']) {
    const bad = await fetch(server.url + `api/games/${s.id}${query}`);
    assert.equal(bad.status, 400, query);
    assert.equal((await bad.json()).error, 'bad_query');
  }

  // The page lists it and replays it ply by ply.
  const page = await context.newPage();
  await page.goto(server.url + '?fast');
  await page.waitForFunction(() => window.sowingPage().state && !window.sowingPage().busy);
  await page.click('#games-box summary');
  await page.waitForSelector(`#games-list li[data-game="${s.id}"] .replay-game`);
  await page.click(`#games-list li[data-game="${s.id}"] .replay-game`);
  await page.waitForFunction(() => window.sowingPage().replayPly === 0 && !window.sowingPage().busy);
  assert.equal(await page.evaluate(() => window.sowingPage().state.id), s.id);
  await page.click('#replay-next');
  await page.waitForFunction(() => window.sowingPage().replayPly === 1 && !window.sowingPage().busy);
  assert.match(await page.textContent('#replay-text'), new RegExp(`ply 1 of ${s.ply}`));
  await page.close();
});

test('a second server on the same games file is refused, and the first goes on', async () => {
  const bin = process.env.SERVE_BIN || path.join(repo, 'target/release/examples/serve');
  const second = spawn(bin, ['--port', '0', '--data', data], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  second.stderr.on('data', (d) => { err += d; });
  const code = await new Promise((resolve) => second.on('exit', resolve));
  assert.equal(code, 2);
  assert.match(err, /in use by another server/);
  assert.equal((await fetch(server.url + 'api/games')).status, 200);
  assert.ok(readFileSync(data).length > 0);
});
