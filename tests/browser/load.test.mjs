// The server's load test, on loopback: 200 games at once, each played to
// the end between two computer players, every answer checked; with bad
// requests mixed in (each must get a 4xx JSON answer saying why). Bounded
// in time: the whole test must finish within LOAD_SECONDS (default 120).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from './server.mjs';

const GAMES = 200;
const VARIANTS = ['sadeqa-v', 'sadeqa-ii', 'sadeqa-iii', 'game-91', 'andada-12', 'andada-15', 'andada-18', 'andada-21', 'andada-24'];
const PLAYERS = ['random', 'greedy'];
let server;

before(async () => { server = await startServer(); });
after(() => { if (server) server.stop(); });

let answers = 0;

async function call(method, path, body, raw) {
  const opts = { method, headers: {} };
  if (body !== undefined) {
    opts.headers['content-type'] = 'application/json';
    opts.body = raw ? body : JSON.stringify(body);
  }
  const res = await fetch(server.url.replace(/\/$/, '') + path, opts);
  const data = await res.json();
  answers += 1;
  return { status: res.status, data };
}

function refusal(r, status, code) {
  assert.equal(r.status, status, JSON.stringify(r.data));
  assert.equal(r.data.error, code);
  assert.equal(typeof r.data.message, 'string');
  assert.ok(r.data.message.length > 0);
}

function checkState(s, variant) {
  assert.equal(s.variant, variant);
  assert.ok(s.position.startsWith(variant + ' '));
  assert.equal(s.board.south.length, s.pits_per_row);
  assert.equal(s.board.north.length, s.pits_per_row);
  assert.equal(s.record === '' ? 0 : s.record.split('/').length, s.ply);
  if (s.over) {
    assert.equal(typeof s.result, 'string');
    assert.deepEqual(s.legal, []);
  }
}

async function playOne(i) {
  const variant = VARIANTS[i % VARIANTS.length];
  const created = await call('POST', '/api/games', {
    variant, south: PLAYERS[i % 2], north: PLAYERS[(i >> 1) % 2], seed: i, first: i % 3 === 0 ? 'N' : 'S',
  });
  assert.equal(created.status, 201, JSON.stringify(created.data));
  let s = created.data;
  checkState(s, variant);
  const id = s.id;
  // A person's move on a computer's seat is refused.
  refusal(await call('POST', `/api/games/${id}/move`, { move: '1' }), 409, 'not_your_turn');
  let plies = 0;
  while (!s.over) {
    const r = await call('POST', `/api/games/${id}/computer`);
    if (r.status === 409 && r.data.error === 'proving') {
      await new Promise((res) => setTimeout(res, 50));
      s = (await call('GET', `/api/games/${id}`)).data;
      continue;
    }
    assert.equal(r.status, 200, JSON.stringify(r.data));
    assert.ok(s.legal.includes(r.data.move), `move ${r.data.move} was legal: ${s.legal}`);
    assert.equal(r.data.player, s.to_move);
    assert.ok(r.data.events.length > 0);
    assert.equal(r.data.state.ply, s.ply + 1);
    s = r.data.state;
    checkState(s, variant);
    plies += 1;
    assert.ok(plies < 3000, 'the game ends');
  }
  refusal(await call('POST', `/api/games/${id}/computer`), 409, 'game_over');
  // Undo, then redo, gives the same position back.
  const end = s.position;
  const u = await call('POST', `/api/games/${id}/undo`);
  assert.equal(u.status, 200);
  const r = await call('POST', `/api/games/${id}/redo`);
  assert.equal(r.status, 200);
  assert.equal(r.data.state.position, end);
  return plies;
}

test(`${GAMES} games at once, every answer checked`, async () => {
  const t0 = Date.now();
  const limit = Number(process.env.LOAD_SECONDS || 120) * 1000;
  const bad = (async () => {
    refusal(await call('POST', '/api/games', { variant: 'sadeqa-x' }), 400, 'unknown_variant');
    refusal(await call('POST', '/api/games', { position: 'sadeqa-iii 1,2/3 S 0-0' }), 400, 'bad_position');
    refusal(await call('POST', '/api/games', { variant: 'sadeqa-iii', record: '1/4' }), 422, 'bad_record');
    // North's move 2 here is endless, with a cycle that takes about a minute
    // to prove: a record that plays it is refused after 2 s, not held.
    const slow = 'sadeqa-iii 5,0,5,11,1,4,12,0/1,11,13,0,11,8,1,0 N 4-9';
    const asked = Date.now();
    const proof = await call('POST', '/api/games', { position: slow, record: '2', south: 'human', north: 'human' });
    refusal(proof, 422, 'record_proof_too_long');
    assert.ok(Date.now() - asked < 10000, `answered after ${Date.now() - asked} ms`);
    assert.match(proof.data.message, /still unproved after \d+ laps/);
    refusal(await call('POST', '/api/games', { position: slow, first: 'S' }), 400, 'first_with_position');
    refusal(await call('POST', '/api/games', '{"variant": ', true), 400, 'malformed_json');
    refusal(await call('POST', '/api/games', { variant: 'sadeqa-iii', south: 'deep-blue' }), 400, 'unknown_player');
    refusal(await call('POST', '/api/games', { position: 'x'.repeat(200000) }), 413, 'body_too_large');
    refusal(await call('GET', '/api/games/no-such-game'), 404, 'unknown_game');
    const g = await call('POST', '/api/games', { variant: 'sadeqa-iii', south: 'human' });
    refusal(await call('POST', `/api/games/${g.data.id}/move`, { move: '25' }), 400, 'bad_move');
    refusal(await call('POST', `/api/games/${g.data.id}/move`, { move: 'x' }), 400, 'bad_move');
    const first = await call('POST', `/api/games/${g.data.id}/move`, { move: '1' });
    assert.equal(first.status, 200);
    refusal(await call('POST', `/api/games/${g.data.id}/move`, { move: '4' }), 409, 'not_your_turn');
    const h = await call('POST', '/api/games', { variant: 'sadeqa-iii', south: 'human', north: 'human' });
    assert.equal((await call('POST', `/api/games/${h.data.id}/move`, { move: '1' })).status, 200);
    const empty = await call('POST', `/api/games/${h.data.id}/move`, { move: '4' });
    refusal(empty, 422, 'illegal_move');
    assert.equal(empty.data.message, 'move 4 is not legal: pit 4 is empty');
    refusal(await call('POST', `/api/games/${h.data.id}/move`, { move: 'S' }), 422, 'illegal_move');
  })();
  let timer;
  const timeout = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`not done within ${limit / 1000} s`)), limit); });
  const plies = await Promise.race([Promise.all([...Array.from({ length: GAMES }, (_, i) => playOne(i)), bad]), timeout]);
  clearTimeout(timer);
  const total = plies.slice(0, GAMES).reduce((a, b) => a + b, 0);
  const seconds = (Date.now() - t0) / 1000;
  console.log(`load: ${GAMES} games, ${total} plies, ${answers} answers checked in ${seconds.toFixed(1)} s`);
});
