// What happens in a game of checkers over time: the player's taps (C1-C4),
// the player's hop animated, the CPU's turn (450 ms pause, then the search,
// then its hops 260 ms apart, D5), undo, the end of the game under the
// final position, start-up, leaving and resuming. The review and Copy PDN
// are review.js's.
//
// Every choice offered comes from the shell's legal moves (`legal_moves`:
// the pieces that may be lifted, their destinations, the piece that must
// jump again), asked after every answer that changes the game and put in
// the state together with that answer's View, so the board never shows a
// position without what it offers; nothing here knows a rule of the game.

import * as api from './api.js';
import { state, update, renderNow } from '../common/state.js';
import { set } from './state.js';
import { painted, sleep, CPU_HOP_GAP_MS, END_PAUSE_MS } from '../common/timing.js';
import { createTurns } from '../common/turns.js';
import { hop, undoSlide } from './motion.js';
import * as sound from '../common/sound.js';
import { t } from '../common/i18n.js';
import { report, tell, noticesRead } from '../common/notify.js';
import { exitReview } from './review.js';
import { boardAcceptsInput, decisionFocus, liftedSquare, movableMap } from './offer.js';
import { createPointer } from '../common/pointing.js';

/** The game's course: its generation and the CPU's reply on its way. */
const turns = createTurns();
/** Points, silently, to the pieces that must jump. */
const pointer = createPointer(set);
/** The game screen's board (pieceAt for animations). */
let board = null;

/** The game screen hands over its board so moves can be animated on it. */
export function attachBoard(b) {
  board = b;
}

/** At start-up, from the app's state: the saved game (Continue, C7) and the records. */
export async function loadCheckers() {
  try {
    const s = await api.state();
    tell(s.notices);
    const saved = s.game && s.game.status !== 'over' ? s.game : null;
    const first = saved ? saved.first : 'player';
    set({ records: s.records || null, hasSaved: Boolean(saved), savedLevel: saved ? saved.level : null, view: saved, firstChoice: first });
  } catch (e) {
    console.warn('checkers:', e);
  }
}

/**
 * Fetches the saved game again after an unexpected error (reported by the
 * caller) and shows it.
 */
async function resync() {
  try {
    const s = await api.state();
    if (s.game && state.screen === 'game') {
      const legal = await api.legalMoves();
      showGame(s.game, legal);
    }
  } catch (e) {
    report(e);
    set({ busy: false, cpuTurn: false });
  }
}

/**
 * Shows `view` as the game on screen, `legal` being what it offers, and
 * starts the CPU or the end if it is their time.
 */
function showGame(view, legal, extra = {}) {
  turns.next();
  update({ screen: 'game' });
  set({
    view,
    legal,
    shown: view.board,
    selected: null,
    moving: null,
    shownLast: null,
    busy: false,
    cpuTurn: false,
    spoken: '',
    review: null,
    showEnd: false,
    movesOpen: false,
    focus: decisionFocus(view, legal, state.checkers.focus) ?? state.checkers.focus,
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
  turns.next();
  // The start screen's notices have been read; new ones may come with
  // the answer (see onNotice) and show on the game screen.
  noticesRead();
  try {
    const view = await api.newGame(level, state.checkers.firstChoice);
    const legal = await api.legalMoves();
    set({ confirmLevel: null });
    showGame(view, legal, { focus: decisionFocus(view, legal, null) });
  } catch (e) {
    report(e);
  }
}

/**
 * A level chosen on the start screen: with a game saved, the player is
 * first asked whether to abandon it (it would not count as a loss, G5).
 */
export function chooseLevel(level) {
  if (state.checkers.hasSaved) set({ confirmLevel: level });
  else newGame(level);
}

/** Resumes the saved game (C7): the shell's copy is the truth, a piece mid-chain comes back lifted. */
export function continueGame() {
  return turns.resume({
    load: api.state,
    legalMoves: api.legalMoves,
    resumable: (s) => Boolean(s.game),
    show: (s, legal) => showGame(s.game, legal, { focus: decisionFocus(s.game, legal, null) }),
    none: () => {
      set({ hasSaved: false });
      update({ screen: 'start' });
    },
  });
}

/**
 * A tap on square `n` (pointer or keyboard), following C2-C4: a destination
 * of the lifted piece moves it; the lifted piece again puts it back (not
 * mid-chain); a piece that can move is lifted. A piece of the player's
 * held back because a capture is forced (or a chain must go on) lifts
 * nothing, but the pieces that must jump are pointed to for a moment,
 * silently. Anything else does nothing.
 */
export function tapSquare(n) {
  if (!boardAcceptsInput()) return;
  const legal = state.checkers.legal;
  const movable = movableMap(legal);
  const lifted = liftedSquare();
  if (lifted != null && (movable.get(lifted) || []).includes(n)) {
    playHop(lifted, n);
    return;
  }
  const own = state.checkers.shown && state.checkers.shown[n - 1] && state.checkers.shown[n - 1].side === 'player';
  if (legal.mustContinue != null) {
    // Mid-chain only the next jump answers.
    if (own && n !== legal.mustContinue) pointer.pointTo([legal.mustContinue]);
    return;
  }
  if (n === state.checkers.selected) {
    set({ selected: null, focus: n });
  } else if (movable.has(n)) {
    sound.unlock();
    set({ selected: n, focus: n });
  } else if (own && legal.captureForced) {
    pointer.pointTo([...movable.keys()]);
  }
}

/** Puts the lifted piece back (Esc). Mid-chain there is nothing to put back. */
export function putBack() {
  if (!boardAcceptsInput() || state.checkers.legal.mustContinue != null || state.checkers.selected == null) return;
  set({ selected: null });
}

/** The square whose piece was there before and is gone after, other than `from` (the captured one). */
function capturedSquare(before, after, from) {
  for (let i = 0; i < 32; i++) {
    if (i + 1 !== from && before[i] && !after[i]) return i + 1;
  }
  return null;
}

async function playHop(from, to) {
  const gen = turns.now();
  const before = state.checkers.shown;
  pointer.stop();
  set({ busy: true, moving: from, selected: null });
  let view;
  let legal;
  try {
    view = await api.play(from, to);
    legal = await api.legalMoves();
  } catch (e) {
    report(e);
    if (turns.live(gen)) {
      set({ busy: false, moving: null });
      resync();
    }
    return;
  }
  if (!turns.live(gen)) return;
  renderNow();
  const captured = capturedSquare(before, view.board, from);
  await hop(board && board.pieceAt(from), from, to, captured && board ? board.pieceAt(captured) : null);
  if (!turns.live(gen)) return;
  const crowned = view.board[to - 1] && view.board[to - 1].king && before[from - 1] && !before[from - 1].king;
  sound.play(crowned ? 'crown' : captured ? 'capture' : 'step');
  set({
    view,
    legal,
    shown: view.board,
    busy: false,
    moving: null,
    spoken: '',
    focus: decisionFocus(view, legal, to) ?? to,
    hasSaved: view.status !== 'over',
  });
  if (view.status === 'cpuThinking') runCpu();
  else if (view.status === 'over') finish(view);
}

/** The CPU's turn: pause, search (in the shell), then its hops one by one (D5). */
async function runCpu() {
  const gen = turns.now();
  set({ cpuTurn: true, spoken: '' });
  const failed = (e) => {
    report(e);
    set({ cpuTurn: false });
    resync();
  };
  // Undone or replaced meanwhile, it is dropped quietly.
  const turn = await turns.machine(gen, { ask: api.cpuReply, legalMoves: api.legalMoves, failed });
  if (!turn) return;
  const { reply, legal } = turn;

  const hops = reply.hops || [];
  const shown = state.checkers.shown.slice();
  const moved = hops.length ? shown[hops[0].from - 1] : null;
  const path = hops.length ? [hops[0].from] : [];
  const taken = [];
  for (let i = 0; i < hops.length; i++) {
    const h = hops[i];
    if (i > 0) {
      await sleep(CPU_HOP_GAP_MS);
      if (!turns.live(gen)) return;
    }
    renderNow();
    const captured = h.captured ?? null;
    await hop(board && board.pieceAt(h.from), h.from, h.to, captured && board ? board.pieceAt(captured) : null);
    if (!turns.live(gen)) return;
    shown[h.to - 1] = shown[h.from - 1];
    shown[h.from - 1] = null;
    if (captured) shown[captured - 1] = null;
    path.push(h.to);
    if (captured) taken.push(captured);
    const last = i === hops.length - 1;
    const landing = reply.view.board[h.to - 1];
    const crowned = last && landing && landing.king && moved && !moved.king;
    sound.play(crowned ? 'crown' : captured ? 'capture' : 'step');
    set({ shown: shown.slice(), shownLast: { side: 'cpu', path: path.slice(), captured: taken.slice() } });
  }
  // The last hop stands until drawn: that is when a screen reader hears it.
  if (hops.length) await painted();
  if (!turns.live(gen)) return;
  const view = reply.view;
  const played = view.moves.length ? view.moves[view.moves.length - 1].text : '';
  set({
    view,
    legal,
    shown: view.board,
    shownLast: null,
    cpuTurn: false,
    spoken: played ? t('cpuPlayed', { move: played }) : '',
    focus: decisionFocus(view, legal, state.checkers.focus) ?? state.checkers.focus,
    hasSaved: view.status !== 'over',
  });
  if (view.status === 'over') finish(view);
  else if (view.status === 'cpuThinking') runCpu();
}

/**
 * The game has ended: a sound, a moment with the final position alone,
 * then the result joins it under the board (the board stays).
 */
async function finish(view) {
  const gen = turns.now();
  set({ hasSaved: false, busy: false, cpuTurn: false, selected: null });
  if (view.result) setTimeout(() => sound.play(view.result.outcome), 350);
  api
    .records()
    .then((records) => set({ records }))
    .catch(report);
  await sleep(END_PAUSE_MS);
  if (!turns.live(gen) || state.screen !== 'game') return;
  set({ showEnd: true });
  renderNow();
  document.getElementById('outcome')?.focus({ preventScroll: true });
}

/** The moves withdrawn by an undo, said aloud: "Undone: 22-18, 11-15." */
function undoneSentence(withdrawn) {
  return withdrawn.length ? t('undone', { moves: withdrawn.join(', ') }) : t('undoneChain');
}

/**
 * Undo (U1, U3): back to the player's last decision, also while the CPU is
 * on its turn. The withdrawn moves slide back (not under reduced motion)
 * and a screen reader hears what was undone.
 */
export async function undo() {
  const view = state.checkers.view;
  if (!view || !view.canUndo || state.screen !== 'game' || state.checkers.review) return;
  if (state.checkers.busy && !state.checkers.cpuTurn) return; // the player's own hop is still on its way
  const gen = turns.next();
  const before = view.moves || [];
  set({ busy: true, cpuTurn: false, selected: null, shown: view.board, shownLast: null });
  let back;
  let legal;
  try {
    back = await api.undo();
    legal = await api.legalMoves();
  } catch (e) {
    report(e);
    set({ busy: false });
    resync();
    return;
  }
  if (!turns.live(gen)) return;
  const paths = before.slice(back.view.moves.length).map((m) => m.path);
  renderNow();
  await undoSlide(board, paths);
  if (!turns.live(gen)) return;
  showGame(back.view, legal, {
    spoken: undoneSentence(back.withdrawn),
    focus: decisionFocus(back.view, legal, state.checkers.focus),
  });
  if (document.activeElement && document.activeElement.disabled) {
    document.querySelector('.board.interactive')?.focus({ preventScroll: true });
  }
}

/** The game screen's back button: out of a kept game's review to the records, else to the start screen. */
export function back() {
  if (state.checkers.review && state.checkers.review.source === 'history') exitReview();
  else leave();
}

/** Back to the start screen; the game stays saved and "Continue" resumes it (C7). */
export async function leave() {
  turns.next();
  const view = state.checkers.view;
  update({ screen: 'start' });
  set({
    busy: false,
    cpuTurn: false,
    moving: null,
    shownLast: null,
    selected: null,
    review: null,
    showEnd: false,
    movesOpen: false,
    hasSaved: Boolean(view && view.status !== 'over'),
    savedLevel: view ? view.level : null,
  });
  try {
    const left = await api.leaveGame();
    // The shell's answer is the truth: a game that ended meanwhile is
    // never offered to continue.
    const saved = left && left.saved;
    set({ hasSaved: Boolean(saved), savedLevel: saved ? saved.level : null });
  } catch (e) {
    report(e);
  }
}

/** "Play again" under a finished game: the same level, the first player chosen on the start screen. */
export function playAgain() {
  const level = state.checkers.view ? state.checkers.view.level : 'normal';
  return newGame(level);
}

/** "Menu" under a finished game. */
export function toMenu() {
  return leave();
}
