// What happens on the board over time: the player's taps (C1-C4), the
// player's hop animated, the CPU's turn (450 ms pause, then the search, then
// its hops 260 ms apart, D5), undo, leaving and resuming.
//
// Every choice offered comes from the View the shell sends (`movable`,
// `lifted`); nothing here knows a rule of the game.

import * as api from './api.js';
import { state, update, renderNow } from './state.js';
import { hop, sleep, CPU_PAUSE_MS, CPU_HOP_GAP_MS } from './anim.js';
import * as sound from './sound.js';
import { t } from './i18n.js';

/** Statuses in which the player decides and the board answers taps. */
const PLAYER_DECISION = new Set(['yourTurn', 'captureAvailable', 'jumpAgain']);

/**
 * Generation of the game on screen. Undo, leaving and a new game bump it;
 * an animation or CPU turn started under an older generation stops at its
 * next step, so nothing is ever drawn onto the wrong game.
 */
let generation = 0;
/** The cpu_reply call the shell may still be working on. */
let cpuInFlight = null;
/** The game screen's board (pieceAt for animations). */
let board = null;

/** The game screen hands over its board so moves can be animated on it. */
export function attachBoard(b) {
  board = b;
}

/** `view.movable` as a Map from the square of a liftable piece to its destinations. */
export function movableMap(view) {
  return new Map(((view && view.movable) || []).map((m) => [m.from, m.to]));
}

/** True when the board takes the player's taps now. */
export function boardAcceptsInput() {
  const view = state.game;
  return Boolean(view && !state.busy && !state.cpuTurn && PLAYER_DECISION.has(view.status));
}

/** The piece shown lifted: the one mid-chain (C4), else the one the player picked. */
export function liftedSquare() {
  const view = state.game;
  if (!view) return null;
  return view.lifted ?? state.selected;
}

function firstFocus(view) {
  if (view.lifted) return view.lifted;
  if (view.movable && view.movable.length) return view.movable[0].from;
  return 22;
}

function report(error) {
  // Errors other than a stale CPU reply mean the page and the shell disagree;
  // say it in the console and fetch the shell's truth again.
  console.warn('checkers:', error);
}

/** Fetches the saved game again after an unexpected error and shows it. */
async function resync() {
  try {
    const s = await api.appState();
    if (s.game && state.screen === 'game') {
      showGame(s.game);
    }
  } catch (e) {
    report(e);
    update({ busy: false, cpuTurn: false });
  }
}

/** Shows `view` as the game on screen and starts the CPU or the end if it is their time. */
function showGame(view, extra = {}) {
  generation += 1;
  update({
    screen: 'game',
    game: view,
    shown: view.board,
    selected: null,
    moving: null,
    shownLast: null,
    busy: false,
    cpuTurn: false,
    spoken: '',
    focus: state.focus ?? firstFocus(view),
    hasSaved: view.status !== 'over',
    savedLevel: view.level,
    ...extra,
  });
  if (view.status === 'cpuThinking') runCpu();
  else if (view.status === 'over') finish(view);
}

/** Starts a game at `level` with the first player chosen on the start screen (C6). */
export async function newGame(level) {
  sound.unlock();
  generation += 1;
  try {
    const view = await api.newGame(level, state.firstChoice);
    update({ notice: null, focus: null });
    showGame(view, { focus: firstFocus(view) });
  } catch (e) {
    report(e);
  }
}

/** Resumes the saved game (C7): the shell's copy is the truth, a piece mid-chain comes back lifted. */
export async function continueGame() {
  sound.unlock();
  generation += 1;
  if (cpuInFlight) await cpuInFlight.catch(() => {});
  try {
    const s = await api.appState();
    if (s.game) {
      update({ notice: null, focus: null });
      showGame(s.game, { focus: firstFocus(s.game) });
    } else {
      update({ hasSaved: false, screen: 'start' });
    }
  } catch (e) {
    report(e);
  }
}

/**
 * A tap on square `n` (pointer or keyboard), following C2-C4: a destination
 * of the lifted piece moves it; the lifted piece again puts it back (not
 * mid-chain); a piece that can move is lifted; anything else does nothing.
 */
export function tapSquare(n) {
  if (!boardAcceptsInput()) return;
  const view = state.game;
  const movable = movableMap(view);
  const lifted = liftedSquare();
  if (lifted != null && (movable.get(lifted) || []).includes(n)) {
    playHop(lifted, n);
    return;
  }
  if (view.lifted != null) return; // mid-chain: only the next jump answers
  if (n === state.selected) {
    update({ selected: null, focus: n });
  } else if (movable.has(n)) {
    sound.unlock();
    update({ selected: n, focus: n });
  }
}

/** Puts the lifted piece back (Esc). Mid-chain there is nothing to put back. */
export function putBack() {
  if (!boardAcceptsInput() || state.game.lifted != null || state.selected == null) return;
  update({ selected: null });
}

/** The square whose piece was there before and is gone after, other than `from` (the captured one). */
function capturedSquare(before, after, from) {
  for (let i = 0; i < 32; i++) {
    if (i + 1 !== from && before[i] && !after[i]) return i + 1;
  }
  return null;
}

async function playHop(from, to) {
  const gen = generation;
  const before = state.shown;
  update({ busy: true, moving: from, selected: null });
  let view;
  try {
    view = await api.play(from, to);
  } catch (e) {
    report(e);
    if (gen === generation) {
      update({ busy: false, moving: null });
      resync();
    }
    return;
  }
  if (gen !== generation) return;
  renderNow();
  const captured = capturedSquare(before, view.board, from);
  await hop(board && board.pieceAt(from), from, to, captured && board ? board.pieceAt(captured) : null);
  if (gen !== generation) return;
  const crowned = view.board[to - 1] && view.board[to - 1].king && before[from - 1] && !before[from - 1].king;
  sound.play(crowned ? 'crown' : captured ? 'capture' : 'step');
  update({
    game: view,
    shown: view.board,
    busy: false,
    moving: null,
    spoken: '',
    focus: to,
    hasSaved: view.status !== 'over',
  });
  if (view.status === 'cpuThinking') runCpu();
  else if (view.status === 'over') finish(view);
}

/** "11-15" for a step, "22x15x6" for a chain: the CPU's move said aloud. */
function notation(hops) {
  if (!hops.length) return '';
  const sep = hops[0].captured ? 'x' : '-';
  return [hops[0].from, ...hops.map((h) => h.to)].join(sep);
}

/** The CPU's turn: pause, search (in the shell), then its hops one by one (D5). */
async function runCpu() {
  const gen = generation;
  update({ cpuTurn: true, spoken: '' });
  await sleep(CPU_PAUSE_MS);
  if (gen !== generation) return;
  const request = api.cpuReply();
  cpuInFlight = request;
  let reply;
  try {
    reply = await request;
  } catch (e) {
    if (cpuInFlight === request) cpuInFlight = null;
    if (gen !== generation || api.isStale(e)) return; // undone or replaced meanwhile: drop it quietly
    report(e);
    update({ cpuTurn: false });
    resync();
    return;
  }
  if (cpuInFlight === request) cpuInFlight = null;
  if (gen !== generation) return;

  const hops = reply.hops || [];
  const shown = state.shown.slice();
  const moved = hops.length ? shown[hops[0].from - 1] : null;
  const path = hops.length ? [hops[0].from] : [];
  for (let i = 0; i < hops.length; i++) {
    const h = hops[i];
    if (i > 0) {
      await sleep(CPU_HOP_GAP_MS);
      if (gen !== generation) return;
    }
    renderNow();
    const captured = h.captured ?? null;
    await hop(board && board.pieceAt(h.from), h.from, h.to, captured && board ? board.pieceAt(captured) : null);
    if (gen !== generation) return;
    shown[h.to - 1] = shown[h.from - 1];
    shown[h.from - 1] = null;
    if (captured) shown[captured - 1] = null;
    path.push(h.to);
    const last = i === hops.length - 1;
    const landing = reply.view.board[h.to - 1];
    const crowned = last && landing && landing.king && moved && !moved.king;
    sound.play(crowned ? 'crown' : captured ? 'capture' : 'step');
    update({ shown: shown.slice(), shownLast: { side: 'cpu', path: path.slice() } });
  }
  const view = reply.view;
  update({
    game: view,
    shown: view.board,
    shownLast: null,
    cpuTurn: false,
    spoken: hops.length ? t('cpuPlayed', { move: notation(hops) }) : '',
    hasSaved: view.status !== 'over',
  });
  if (view.status === 'over') finish(view);
  else if (view.status === 'cpuThinking') runCpu();
}

/** The game has ended: a sound, a moment to see the last move, then the end screen. */
async function finish(view) {
  const gen = generation;
  update({ hasSaved: false, busy: false, cpuTurn: false });
  if (view.result) setTimeout(() => sound.play(view.result.outcome), 350);
  api
    .records()
    .then((records) => update({ records }))
    .catch(report);
  await sleep(1200);
  if (gen !== generation || state.screen !== 'game') return;
  update({ screen: 'end' });
}

/** Undo (U1, U3): back to the player's last decision, also while the CPU is on its turn. */
export async function undo() {
  const view = state.game;
  if (!view || !view.canUndo || state.screen !== 'game') return;
  if (state.busy && !state.cpuTurn) return; // the player's own hop is still on its way
  generation += 1;
  try {
    const back = await api.undo();
    showGame(back.view, { spoken: '' });
  } catch (e) {
    report(e);
    resync();
  }
}

/** Back to the start screen; the game stays saved and "Continue" resumes it (C7). */
export async function leave() {
  generation += 1;
  const view = state.game;
  update({
    screen: 'start',
    busy: false,
    cpuTurn: false,
    moving: null,
    shownLast: null,
    selected: null,
    hasSaved: Boolean(view && view.status !== 'over'),
    savedLevel: view ? view.level : null,
  });
  try {
    const left = await api.leaveGame();
    // The shell's answer is the truth: a game that ended meanwhile is
    // never offered to continue.
    const saved = left && left.saved;
    update({ hasSaved: Boolean(saved), savedLevel: saved ? saved.level : null });
  } catch (e) {
    report(e);
  }
}

/** "Play again" on the end screen: the same level, the first player chosen on the start screen. */
export function playAgain() {
  const level = state.game ? state.game.level : 'normal';
  return newGame(level);
}
