// What happens over time in Choko: the ladder and the saved game read at
// start-up, the player's taps turned into the parts of an action (a
// placement, a step, a jump, then the jump's extra piece), the machine's
// turn (a pause, the search in the shell, then its action one part at a
// time), the end under the final position, leaving and resuming.
//
// Every choice offered comes from the shell's `choko_legal_moves`, asked
// after every answer that changes the game and put in the state together
// with that answer's View; nothing here knows a rule of the game.

import * as api from './api.js';
import { state, update, renderNow } from '../common/state.js';
import { set } from './state.js';
import { painted, sleep, CPU_HOP_GAP_MS, END_PAUSE_MS } from '../common/timing.js';
import { createTurns } from '../common/turns.js';
import * as sound from '../common/sound.js';
import { t } from '../common/i18n.js';
import { report, toast, tell, noticesRead } from '../common/notify.js';
import { offer, tapMeaning, decisionFocus, actionParts, applyPart, nextChoice, PLAYER_DECISION } from './offer.js';
import { slide, fade, settle } from './motion.js';

/** How long the machine's extra piece is shown ringed before it goes, ms. */
export const EXTRA_SHOW_MS = 650;

/** The game's course: its generation and the machine's reply on its way. */
const turns = createTurns();
let board = null;

/** The game screen hands over its board so actions can be shown on it. */
export function attachChokoBoard(b) {
  board = b;
}

/** True when the board takes the player's taps now. */
export function acceptsInput() {
  const c = state.choko;
  return Boolean(c.view && c.legal && !c.busy && !c.machineTurn && PLAYER_DECISION.has(c.view.status));
}

/** Reads the ladder and the saved game (at start-up, and back on the start screen). */
export async function loadChoko() {
  try {
    const s = await api.state();
    tell(s.notices);
    set({ loaded: true, ladder: s.ladder, resumable: s.resumable, view: s.game });
  } catch (e) {
    console.warn('choko:', e);
  }
}

/** Shows `view` (with `legal`) on the Choko screen and starts the machine or the end when it is their time. */
function showChoko(view, legal, ladder, extra = {}) {
  turns.next();
  set({
    view,
    legal,
    ladder: ladder ?? state.choko.ladder,
    shown: null,
    show: null,
    lastShown: null,
    selected: null,
    busy: false,
    machineTurn: false,
    spoken: '',
    showEnd: false,
    confirm: false,
    ended: null,
    resumable: view.status !== 'over',
    focus: decisionFocus(view, legal, state.choko.focus) ?? state.choko.focus,
    ...extra,
  });
  update({ screen: 'choko' });
  if (view.status === 'machineThinking') runMachine();
  else if (view.status === 'over') finish(view);
}

/** Starts a game through `call` (the next game, or a new streak) and shows it. */
async function start(call) {
  sound.unlock();
  turns.next();
  // The start screen's notices have been read; new ones may come with
  // the answer and show on the game screen.
  noticesRead();
  try {
    const answer = await call();
    const legal = await api.legalMoves();
    showChoko(answer.view, legal, answer.ladder, { focus: decisionFocus(answer.view, legal, null) ?? 'c3' });
  } catch (e) {
    report(e);
    loadChoko();
  }
}

/** The streak's next game (Play, Next level, or New streak after a loss or a draw). */
export const nextGame = () => start(api.newGame);

/** Ends the streak and starts a new one. */
export const newStreak = () => start(api.newStreak);

/** Resumes the saved game, a jump waiting for its extra piece included. */
export function continueChoko() {
  return turns.resume({
    load: api.state,
    legalMoves: api.legalMoves,
    resumable: (s) => Boolean(s.game && s.resumable),
    show: (s, legal) => showChoko(s.game, legal, s.ladder, { focus: decisionFocus(s.game, legal, null) ?? 'c3' }),
    none: (s) => set({ ladder: s.ladder, resumable: false, view: s.game }),
  });
}

/** After an unexpected refusal: the shell's copy of the game, shown again. */
async function resync() {
  try {
    const s = await api.state();
    if (s.game && state.screen === 'choko') showChoko(s.game, await api.legalMoves(), s.ladder);
  } catch (e) {
    report(e);
    set({ busy: false, machineTurn: false });
  }
}

/** A tap on point `name` (pointer or keyboard): what it means comes from offer.js. */
export function tapPoint(name) {
  if (!acceptsInput()) return;
  const c = state.choko;
  const meaning = tapMeaning(name, offer(c.legal, c.selected));
  if (!meaning) return;
  sound.unlock();
  if (meaning.kind === 'lift') set({ selected: meaning.at, focus: meaning.at });
  else if (meaning.kind === 'drop') set({ selected: null, focus: meaning.at });
  else if (meaning.kind === 'place') playPart({ place: meaning.at }, meaning.at);
  else if (meaning.kind === 'move') playPart({ from: meaning.from, to: meaning.to }, meaning.to);
  else playPart({ extra: meaning.at }, meaning.at);
}

/** Puts the lifted piece back (Esc); a jump waiting for its extra piece cannot be put back. */
export function putBack() {
  if (acceptsInput() && state.choko.selected != null) set({ selected: null });
}

/** The X key: the focus to the next extra piece the waiting jump may take. */
export function cycleExtra() {
  const legal = state.choko.legal;
  if (!acceptsInput() || !legal || !legal.extra) return;
  set({ focus: nextChoice(legal.extra.choices, state.choko.focus) });
}

/** The board and hands as the View draws them, to show an action on. */
function shownNow() {
  const c = state.choko;
  return c.shown || { board: c.view.board, hands: c.view.hands };
}

/** Shows one part of `who`'s action on the board, then draws what follows it. */
async function showPart(part, who, gen) {
  const before = shownNow();
  const after = applyPart(before, part, who);
  const piece = (name) => (board ? board.pieceAt(name) : null);
  if (part.part === 'step' || part.part === 'jump') {
    await slide(piece(part.from), part.from, part.to, part.over ? piece(part.over) : null);
  } else if (part.part === 'extra') {
    if (who === 'machine') {
      set({ show: part.at });
      renderNow();
      await sleep(EXTRA_SHOW_MS);
      if (!turns.live(gen)) return;
    }
    await fade(piece(part.at));
  }
  if (!turns.live(gen)) return;
  set({ shown: after, show: null });
  renderNow();
  if (part.part === 'place') await settle(piece(part.at));
  sound.play(part.part === 'jump' || part.part === 'extra' ? 'capture' : 'step');
}

/** One part of the player's action, sent to the shell, then shown. */
async function playPart(input, focusTo) {
  const gen = turns.now();
  set({ busy: true, selected: null, spoken: '' });
  let answer;
  let legal;
  try {
    answer = await api.play(input);
    legal = await api.legalMoves();
  } catch (e) {
    report(e);
    if (turns.live(gen)) {
      set({ busy: false });
      resync();
    }
    return;
  }
  if (!turns.live(gen)) return;
  const view = answer.view;
  let parts;
  if (view.waiting) parts = [{ part: 'jump', ...view.waiting }];
  else if (input.extra) parts = [{ part: 'extra', at: input.extra }];
  else parts = actionParts(view.last);
  set({ lastShown: view.waiting ? null : view.last });
  for (const part of parts) {
    await showPart(part, 'player', gen);
    if (!turns.live(gen)) return;
  }
  // Said while the game goes on; at the end the result says why, and a
  // toast would cover its buttons.
  const fromHand = view.last && view.last.who === 'player' && view.last.extraFromHand && !input.extra;
  if (fromHand && view.status !== 'over') {
    toast(t('choko.extraFromTheirHand'));
  }
  set({
    view,
    legal,
    ladder: answer.ladder,
    ended: view.status === 'over' ? state.choko.ladder : null,
    shown: null,
    lastShown: null,
    busy: false,
    resumable: view.status !== 'over',
    focus: decisionFocus(view, legal, focusTo) ?? focusTo,
  });
  if (view.status === 'machineThinking') runMachine();
  else if (view.status === 'over') finish(view);
}

/** The sentence that tells a screen reader what the machine did. */
export function machineSentence(a) {
  if (a.kind === 'place') return t('choko.saidPlace', { at: a.to });
  if (a.kind === 'step') return t('choko.saidStep', { from: a.from, to: a.to });
  if (a.extra) return t('choko.saidJump', { from: a.from, to: a.to, over: a.over, extra: a.extra });
  if (a.extraFromHand) return t('choko.saidJumpHand', { from: a.from, to: a.to, over: a.over });
  return t('choko.saidJumpAlone', { from: a.from, to: a.to, over: a.over });
}

/** The machine's turn: a pause, the search (in the shell), then its action one part at a time. */
async function runMachine() {
  const gen = turns.now();
  set({ machineTurn: true, spoken: '' });
  const turn = await turns.machine(gen, {
    ask: api.cpuReply,
    legalMoves: api.legalMoves,
    failed: (e) => {
      report(e);
      set({ machineTurn: false });
      resync();
    },
  });
  if (!turn) return;
  const { reply, legal } = turn;
  set({ lastShown: reply.action });
  const parts = actionParts(reply.action);
  for (let i = 0; i < parts.length; i++) {
    if (i > 0) await sleep(CPU_HOP_GAP_MS);
    if (!turns.live(gen)) return;
    await showPart(parts[i], 'machine', gen);
    if (!turns.live(gen)) return;
  }
  // The action stands until drawn before the turn comes back: the board's
  // active descendant on where it landed is what a screen reader hears.
  await painted();
  if (!turns.live(gen)) return;
  const view = reply.view;
  set({
    view,
    legal,
    ladder: reply.ladder,
    ended: view.status === 'over' ? state.choko.ladder : null,
    shown: null,
    lastShown: null,
    machineTurn: false,
    spoken: machineSentence(reply.action),
    resumable: view.status !== 'over',
    focus: decisionFocus(view, legal, state.choko.focus) ?? state.choko.focus,
  });
  if (view.status === 'over') finish(view);
}

/** The end: a sound, a moment with the final position alone, then the result under it. */
async function finish(view) {
  const gen = turns.now();
  set({ busy: false, machineTurn: false, selected: null, resumable: false });
  if (view.result) setTimeout(() => sound.play(view.result.outcome), 350);
  await sleep(END_PAUSE_MS);
  if (!turns.live(gen) || state.screen !== 'choko') return;
  set({ showEnd: true });
  renderNow();
  document.getElementById('choko-outcome')?.focus({ preventScroll: true });
}

/** Back to the start screen; the game stays saved and Continue resumes it. */
export async function leaveChoko() {
  turns.next();
  set({ busy: false, machineTurn: false, selected: null, shown: null, show: null, lastShown: null, showEnd: false });
  update({ screen: 'start' });
  try {
    const s = await api.leave();
    set({ ladder: s.ladder, resumable: s.resumable, view: s.game });
  } catch (e) {
    report(e);
  }
}

/** Ctrl/Cmd+Z: Choko has no undo, and the shell's refusal says so calmly (L6). */
export function refuseUndo() {
  api.undo().catch(report);
}
