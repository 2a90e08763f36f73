// Plays the preview page in headless Chromium through the DevTools protocol,
// with real mouse and keyboard input events, and checks what a player sees.
//
//   python3 tools/preview/serve.py &              # port 8765
//   node --experimental-websocket tools/preview/drive.mjs [OUTDIR]
//
// Prints one line per check and closes with "N passed, N failed".
// Screenshots of notable moments go to OUTDIR (default /tmp/ui-drive).

import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BASE = `http://127.0.0.1:${process.env.PORT || 8765}/`;
const OUT = process.argv[2] || '/tmp/ui-drive';
const CDP_PORT = 9333 + Math.floor(Math.random() * 500);
mkdirSync(OUT, { recursive: true });

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
let passed = 0;
let failed = 0;
function check(name, ok, detail = '') {
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ' — ' + detail : ''}`);
}

// ---------- browser ----------
const profile = mkdtempSync(join(tmpdir(), 'drive-'));
const browser = spawn(
  'chromium',
  [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--hide-scrollbars',
    `--user-data-dir=${profile}`,
    `--remote-debugging-port=${CDP_PORT}`,
    '--window-size=360,640',
    'about:blank',
  ],
  { stdio: 'ignore' },
);

async function target() {
  for (let i = 0; i < 50; i++) {
    try {
      const list = await (await fetch(`http://127.0.0.1:${CDP_PORT}/json/list`)).json();
      const page = list.find((t) => t.type === 'page');
      if (page) return page.webSocketDebuggerUrl;
    } catch {
      /* not up yet */
    }
    await sleep(200);
  }
  throw new Error('chromium did not start');
}

let ws;
let nextId = 1;
const pending = new Map();
const events = [];
function send(method, params = {}) {
  const id = nextId++;
  ws.send(JSON.stringify({ id, method, params }));
  return new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
}

async function connect() {
  ws = new WebSocket(await target());
  await new Promise((r) => ws.addEventListener('open', r, { once: true }));
  ws.addEventListener('message', (m) => {
    const msg = JSON.parse(m.data);
    if (msg.id && pending.has(msg.id)) {
      const p = pending.get(msg.id);
      pending.delete(msg.id);
      if (msg.error) p.reject(new Error(msg.error.message));
      else p.resolve(msg.result);
    } else if (msg.method) events.push(msg);
  });
  await send('Page.enable');
  await send('Runtime.enable');
  await send('Log.enable');
}

/** Console errors and CSP violations seen so far. */
function pageErrors() {
  return events
    .filter(
      (e) =>
        (e.method === 'Runtime.exceptionThrown') ||
        (e.method === 'Log.entryAdded' && e.params.entry.level === 'error') ||
        (e.method === 'Runtime.consoleAPICalled' && e.params.type === 'error'),
    )
    .map((e) => JSON.stringify(e.params).slice(0, 200));
}

async function js(expr) {
  const r = await send('Runtime.evaluate', { expression: expr, returnByValue: true, awaitPromise: true });
  if (r.exceptionDetails) throw new Error(r.exceptionDetails.exception?.description || 'js error');
  return r.result.value;
}

async function viewport(width, height) {
  await send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: 1, mobile: false });
}

async function media(features) {
  await send('Emulation.setEmulatedMedia', { features });
}

async function open(query) {
  await send('Page.navigate', { url: BASE + '?' + query });
  for (let i = 0; i < 50; i++) {
    await sleep(100);
    if (await js(`!!document.querySelector('[data-screen]')`).catch(() => false)) return;
  }
  throw new Error('page did not render');
}

async function shot(name) {
  await js('new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))');
  const r = await send('Page.captureScreenshot', { format: 'png' });
  writeFileSync(join(OUT, name + '.png'), Buffer.from(r.data, 'base64'));
}

async function center(selector) {
  return js(`(() => { const e = document.querySelector(${JSON.stringify(selector)}); if (!e) return null;
    const r = e.getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; })()`);
}

async function click(selector) {
  const p = await center(selector);
  if (!p) throw new Error('no element ' + selector);
  for (const type of ['mouseMoved', 'mousePressed', 'mouseReleased']) {
    await send('Input.dispatchMouseEvent', { type, x: p.x, y: p.y, button: 'left', buttons: type === 'mousePressed' ? 1 : 0, clickCount: 1 });
  }
  await sleep(30);
}

async function tapTouch(selector) {
  const p = await center(selector);
  await send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: p.x, y: p.y }] });
  await send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await sleep(30);
}

const KEYS = {
  ArrowUp: 38,
  ArrowDown: 40,
  ArrowLeft: 37,
  ArrowRight: 39,
  Enter: 13,
  Escape: 27,
  ' ': 32,
  Tab: 9,
  z: 90,
};
async function key(k, modifiers = 0) {
  const code = KEYS[k];
  const text = k === 'Enter' ? '\r' : k === ' ' ? ' ' : undefined;
  await send('Input.dispatchKeyEvent', { type: 'keyDown', key: k, windowsVirtualKeyCode: code, modifiers, text });
  await send('Input.dispatchKeyEvent', { type: 'keyUp', key: k, windowsVirtualKeyCode: code, modifiers });
  await sleep(20);
}

const status = () => js(`document.getElementById('turn-line')?.dataset.status ?? null`);
const screen = () => js(`document.querySelector('[data-screen]')?.dataset.screen`);
const log = () => js('window.__previewLog.slice()');
const movable = () => js(`[...document.querySelectorAll('.piece.movable, .piece.lifted')].map(e => +e.dataset.square)`);
const dests = () => js(`[...document.querySelectorAll('[data-dest]')].map(e => +e.dataset.dest)`);
const lifted = () => js(`(document.querySelector('.piece.lifted') || {dataset:{}}).dataset.square ?? null`);
const sq = (n) => `.sq[data-square="${n}"] rect`;

/** Waits until it is the player's decision (or the game ended); returns the status. */
async function playerTurn(timeout = 15000) {
  const t0 = Date.now();
  while (Date.now() - t0 < timeout) {
    const sc = await screen();
    if (sc === 'end') return 'end';
    const st = await status();
    const locked = await js(`document.querySelector('.board.interactive')?.classList.contains('locked')`);
    if (['yourTurn', 'captureAvailable', 'jumpAgain'].includes(st) && !locked) return st;
    await sleep(50);
  }
  return 'timeout';
}

// ---------- square geometry for keyboard moves (same rule as input.js) ----------
const rc = (n) => {
  const row = Math.floor((n - 1) / 4);
  return { row, col: 2 * ((n - 1) % 4) + (row % 2 === 0 ? 1 : 0) };
};
async function focusTo(target) {
  let cur = await js(`(() => { const a = document.querySelector('.board.interactive').getAttribute('aria-activedescendant'); return a ? +a.split('-sq-')[1] : 22; })()`);
  for (let guard = 0; cur !== target && guard < 40; guard++) {
    const a = rc(cur);
    const b = rc(target);
    let k;
    if (b.row < a.row) k = 'ArrowUp';
    else if (b.row > a.row) k = 'ArrowDown';
    else k = b.col < a.col ? 'ArrowLeft' : 'ArrowRight';
    await key(k);
    cur = await js(`+document.querySelector('.board.interactive').getAttribute('aria-activedescendant').split('-sq-')[1]`);
  }
  return cur === target;
}

// ---------- scenarios ----------
async function fullGame({ via, lang, dark, size, name }) {
  await viewport(...size);
  await media([{ name: 'prefers-color-scheme', value: dark ? 'dark' : 'light' }]);
  await open(`lang=${lang}&search=60`);
  check(`${name}: start screen`, (await screen()) === 'start');
  await click('#level-easy');
  let st = await playerTurn();
  check(`${name}: game starts on the player's turn`, st === 'yourTurn', st);
  check(`${name}: html lang`, (await js('document.documentElement.lang')) === lang);
  if (via === 'keyboard') await js(`document.querySelector('.board.interactive').focus()`);
  let turns = 0;
  let shotMid = false;
  while (turns < 200) {
    st = await playerTurn();
    if (st === 'end' || st === 'timeout') break;
    const mov = await movable();
    if (!mov.length) break;
    const from = (await lifted()) ? Number(await lifted()) : mov[turns % mov.length];
    if (!(await lifted())) {
      if (via === 'keyboard') {
        await focusTo(from);
        await key(' ');
      } else if (via === 'touch') await tapTouch(sq(from));
      else await click(sq(from));
    }
    const ds = await dests();
    if (!ds.length) {
      check(`${name}: lifted piece shows destinations`, false, `from ${from}`);
      break;
    }
    if (!shotMid && turns === 3) {
      await shot(`${name}-lifted`);
      shotMid = true;
    }
    const to = ds[0];
    if (via === 'keyboard') {
      await focusTo(to);
      await key('Enter');
    } else if (via === 'touch') await tapTouch(sq(to));
    else await click(sq(to));
    if (st !== 'jumpAgain') turns++;
  }
  const end = await screen();
  check(`${name}: a full game reaches the end screen`, end === 'end' || (await playerTurn(4000)) === 'end', `after ${turns} turns`);
  await sleep(100);
  const outcome = await js(`document.getElementById('outcome')?.dataset.outcome`);
  check(`${name}: end screen shows the outcome`, ['win', 'loss', 'draw'].includes(outcome), outcome);
  const counts = await js(`[document.getElementById('pieces-player')?.dataset.count, document.getElementById('pieces-cpu')?.dataset.count]`);
  check(`${name}: end screen shows pieces left`, counts.every((c) => c !== undefined), counts.join('/'));
  await shot(`${name}-end`);
  await click('#menu');
  check(`${name}: menu returns to start`, (await screen()) === 'start');
  check(`${name}: no continue after a finished game`, await js(`document.getElementById('continue').hidden`));
}

async function controls() {
  await viewport(360, 640);
  await media([{ name: 'prefers-color-scheme', value: 'light' }]);
  await open('fixture=capture&lang=es');
  await click('#continue');
  let st = await playerTurn();
  check('capture: status captureAvailable', st === 'captureAvailable', st);
  const text = await js(`document.getElementById('turn-text').textContent`);
  check('capture: verbatim sentence', text === 'Hay una captura disponible: solo pueden moverse las fichas que pueden saltar', text);
  const mov = (await movable()).sort((a, b) => a - b);
  check('capture: only jumping pieces are offered', JSON.stringify(mov) === '[22,23]', JSON.stringify(mov));
  const before = (await log()).length;
  const soundsBefore = await js('window.__sounds');
  await click(sq(21)); // cannot jump: nothing happens
  await click(sq(5)); // a CPU piece
  await click(sq(1)); // light square? 1 is dark; light square next:
  await click('.sq-light');
  check('C2: taps elsewhere change nothing', (await lifted()) === null && (await dests()).length === 0);
  check('C2: taps elsewhere send nothing to the shell', (await log()).length === before);
  check('C2: taps elsewhere make no sound', (await js('window.__sounds')) === soundsBefore);
  await click(sq(22));
  check('C3: tap lifts the piece', (await lifted()) === '22');
  check('C3: destinations dotted', JSON.stringify(await dests()) === '[15]', JSON.stringify(await dests()));
  const label = await js(`document.querySelector('.sq[data-square="15"]').getAttribute('aria-label')`);
  check('a11y: destination named', label === '15, vacía, destino', label);
  await click(sq(22));
  check('C3: tapping the lifted piece puts it back', (await lifted()) === null);
  await click(sq(23));
  await click(sq(22));
  check('lifting another movable piece switches', (await lifted()) === '22');
  const soundsBeforeMove = await js('window.__sounds');
  await click(sq(15));
  st = await playerTurn();
  check('a capture makes a sound', (await js('window.__sounds')) > soundsBeforeMove);
  const calls = await log();
  const playAt = calls.findLast((c) => c.name === 'play').t;
  const replyAt = calls.findLast((c) => c.name === 'cpu_reply').t;
  check('D5: the CPU search starts after the 450 ms pause', replyAt - playAt >= 450, `${Math.round(replyAt - playAt)} ms`);
  check('after a move the CPU replies and it is the player again', ['yourTurn', 'captureAvailable'].includes(st), st);
  const lm = await js(`document.querySelector('.piece.last-move')?.dataset.side`);
  check('C5: last moved piece marked (CPU)', lm === 'cpu', lm);
  const undoOn = await js(`!document.getElementById('undo').disabled`);
  check('U1: undo enabled after a move', undoOn);
  await key('z', 2); // Ctrl+Z
  await sleep(150);
  st = await playerTurn();
  const back = await js(`[...document.querySelectorAll('.piece')].filter(p => p.dataset.square === '22' || p.dataset.square === '18').length`);
  check('U1: Ctrl+Z goes back to before the player move', st === 'captureAvailable' && back === 2, st);

  // Mid-chain fixture: the piece is lifted, Esc does nothing, a tap elsewhere does nothing.
  await open('fixture=midchain&lang=en');
  await click('#continue');
  st = await playerTurn();
  check('C4: resumed mid-chain, status jumpAgain', st === 'jumpAgain', st);
  check('C4: the piece is lifted again', (await lifted()) === '15');
  check('C4: its destination is dotted', JSON.stringify(await dests()) === '[8]');
  const sentence = await js(`document.getElementById('turn-text').textContent`);
  check('U4: English jump-again sentence', sentence === 'Jump again with the same piece', sentence);
  await click(sq(15));
  check('C4: tapping the lifted piece mid-chain keeps it lifted', (await lifted()) === '15');
  await js(`document.querySelector('.board.interactive').focus()`);
  await key('Escape');
  check('C4: Esc mid-chain keeps it lifted', (await lifted()) === '15');
  await shot('midchain');

  // Undo while the CPU thinks: the stale reply is dropped quietly.
  await open('fixture=start&lang=en&search=1500');
  await click('#continue');
  await playerTurn();
  await click(sq(22));
  await click(sq(18));
  await sleep(700); // past the 450 ms pause: the CPU is searching
  check('CPU thinking: turn line says so', (await status()) === 'cpuThinking');
  check('CPU thinking: board locked', await js(`document.querySelector('.board').classList.contains('locked')`));
  const errorsBefore = await js('window.__errors = 0; 0');
  await click('#undo');
  st = await playerTurn();
  await sleep(1500);
  const after = await js(`[...document.querySelectorAll('.piece[data-side="cpu"]')].map(p => +p.dataset.square).sort((a,b)=>a-b).join(',')`);
  check('stale CPU reply after undo is dropped', st === 'yourTurn' && after === '1,2,3,4,5,6,7,8,9,10,11,12', after + ' ' + errorsBefore);
  check('stale: still the player\'s turn', (await status()) === 'yourTurn');

  // A CPU chain is shown hop by hop (C5, D5).
  await open('fixture=cpuchain&lang=en&search=100');
  await click('#continue');
  const seen = [];
  const t0 = Date.now();
  while (Date.now() - t0 < 4000) {
    const m = await js(`(document.querySelector('.piece.last-move') || {dataset:{}}).dataset.square ?? null`);
    if (m && (!seen.length || seen[seen.length - 1].sq !== m)) seen.push({ sq: m, t: Date.now() });
    if (m === '27') break;
    await sleep(10);
  }
  const order = seen.map((x) => x.sq).join(' ');
  check('C5: the CPU chain lands hop by hop (18, then 27)', order.endsWith('18 27'), order);
  if (seen.length >= 2) {
    const gap = seen[seen.length - 1].t - seen[seen.length - 2].t;
    check('D5: hops of a CPU chain 260 ms apart (plus the slide)', gap >= 260, `${gap} ms`);
  }
  st = await playerTurn();
  const cpuKinged = await js(`document.querySelector('.piece[data-square="27"]')?.dataset.side`);
  check('after the CPU chain it is the player\'s turn', st !== 'timeout' && cpuKinged === 'cpu', `${st}`);
  const spokenText = await js(`document.getElementById('turn-spoken').textContent`);
  check('a11y: the CPU move is announced in the turn line', spokenText === 'The CPU played 9x18x27.', spokenText);

  // CPU first: the CPU moves at once when the game opens.
  await open('lang=es&search=60');
  await click('#first-cpu');
  check('C6: «CPU primero» selected', await js(`document.getElementById('first-cpu').getAttribute('aria-checked') === 'true'`));
  await click('#level-normal');
  st = await playerTurn();
  const cpuMoved = await js(`document.querySelector('.piece.last-move')?.dataset.side`);
  check('CPU first: the CPU opened the game', st === 'yourTurn' && cpuMoved === 'cpu', `${st} ${cpuMoved}`);

  // Leave and continue.
  await click('#back');
  check('back: start screen with Continue', (await screen()) === 'start' && !(await js(`document.getElementById('continue').hidden`)));
  await click('#continue');
  st = await playerTurn();
  check('continue: back in the game', (await screen()) === 'game' && st === 'yourTurn');

  // Settings: language switch and square numbers.
  await open('lang=es');
  await click('#open-settings');
  await click('#lang-en');
  check('settings: English applies at once', (await js('document.documentElement.lang')) === 'en' && (await js(`document.querySelector('h1').textContent`)) === 'Settings');
  await click('#numbers-toggle');
  check('settings: numbers switch on', await js(`document.getElementById('numbers-toggle').getAttribute('aria-checked') === 'true'`));
  await click('#back');
  check('settings: back to start', (await screen()) === 'start');
  await click('#open-help');
  check('help screen', (await screen()) === 'help' && (await js(`document.querySelectorAll('.help-section').length`)) >= 8);
  await click('#back');
  await click('#open-records');
  check('records screen', (await screen()) === 'records' && (await js(`document.querySelectorAll('.record').length`)) === 3);

  // Sound off: a move makes no sound.
  await open('fixture=start&lang=en&sound=0&search=60');
  await click('#continue');
  await playerTurn();
  await click(sq(22));
  await click(sq(18));
  await playerTurn();
  check('sound setting off: moves are silent', (await js('window.__sounds')) === 0);

  // Reduced motion: the piece jumps to its square; with motion it slides.
  for (const reduce of [false, true]) {
    await media([{ name: 'prefers-reduced-motion', value: reduce ? 'reduce' : 'no-preference' }]);
    await open('fixture=start&lang=en&search=60');
    await click('#continue');
    await playerTurn();
    await js(`window.__moves = 0; new MutationObserver(ms => { for (const m of ms) if (m.target.classList && m.target.classList.contains('piece')) window.__moves++; })
      .observe(document.querySelector('.pieces'), { attributes: true, attributeFilter: ['transform'], subtree: true }); 0`);
    await click(sq(22));
    await click(sq(18));
    await playerTurn();
    const frames = await js('window.__moves');
    if (reduce) check('reduced motion: pieces jump, no sliding frames', frames <= 2, `${frames} transform changes`);
    else check('motion: a hop slides over several frames', frames > 4, `${frames} transform changes`);
  }
  await media([{ name: 'prefers-reduced-motion', value: 'no-preference' }]);

  // Notice.
  await open('lang=es&notice=savedGameUnreadable');
  const notice = await js(`document.getElementById('notice').textContent`);
  check('notice sentence', notice.startsWith('No se pudo leer la partida guardada'), notice);
}

try {
  await connect();
  await controls();
  await fullGame({ via: 'mouse', lang: 'es', dark: false, size: [360, 640], name: 'mouse-es-phone' });
  await fullGame({ via: 'keyboard', lang: 'en', dark: true, size: [1280, 800], name: 'keyboard-en-desktop' });
  await fullGame({ via: 'touch', lang: 'en', dark: false, size: [360, 640], name: 'touch-en-phone' });
  const errs = pageErrors();
  check('no console errors or CSP violations', errs.length === 0, errs.join(' | '));
} catch (e) {
  check('driver ran to the end', false, e.stack);
} finally {
  try {
    ws && ws.close();
  } catch {
    /* closing */
  }
  browser.kill('SIGTERM');
  await sleep(300);
  rmSync(profile, { recursive: true, force: true });
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}
