// The player of scripts/soak, run inside the app's page: the app runs it
// only when started with CHECKERS_SOAK naming a file that holds it and a
// call `soak({ ... })` (scripts/soak writes that file). It plays whole
// games of one game (`game`: checkers or choko) through the page's own
// controls, as a player would: it clicks the start screen's and the end
// screen's buttons and taps the board's squares or points with pointer
// events, choosing each part among those the board offers (the pieces
// marked movable, the destination dots, the pieces a jump may take), with
// a seeded random choice. It reads nothing of the page's modules.
//
// It sends one-line notes through the shell (`soak_note`), which writes
// them on standard error as `checkers-soak <ms> <note>`:
//   ready                          the start screen is up
//   game N LEVEL RESULT hops=H dom=D replies=MS,MS,...
//                                  game N is over and its result is shown;
//                                  H the player's taps that completed a
//                                  part, D the page's element count when
//                                  the game started, MS the reply
//                                  latencies; LEVEL is checkers' level or
//                                  Choko's (level1 ... level8)
//   idle start                     the start screen, left alone from now
//   idle game replies=MS           a game screen waiting for the player,
//                                  just after the CPU's reply at Hard (in
//                                  Choko, the machine's) was drawn
//   done | failed WHY
// While it waits out an idle phase it has one timer pending and nothing
// else: whatever runs then is the app's.
//
// A reply's latency runs from the pointer release that completes the
// player's move to the moment the CPU's move is drawn (the turn line stops
// saying that the CPU is thinking), looked at every 10 ms.

/* exported soak */
function soak({ game = 'checkers', games = 100, hardEvery = 5, idleMs = 60000, settleMs = 400, seed = 1 } = {}) {
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

  // --- Choko: points, parts of an action, the ladder's buttons -----------

  const choko = {
    status: () => $('#choko-turn-line')?.dataset.status,
    ended: () => Boolean($('[data-screen="choko"][data-mode="end"]')),
    open: () => Boolean($('.choko-board.interactive')) && !$('.choko-board.interactive.locked'),
    points: (css, attr) => $$(css).map((e) => e.getAttribute(attr)),
    /** 'end', 'turn' (the board takes the player's taps) or null. */
    decision() {
      if (choko.ended()) return 'end';
      if (['yourTurn', 'mustPlace', 'chooseExtra'].includes(choko.status()) && choko.open()) return 'turn';
      return null;
    },
    /** A tap on point `p`, at its centre. */
    tap(p) {
      const pt = $(`.choko-board.interactive .pt[data-point="${p}"]`);
      const r = pt.getBoundingClientRect();
      const at = { clientX: r.left + r.width / 2, clientY: r.top + r.height / 2 };
      const init = { bubbles: true, cancelable: true, composed: true, isPrimary: true, pointerId: 1, pointerType: 'mouse', button: 0 };
      pt.dispatchEvent(new PointerEvent('pointerdown', { ...init, ...at, buttons: 1 }));
      pt.dispatchEvent(new PointerEvent('pointerup', { ...init, ...at, buttons: 0 }));
    },
    level: () => `level${($('[data-screen="choko"] .title')?.textContent.match(/\d+/) || ['?'])[0]}`,
    /** One part of an action chosen among those offered, as `hop` does for checkers. */
    async part() {
      const before = document.querySelectorAll('.choko-board.interactive .piece').length + choko.status();
      const take = choko.points('.choko-board.interactive .piece.takeable', 'data-point');
      const lifted = choko.points('.choko-board.interactive .piece.lifted', 'data-point');
      const dests = choko.points('.choko-board.interactive [data-dest]', 'data-dest');
      const movable = choko.points('.choko-board.interactive .piece.movable', 'data-point');
      let target;
      if (take.length) target = pick(take);
      else if (lifted.length || !movable.length || (dests.length && random() < 0.5)) target = pick(dests);
      else {
        choko.tap(pick(movable));
        await until(() => choko.points('.choko-board.interactive .piece.lifted', 'data-point').length, 'a lifted piece');
        target = pick(choko.points('.choko-board.interactive [data-dest]', 'data-dest'));
      }
      const sent = performance.now();
      choko.tap(target);
      let machine = false;
      let locked = false;
      let drawn = null;
      await until(() => {
        if (choko.status() === 'machineThinking') machine = true;
        else if (machine && drawn == null) drawn = performance.now();
        if (!choko.open()) locked = true;
        // A jump that asks for its extra piece leaves the board open.
        const asks = choko.status() === 'chooseExtra' && before !== document.querySelectorAll('.choko-board.interactive .piece').length + choko.status();
        return (locked || asks) && choko.decision();
      }, 'end of the part');
      return drawn == null ? null : drawn - sent;
    },
    async playToTheEnd() {
      const replies = [];
      let hops = 0;
      while ((await until(choko.decision, "player's turn or the end")) === 'turn') {
        const ms = await choko.part();
        hops += 1;
        if (ms != null) replies.push(Math.round(ms));
        if (hops > 1000) throw new Error('no end after 1000 parts');
      }
      return { hops, replies };
    },
    async openTab() {
      await until(() => screenIs('start') && $('#game-choko'), 'start screen');
      if ($('#game-choko').getAttribute('aria-selected') !== 'true') click('#game-choko');
      await until(() => $('#panel-choko[data-loaded="true"]:not([hidden])'), "Choko's panel");
    },
    /** Game `n`: Play on the start screen, then the end screen's next game (a level up or a new streak). */
    async start(n) {
      click(n > 1 ? '#choko-next' : '#choko-play');
      await until(() => $('[data-screen="choko"][data-mode="play"]') && choko.decision() === 'turn', 'new game waiting for the player');
    },
  };

  async function runChoko() {
    await choko.openTab();
    await note('ready');
    for (let n = 1; n <= games; n++) {
      await choko.start(n);
      const level = choko.level();
      const dom = document.getElementsByTagName('*').length;
      const { hops, replies } = await choko.playToTheEnd();
      const result = $('#choko-outcome')?.dataset.outcome || 'unknown';
      await note(`game ${n} ${level} ${result} hops=${hops} dom=${dom} replies=${replies.join(',')}`);
      await sleep(settleMs);
    }
    if (!screenIs('start')) {
      click('#choko-menu');
      await until(() => screenIs('start'), 'start screen');
    }
    await sleep(1000);
    await note('idle start');
    await sleep(idleMs + 5000);
    // Idle on a game screen, the player to act after the machine's reply.
    await choko.openTab();
    click($('#choko-continue:not([hidden])') ? '#choko-continue' : '#choko-play');
    await until(() => choko.decision() === 'turn', 'a game waiting for the player');
    let reply = null;
    while (reply == null && choko.decision() === 'turn') reply = await choko.part();
    await note(`idle game replies=${Math.round(reply ?? -1)}`);
    await sleep(idleMs + 5000);
    await note('done');
  }

  async function run() {
    if (game === 'choko') return runChoko();
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
