// Checkers' keys. On the board, one focusable grid: the arrows move a
// visible focus ring over the dark squares, Enter or Space lifts and
// drops, Esc puts the lifted piece back, Tab leaves the board (pointer
// taps arrive through board.js). On the page: the review's steps, Esc on
// the start screen's question and the move list sheet, and Ctrl/Cmd+Z,
// which undoes anywhere on the game screen.

import { state } from '../common/state.js';
import { set } from './state.js';
import { tapSquare, putBack, undo } from './flow.js';
import { decisionFocus } from './offer.js';
import { reviewStep, exitReview } from './review.js';
import { squareRowCol, squareAt } from './board.js';
import { attachGridKeys } from '../common/board-kit.js';

/**
 * The square the focus ring moves to from `n` with arrow `key`. The dark
 * squares form 8 rows of 4: Up and Down go to the diagonal neighbour one row
 * away (n - 4, n + 4), Left and Right to the next dark square in the row.
 * At an edge the ring stays where it is.
 */
export function nextFocus(n, key) {
  const { row, col } = squareRowCol(n);
  let target = null;
  if (key === 'ArrowUp') target = row > 0 ? n - 4 : null;
  else if (key === 'ArrowDown') target = row < 7 ? n + 4 : null;
  else if (key === 'ArrowLeft') target = squareAt(row, col - 2);
  else if (key === 'ArrowRight') target = squareAt(row, col + 2);
  return target ?? n;
}

/** Wires the keyboard to the game board `svg` (the kit's grid keys); in a review the board leaves the keys alone. */
export function attachBoardKeys(svg) {
  attachGridKeys(svg, {
    focus: () => state.checkers.focus,
    origin: 22,
    first: () => decisionFocus(state.checkers.view, state.checkers.legal, null),
    setFocus: (focus) => set({ focus }),
    next: nextFocus,
    tap: tapSquare,
    putBack,
    ignore: () => Boolean(state.checkers.review),
  });
}

/** The review's keys: the arrows step, Home and End go to the first and last position. */
const REVIEW_KEYS = { ArrowLeft: -1, ArrowRight: 1, Home: 'first', End: 'last' };

/**
 * Checkers' page-wide keys (the registry's `keys`), true when `e` was
 * theirs: Esc closes the start screen's question and the move list sheet;
 * in a review the arrows, Home and End step through the game and Esc
 * leaves it; Ctrl/Cmd+Z undoes on the game screen.
 */
export function pageKeys(e) {
  const c = state.checkers;
  const plain = !e.ctrlKey && !e.metaKey && !e.altKey;
  if (e.key === 'Escape' && c.confirmLevel) {
    set({ confirmLevel: null });
    return true;
  }
  if (e.key === 'Escape' && c.movesOpen) {
    set({ movesOpen: false }); // the sheet gives the focus back as it closes
    return true;
  }
  if (state.screen !== 'game') return false;
  if (c.review && plain && e.key in REVIEW_KEYS) {
    e.preventDefault();
    reviewStep(REVIEW_KEYS[e.key]);
    return true;
  }
  if (c.review && plain && e.key === 'Escape') {
    exitReview();
    return true;
  }
  if (!(e.ctrlKey || e.metaKey) || e.shiftKey || e.altKey || (e.key !== 'z' && e.key !== 'Z')) return false;
  e.preventDefault();
  undo();
  return true;
}
