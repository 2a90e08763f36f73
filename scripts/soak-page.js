// The player of scripts/soak, run inside the app's page: the app runs it
// only when started with CHECKERS_SOAK naming a file that holds it and a
// call `soak({ ... })` (scripts/soak writes that file). It plays whole
// games through the page's own controls, as a player would: it clicks the
// start screen's and the end screen's buttons and taps the board's squares
// with pointer events, choosing each hop among those the board offers
// (the pieces marked movable, the destination dots), with a seeded random
// choice. It reads nothing of the page's modules.
//
// It sends one-line notes through the shell (`soak_note`), which writes
// them on standard error as `checkers-soak <ms> <note>`:
//   ready                          the start screen is up
//   game N LEVEL RESULT hops=H dom=D replies=MS,MS,...
//                                  game N is over and its result is shown;
//                                  D is the page's element count when the
//                                  game started, MS the reply latencies
//   idle start                     the start screen, left alone from now
//   idle game replies=MS           a game screen waiting for the player,
//                                  just after the CPU's reply at Hard was
//                                  drawn
//   done | failed WHY
// While it waits out an idle phase it has one timer pending and nothing
// else: whatever runs then is the app's.
//
// A reply's latency runs from the pointer release that completes the
// player's move to the moment the CPU's move is drawn (the turn line stops
// saying that the CPU is thinking), looked at every 10 ms.

/* exported soak */
function soak({ games = 100, hardEvery = 5, idleMs = 60000, settleMs = 400, seed = 1 } = {}) {
  if (window.top !== window) return;

  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const $ = (css) => document.querySelector(css);
  const $$ = (css) => [...document.querySelectorAll(css)];
  const note = (text) => window.__TAURI__.core.invoke('soak_note', { note: text });

  // A small seeded generator (mulberry32): the same games on every run.
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = (list) => list[Math.floor(random() * list.length)];

  async function until(cond, what, timeoutMs = 180000) {
    const t0 = performance.now();
    for (;;) {
      const v = cond();
      if (v) return v;
      if (performance.now() - t0 > timeoutMs) throw new Error(`no ${what} within ${timeoutMs / 1000} s`);
      await sleep(10);
    }
  }

  const screenIs = (name) => Boolean($(`[data-screen="${name}"]`));
  const mode = () => $('[data-screen="game"]')?.dataset.mode;
  const status = () => $('#turn-line')?.dataset.status;
  const open = () => Boolean($('.board.interactive')) && !$('.board.interactive.locked');
  const squares = (css, attr) => $$(css).map((e) => Number(e.getAttribute(attr)));
  /** 'end' once the result shows, 'turn' when the board takes the player's taps, else null. */
  const decision = () => {
    if (mode() === 'end') return 'end';
    if (mode() === 'play' && ['yourTurn', 'captureAvailable', 'jumpAgain'].includes(status()) && open()) return 'turn';
    return null;
  };

  /** A tap on square `n`: a primary pointer pressed and released on its centre. */
  function tap(n) {
    const sq = $(`.board.interactive .sq[data-square="${n}"]`);
    const r = sq.getBoundingClientRect();
    const at = { clientX: r.left + r.width / 2, clientY: r.top + r.height / 2 };
    const init = { bubbles: true, cancelable: true, composed: true, isPrimary: true, pointerId: 1, pointerType: 'mouse', button: 0 };
    sq.dispatchEvent(new PointerEvent('pointerdown', { ...init, ...at, buttons: 1 }));
    sq.dispatchEvent(new PointerEvent('pointerup', { ...init, ...at, buttons: 0 }));
  }

  function click(css) {
    const el = $(css);
    if (!el) throw new Error(`no ${css}`);
    el.click();
  }

  /**
   * One hop chosen among those offered; resolves once the board takes taps
   * again or the game is over, with the reply's latency in ms when the CPU
   * moved in between, else null.
   */
  async function hop() {
    let from = squares('.board.interactive .piece.lifted', 'data-square')[0];
    if (from == null) {
      from = pick(squares('.board.interactive .piece.movable', 'data-square'));
      tap(from);
      await until(() => squares('.board.interactive [data-dest]', 'data-dest').length, 'destination');
    }
    const to = pick(squares('.board.interactive [data-dest]', 'data-dest'));
    const sent = performance.now();
    tap(to);
    let cpu = false;
    let locked = false;
    let drawn = null;
    await until(() => {
      // The turn line says the CPU is thinking from its pause until its
      // move's last hop is drawn.
      if (status() === 'cpuThinking') cpu = true;
      else if (cpu && drawn == null) drawn = performance.now();
      if (!open()) locked = true;
      return locked && decision();
    }, 'end of the hop');
    return drawn == null ? null : drawn - sent;
  }

  /** Plays the game on screen to its end: its hops and reply latencies. */
  async function playToTheEnd() {
    const replies = [];
    let hops = 0;
    while ((await until(decision, "player's turn or the end")) === 'turn') {
      const ms = await hop();
      hops += 1;
      if (ms != null) replies.push(Math.round(ms));
      if (hops > 1000) throw new Error('no end after 1000 hops');
    }
    return { hops, replies };
  }

  /** Starts game `n` at `level` from the end screen (or the start screen for the first). */
  async function startGame(n, level, previous) {
    if (n > 1 && level === previous) {
      click('#play-again');
    } else {
      if (n > 1) {
        click('#menu');
        await until(() => screenIs('start'), 'start screen');
      }
      click(`#level-${level}`);
    }
    await until(() => mode() === 'play' && decision() === 'turn', 'new game waiting for the player');
  }

  async function run() {
    await until(() => screenIs('start') && $('#level-easy'), 'start screen');
    await note('ready');
    let level = null;
    for (let n = 1; n <= games; n++) {
      const next = hardEvery > 0 && n % hardEvery === 0 ? 'hard' : 'easy';
      await startGame(n, next, level);
      level = next;
      const dom = document.getElementsByTagName('*').length;
      const { hops, replies } = await playToTheEnd();
      const result = $('#outcome')?.dataset.outcome || 'unknown';
      await note(`game ${n} ${level} ${result} hops=${hops} dom=${dom} replies=${replies.join(',')}`);
      await sleep(settleMs);
    }
    // Idle on the start screen.
    if (!screenIs('start')) {
      click('#menu');
      await until(() => screenIs('start'), 'start screen');
    }
    await sleep(1000);
    await note('idle start');
    await sleep(idleMs + 5000);
    // Idle on a game screen, the player to move after a Hard reply (the
    // deepest search, whose threads must rest once it has answered).
    click('#level-hard');
    await until(() => mode() === 'play' && decision() === 'turn', 'new game waiting for the player');
    let reply = null;
    while (reply == null && decision() === 'turn') reply = await hop();
    await note(`idle game replies=${Math.round(reply ?? -1)}`);
    await sleep(idleMs + 5000);
    await note('done');
  }

  const go = () =>
    run().catch((e) => {
      note(`failed ${String(e && e.message ? e.message : e).replace(/[\u0000-\u001f]/g, ' ').slice(0, 300)}`);
    });
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', go, { once: true });
  else go();
}
