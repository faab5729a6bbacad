// The server under abuse (issue 31, section 2): a body over the limit
// (64 KB) is refused with 413 and the API's JSON refusal, whatever route it
// is sent to; a client that sends its body slowly is answered 408 after the
// server's time (--request-timeout), and meanwhile holds no game: other
// requests on the same game are answered at once; one that sends its headers
// slowly is disconnected after the same time.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { startServer } from './server.mjs';

let server;
before(async () => { server = await startServer(['--request-timeout', '2']); });
after(() => { if (server) server.stop(); });

async function post(path, body) {
  const res = await fetch(server.url.replace(/\/$/, '') + path, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body,
  });
  return { status: res.status, data: await res.json() };
}

test('a body over 64 KB is refused with 413 and a JSON refusal', async () => {
  const g = await post('/api/games', JSON.stringify({ variant: 'sadeqa-iii', south: 'human', north: 'human' }));
  assert.equal(g.status, 201);
  const big = JSON.stringify({ move: '1', pad: 'x'.repeat(64 * 1024) });
  for (const route of ['/api/games', `/api/games/${g.data.id}/move`]) {
    const r = await post(route, big);
    assert.equal(r.status, 413, JSON.stringify(r.data));
    assert.equal(r.data.error, 'body_too_large');
    assert.match(r.data.message, /65536 bytes/);
  }
  // Just under the limit is read (and refused for what it says, not its size).
  const under = JSON.stringify({ move: '1', pad: 'x'.repeat(64 * 1024 - 40) });
  assert.ok(under.length <= 64 * 1024);
  const r = await post(`/api/games/${g.data.id}/move`, under);
  assert.equal(r.status, 422);
  assert.equal(r.data.error, 'bad_field');
});

test('a slow client times out with 408 and holds no game meanwhile', async () => {
  const g = await post('/api/games', JSON.stringify({ variant: 'sadeqa-iii', south: 'human', north: 'human' }));
  const id = g.data.id;
  const { port } = new URL(server.url);
  // Headers and the start of a body of 20 bytes, and then nothing.
  const socket = net.connect(Number(port), '127.0.0.1');
  let answer = '';
  socket.on('data', (d) => { answer += d; });
  const closed = new Promise((resolve) => socket.on('close', resolve));
  await new Promise((resolve) => socket.on('connect', resolve));
  const t0 = Date.now();
  socket.write(`POST /api/games/${id}/move HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 20\r\n\r\n{"mo`);
  await new Promise((res) => setTimeout(res, 300));
  // The same game answers at once, a move included.
  const asked = Date.now();
  const moved = await post(`/api/games/${id}/move`, JSON.stringify({ move: '1' }));
  assert.equal(moved.status, 200, JSON.stringify(moved.data));
  const shown = await fetch(server.url + 'api/games/' + id);
  assert.equal(shown.status, 200);
  assert.ok(Date.now() - asked < 1000, `answered in ${Date.now() - asked} ms while a client is slow`);
  await Promise.race([closed, new Promise((res) => setTimeout(res, 10000))]);
  socket.destroy();
  const waited = Date.now() - t0;
  assert.match(answer, /^HTTP\/1\.1 408/, answer);
  assert.match(answer, /"error":"request_timeout"/);
  assert.ok(waited >= 1900 && waited < 8000, `timed out after ${waited} ms (the limit is 2 s)`);
  // The slow request changed nothing.
  assert.equal((await (await fetch(server.url + 'api/games/' + id)).json()).ply, 1);
});

test('a client that sends its headers slowly is disconnected', async () => {
  const { port } = new URL(server.url);
  const socket = net.connect(Number(port), '127.0.0.1');
  const closed = new Promise((resolve) => socket.on('close', resolve));
  socket.on('error', () => {});
  await new Promise((resolve) => socket.on('connect', resolve));
  const t0 = Date.now();
  socket.write('GET /api HTTP/1.1\r\nHost: x\r\nX-Slow: ');
  const drip = setInterval(() => socket.write('a'), 500);
  const gone = await Promise.race([closed.then(() => true), new Promise((res) => setTimeout(() => res(false), 10000))]);
  clearInterval(drip);
  socket.destroy();
  const waited = Date.now() - t0;
  assert.ok(gone, 'the connection was closed');
  assert.ok(waited >= 1900 && waited < 8000, `closed after ${waited} ms (the limit is 2 s)`);
  // The server answers others meanwhile and after.
  assert.equal((await fetch(server.url + 'api')).status, 200);
});
