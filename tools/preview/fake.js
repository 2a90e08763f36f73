// Preview-only fake of the Tauri shell: window.__TAURI__.core.invoke answering
// the IPC contract with Views built from a tiny rules model. It exists so the
// page can be looked at and played in a plain browser; it is NOT the engine
// (no draw counter, a naive CPU) and never ships in ui/.
//
// Query parameters:
//   fixture=start|cpufirst|cpuchain|capture|midchain|king|nearwin|none (saved game; default none)
//   lang=es|en            settings.language (default null = system)
//   numbers=1             settings.squareNumbers
//   sound=0               settings.sound
//   notice=savedGameUnreadable|recordsUnreadable|settingsUnreadable
//   records=1             some recorded games
//   outcome=loss|draw    the next game end is reported as this (to see every end screen)
//   search=MS             how long the fake CPU "searches" (default 250)
//   do=ACTIONS            comma-separated script run after load: click:ID, tap:N,
//                         key:KEY, wait:MS, e.g. do=click:continue,tap:22,wait:300
(function () {
  'use strict';
  const q = new URLSearchParams(location.search);

  // ---------- geometry (standard numbering) ----------
  const rc = (n) => {
    const row = Math.floor((n - 1) / 4);
    return { row, col: 2 * ((n - 1) % 4) + (row % 2 === 0 ? 1 : 0) };
  };
  const at = (row, col) =>
    row < 0 || row > 7 || col < 0 || col > 7 || (row + col) % 2 === 0 ? null : row * 4 + Math.floor(col / 2) + 1;

  // ---------- a tiny rules model (player = White moving up) ----------
  function dirs(piece) {
    const fwd = piece.side === 'player' ? -1 : 1;
    return piece.king ? [[-1, -1], [-1, 1], [1, -1], [1, 1]] : [[fwd, -1], [fwd, 1]];
  }
  function jumpsFrom(board, n) {
    const p = board[n - 1];
    if (!p) return [];
    const { row, col } = rc(n);
    const out = [];
    for (const [dr, dc] of dirs(p)) {
      const mid = at(row + dr, col + dc);
      const land = at(row + 2 * dr, col + 2 * dc);
      if (mid && land && board[mid - 1] && board[mid - 1].side !== p.side && !board[land - 1]) out.push({ to: land, captured: mid });
    }
    return out;
  }
  function stepsFrom(board, n) {
    const p = board[n - 1];
    const { row, col } = rc(n);
    const out = [];
    for (const [dr, dc] of dirs(p)) {
      const to = at(row + dr, col + dc);
      if (to && !board[to - 1]) out.push({ to, captured: null });
    }
    return out;
  }
  function options(board, side, lifted) {
    if (lifted) return [{ from: lifted, hops: jumpsFrom(board, lifted) }];
    const mine = [];
    for (let n = 1; n <= 32; n++) if (board[n - 1] && board[n - 1].side === side) mine.push(n);
    const jumps = mine.map((n) => ({ from: n, hops: jumpsFrom(board, n) })).filter((m) => m.hops.length);
    if (jumps.length) return jumps;
    return mine.map((n) => ({ from: n, hops: stepsFrom(board, n) })).filter((m) => m.hops.length);
  }
  function apply(board, from, hopInfo) {
    const b = board.map((p) => (p ? { ...p } : null));
    const p = b[from - 1];
    b[from - 1] = null;
    if (hopInfo.captured) b[hopInfo.captured - 1] = null;
    const row = rc(hopInfo.to).row;
    let crowned = false;
    if (!p.king && ((p.side === 'player' && row === 0) || (p.side === 'cpu' && row === 7))) {
      p.king = true;
      crowned = true;
    }
    b[hopInfo.to - 1] = p;
    return { board: b, crowned };
  }
  const count = (board, side) => board.filter((p) => p && p.side === side).length;

  // ---------- positions ----------
  const P = (king) => ({ side: 'player', king: !!king });
  const C = (king) => ({ side: 'cpu', king: !!king });
  function pos(player, cpu, kings = []) {
    const b = new Array(32).fill(null);
    for (const n of player) b[n - 1] = P(kings.includes(n));
    for (const n of cpu) b[n - 1] = C(kings.includes(n));
    return b;
  }
  const range = (a, z) => Array.from({ length: z - a + 1 }, (_, i) => a + i);

  const fixtures = {
    start: () => ({ board: pos(range(21, 32), range(1, 12)), turn: 'player', level: 'normal', first: 'player' }),
    cpufirst: () => ({ board: pos(range(21, 32), range(1, 12)), turn: 'cpu', level: 'hard', first: 'cpu' }),
    capture: () => ({
      board: pos([21, 22, 24, 25, 26, 27, 28, 29, 30, 31, 32, 23], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 18]),
      turn: 'player',
      level: 'normal',
      first: 'player',
      lastMove: { side: 'cpu', path: [14, 18] },
    }),
    midchain: () => ({
      board: pos([15, 21, 24, 25, 26, 27, 28, 29, 30, 31, 32], [1, 2, 3, 4, 5, 6, 7, 9, 11, 12]),
      turn: 'player',
      lifted: 15,
      level: 'easy',
      first: 'player',
      lastMove: { side: 'player', path: [22, 15] },
    }),
    king: () => ({
      board: pos([3, 14, 22, 25, 30], [6, 19, 27, 9], [3, 27]),
      turn: 'player',
      level: 'hard',
      first: 'cpu',
      lastMove: { side: 'cpu', path: [31, 27] },
    }),
    cpuchain: () => ({
      board: pos([14, 23, 28, 30, 31, 32], [1, 2, 9]),
      turn: 'cpu',
      level: 'normal',
      first: 'cpu',
      lastMove: { side: 'player', path: [19, 23] },
    }),
    nearwin: () => ({
      board: pos([22, 30, 25], [18]),
      turn: 'player',
      level: 'normal',
      first: 'player',
      lastMove: { side: 'cpu', path: [14, 18] },
    }),
  };

  // ---------- the fake shell ----------
  const settings = {
    language: q.get('lang') || null,
    sound: q.get('sound') !== '0',
    squareNumbers: q.get('numbers') === '1',
  };
  const emptyRec = () => ({ wins: 0, losses: 0, draws: 0, playerPiecesLeft: 0, cpuPiecesLeft: 0, playTimeMs: 0 });
  const records = { easy: emptyRec(), normal: emptyRec(), hard: emptyRec() };
  if (q.get('records') === '1') {
    Object.assign(records.easy, { wins: 7, losses: 1, draws: 0, playerPiecesLeft: 40, cpuPiecesLeft: 3, playTimeMs: 41 * 60000 });
    Object.assign(records.normal, { wins: 4, losses: 5, draws: 2, playerPiecesLeft: 20, cpuPiecesLeft: 22, playTimeMs: 131 * 60000 });
    Object.assign(records.hard, { wins: 0, losses: 3, draws: 1, playerPiecesLeft: 0, cpuPiecesLeft: 14, playTimeMs: 52 * 60000 });
  }

  let game = null; // { level, first, board, turn, lifted, lastMove, history, result, startedAt }
  let generation = 0;
  let seed = 7;
  const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);

  const fx = q.get('fixture');
  if (fx && fixtures[fx]) game = { lifted: null, lastMove: null, history: [], result: null, ...fixtures[fx]() };

  function snapshot() {
    return JSON.parse(JSON.stringify({ board: game.board, turn: game.turn, lifted: game.lifted, lastMove: game.lastMove }));
  }

  function view() {
    const g = game;
    let status;
    let movable = [];
    if (g.result) status = 'over';
    else if (g.turn === 'cpu') status = 'cpuThinking';
    else {
      const opts = options(g.board, 'player', g.lifted);
      movable = opts.map((o) => ({ from: o.from, to: o.hops.map((h) => h.to) }));
      status = g.lifted ? 'jumpAgain' : opts.length && opts[0].hops[0].captured ? 'captureAvailable' : 'yourTurn';
    }
    return JSON.parse(
      JSON.stringify({
        level: g.level,
        first: g.first,
        board: g.board,
        status,
        movable,
        lifted: g.lifted || null,
        lastMove: g.lastMove || null,
        canUndo: g.history.length > 0,
        result: g.result,
      }),
    );
  }

  function checkEnd() {
    const side = game.turn;
    if (options(game.board, side, null).length === 0) {
      game.result = {
        outcome: q.get('outcome') || (side === 'cpu' ? 'win' : 'loss'),
        playerPieces: count(game.board, 'player'),
        cpuPieces: count(game.board, 'cpu'),
      };
      const rec = records[game.level];
      rec[{ win: 'wins', loss: 'losses', draw: 'draws' }[game.result.outcome]] += 1;
      rec.playerPiecesLeft += game.result.playerPieces;
      rec.cpuPiecesLeft += game.result.cpuPieces;
      rec.playTimeMs += 4 * 60000;
    }
  }

  function cpuMove() {
    // Every full chain for the CPU; prefer the most captures, else pick one at random.
    const chains = [];
    const walk = (board, from, hops) => {
      const next = jumpsFrom(board, from);
      if (!next.length) return chains.push(hops);
      for (const j of next) {
        const r = apply(board, from, j);
        const h = [...hops, { from, to: j.to, captured: j.captured }];
        if (r.crowned) chains.push(h);
        else walk(r.board, j.to, h);
      }
    };
    for (const o of options(game.board, 'cpu', null)) {
      for (const h of o.hops) {
        if (h.captured) {
          const r = apply(game.board, o.from, h);
          const first = [{ from: o.from, to: h.to, captured: h.captured }];
          if (r.crowned) chains.push(first);
          else walk(r.board, h.to, first);
        } else chains.push([{ from: o.from, to: h.to, captured: null }]);
      }
    }
    const best = Math.max(...chains.map((c) => c.filter((h) => h.captured).length));
    const pool = chains.filter((c) => c.filter((h) => h.captured).length === best);
    return pool[Math.floor(rand() * pool.length)];
  }

  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const searchMs = Number(q.get('search') || 250);

  const commands = {
    async app_state() {
      return {
        game: game && !game.result ? view() : null,
        records: JSON.parse(JSON.stringify(records)),
        settings: { ...settings },
        notice: q.get('notice') || null,
      };
    },
    async new_game({ level, first }) {
      if (!['easy', 'normal', 'hard'].includes(level) || !['player', 'cpu'].includes(first)) throw 'bad arguments';
      generation++;
      game = { ...fixtures.start(), level, first, turn: first, lifted: null, lastMove: null, history: [], result: null };
      return view();
    },
    async legal_moves() {
      return game ? view().movable : [];
    },
    async play({ from, to }) {
      if (!game || game.result || game.turn !== 'player') throw 'not your turn';
      const opt = options(game.board, 'player', game.lifted).find((o) => o.from === from);
      const hopInfo = opt && opt.hops.find((h) => h.to === to);
      if (!hopInfo) throw 'illegal move';
      if (!game.lifted) game.history.push(snapshot());
      const r = apply(game.board, from, hopInfo);
      game.board = r.board;
      game.lastMove = {
        side: 'player',
        path: game.lifted && game.lastMove ? [...game.lastMove.path, to] : [from, to],
      };
      if (hopInfo.captured && !r.crowned && jumpsFrom(game.board, to).length) {
        game.lifted = to;
      } else {
        game.lifted = null;
        game.turn = 'cpu';
        checkEnd();
      }
      return view();
    },
    async cpu_reply() {
      if (!game || game.turn !== 'cpu' || game.result) throw 'not the CPU turn';
      const gen = generation;
      await sleep(searchMs);
      if (gen !== generation) throw 'stale';
      const hops = cpuMove();
      for (const h of hops) game.board = apply(game.board, h.from, h).board;
      game.lastMove = { side: 'cpu', path: [hops[0].from, ...hops.map((h) => h.to)] };
      game.turn = 'player';
      checkEnd();
      return { hops, view: view() };
    },
    async undo() {
      if (!game || !game.history.length) throw 'nothing to undo';
      generation++;
      Object.assign(game, game.history.pop(), { result: null });
      return view();
    },
    async records() {
      return JSON.parse(JSON.stringify(records));
    },
    async set_settings({ settings: s }) {
      Object.assign(settings, s);
      return { ...settings };
    },
    async leave_game() {
      return null;
    },
  };

  window.__previewLog = [];

  // Count the sounds the page starts (oscillators and noise bursts), to check
  // that a tap that does nothing makes no sound (C2) and that the setting mutes.
  window.__sounds = 0;
  if (window.AudioContext) {
    const proto = window.AudioScheduledSourceNode && window.AudioScheduledSourceNode.prototype;
    if (proto && proto.start) {
      const start = proto.start;
      proto.start = function (...args) {
        window.__sounds += 1;
        return start.apply(this, args);
      };
    }
  }
  window.__TAURI__ = {
    core: {
      invoke(name, args) {
        window.__previewLog.push({ name, t: performance.now() });
        const fn = commands[name];
        if (!fn) return Promise.reject('unknown command ' + name);
        return fn(args || {});
      },
    },
  };

  // ---------- scripted actions for screenshots ----------
  async function runScript(script) {
    await sleep(150);
    for (const step of script.split(',')) {
      const [kind, arg] = step.split(':');
      if (kind === 'wait') await sleep(Number(arg));
      else if (kind === 'click') {
        const el = document.getElementById(arg);
        if (el) el.click();
        await sleep(120);
      } else if (kind === 'tap') {
        const svg = document.querySelector('.board.interactive');
        const cell = svg && svg.querySelector(`.sq[data-square="${arg}"] rect`);
        if (cell) {
          const r = cell.getBoundingClientRect();
          const o = { bubbles: true, isPrimary: true, button: 0, pointerId: 1, clientX: r.x + r.width / 2, clientY: r.y + r.height / 2 };
          svg.dispatchEvent(new PointerEvent('pointerdown', o));
          svg.dispatchEvent(new PointerEvent('pointerup', o));
        }
        await sleep(120);
      } else if (kind === 'key') {
        const target = document.activeElement || document.body;
        target.dispatchEvent(new KeyboardEvent('keydown', { key: arg, bubbles: true }));
        await sleep(60);
      } else if (kind === 'focus') {
        const el = document.querySelector(arg === 'board' ? '.board.interactive' : '#' + arg);
        if (el) el.focus();
        await sleep(60);
      }
    }
    document.documentElement.dataset.scriptDone = '1';
  }
  if (q.get('do')) window.addEventListener('load', () => runScript(q.get('do')));
})();
