// Starts the `serve` example on a free loopback port for a test file and
// stops it afterwards. The binary is built by `.ci/run`'s `cargo test
// --release` (or by hand:
// `cargo build --release --example serve`); SERVE_BIN overrides its path.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repo = path.resolve(here, '../..');

// `command`: another program and the arguments before `--port` (the Oware
// crate's `oware serve`: a game from another crate, through the tools crate).
// The games are kept in memory (`--memory`: a test leaves no games file
// behind) unless `extraArgs` names a games file with `--data`; `port` (0:
// any free one) lets a restarted server take its predecessor's address.
export async function startServer(extraArgs = [], command = null, port = 0) {
  const [bin, ...lead] = command || [process.env.SERVE_BIN || path.join(repo, 'target/release/examples/serve')];
  const keep = extraArgs.includes('--data') ? [] : ['--memory'];
  const child = spawn(bin, [...lead, '--port', String(port), ...keep, ...extraArgs], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('the server did not start within 20 s')), 20000);
    child.on('error', (e) => { clearTimeout(timer); reject(e); });
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error('the server exited with ' + code)); });
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/http:\/\/127\.0\.0\.1:\d+\//);
      if (m) { clearTimeout(timer); resolve(m[0]); }
    });
  });
  child.removeAllListeners('exit');
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return { url, child, exited, stop: () => child.kill('SIGTERM') };
}

// Debian's chromium, headless, as every browser test launches it: a fresh
// profile (returned, to remove after), no sandbox, no network of its own.
export async function launchBrowser(chromium, viewport = { width: 1200, height: 900 }) {
  const { mkdtempSync } = await import('node:fs');
  const os = await import('node:os');
  const profile = mkdtempSync(path.join(os.tmpdir(), 'sowing-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    viewport,
  });
  return { context, profile };
}

// The settings panel opens on demand ("New game and settings"): a test
// opens it before it picks a setting or presses a button inside it.
export async function openSettings(page) {
  await page.evaluate(() => { document.querySelector('#settings').open = true; });
}

export async function pick(page, selector, value) {
  await openSettings(page);
  return page.selectOption(selector, value);
}

export async function press(page, selector) {
  await openSettings(page);
  return page.click(selector);
}
