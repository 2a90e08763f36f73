// What checkers' board offers the player now, read from the state: whether it
// takes taps, which pieces answer one and where each may go, the piece
// shown lifted, and where the keyboard focus belongs. All of it comes from
// the shell's legal moves (`{ movable: [{ from, to }], captureForced,
// mustContinue }`) and the View's status; no rule of the game is known
// here.

import { state } from '../common/state.js';

/** Statuses in which the player decides and the board answers taps. */
const PLAYER_DECISION = new Set(['yourTurn', 'captureAvailable', 'jumpAgain']);

/** The legal moves' pieces as a Map from the square of a liftable piece to its destinations. */
export function movableMap(legal) {
  return new Map(((legal && legal.movable) || []).map((m) => [m.from, m.to]));
}

/** True when the board takes the player's taps now. */
export function boardAcceptsInput() {
  const view = state.checkers.view;
  return Boolean(
    view &&
      state.checkers.legal &&
      !state.checkers.review &&
      !state.checkers.busy &&
      !state.checkers.cpuTurn &&
      PLAYER_DECISION.has(view.status),
  );
}

/** The piece shown lifted: the one that must jump again (C4), else the one the player picked. */
export function liftedSquare() {
  if (!state.checkers.view) return null;
  return state.checkers.legal?.mustContinue ?? state.checkers.selected;
}

/**
 * Where the keyboard focus belongs when the player is to decide: the piece
 * that must jump again, else the square already focused if its piece can
 * move, else the first piece that can. Null when there is nothing to lift.
 */
export function decisionFocus(view, legal, current) {
  if (!view || !legal || !PLAYER_DECISION.has(view.status)) return null;
  if (legal.mustContinue != null) return legal.mustContinue;
  const movable = movableMap(legal);
  if (current != null && movable.has(current)) return current;
  return legal.movable.length ? legal.movable[0].from : null;
}
