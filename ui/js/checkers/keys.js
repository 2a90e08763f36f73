// Keyboard play on the board: the board is one focusable grid; the arrows
// move a visible focus ring over the dark squares, Enter or Space lifts and
// drops, Esc puts the lifted piece back, Tab leaves the board. Ctrl/Cmd+Z
// undoes anywhere on the game screen. Pointer taps arrive through board.js;
// a long press activates no control anywhere.

import { state, update } from '../common/state.js';
import { tapSquare, putBack, undo } from './flow.js';
import { decisionFocus } from './offer.js';
import { reviewStep, exitReview } from './review.js';
import { squareRowCol, squareAt } from './board.js';
import { attachGridKeys, LONG_PRESS_MS } from '../common/board-kit.js';

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
    focus: () => state.focus,
    origin: 22,
    first: () => decisionFocus(state.game, state.legal, null),
    setFocus: (focus) => update({ focus }),
    next: nextFocus,
    tap: tapSquare,
    putBack,
    ignore: () => Boolean(state.review),
  });
}

/** The review's keys: the arrows step, Home and End go to the first and last position. */
const REVIEW_KEYS = { ArrowLeft: -1, ArrowRight: 1, Home: 'first', End: 'last' };

/**
 * Page-wide shortcuts: Ctrl/Cmd+Z undoes on the game screen; in a review
 * the arrows, Home and End step through the game and Esc leaves it; Esc
 * closes the move list sheet and the confirmation, and leaves records,
 * help and settings.
 */
export function attachGlobalKeys() {
  document.addEventListener('keydown', (e) => {
    const plain = !e.ctrlKey && !e.metaKey && !e.altKey;
    if (e.key === 'Escape' && state.confirmLevel) {
      update({ confirmLevel: null });
      return;
    }
    if (e.key === 'Escape' && state.movesOpen) {
      update({ movesOpen: false }); // the sheet gives the focus back as it closes
      return;
    }
    if (state.screen === 'game' && state.review && plain) {
      if (e.key in REVIEW_KEYS) {
        e.preventDefault();
        reviewStep(REVIEW_KEYS[e.key]);
        return;
      }
      if (e.key === 'Escape') {
        exitReview();
        return;
      }
    }
    if (e.key === 'Escape' && ['records', 'help', 'settings'].includes(state.screen)) {
      update({ screen: state.returnTo || 'start' });
      return;
    }
    if ((e.ctrlKey || e.metaKey) && !e.shiftKey && !e.altKey && (e.key === 'z' || e.key === 'Z')) {
      if (state.screen === 'game') {
        e.preventDefault();
        undo();
      }
    }
  });
}

/**
 * A long press activates nothing: resting a finger on a control is not
 * choosing it. Chromium (Android's web view, WebView2) sends `click` when
 * a finger lifts after a long press; such a click, ending a touch or pen
 * press held LONG_PRESS_MS or more, is stopped before any handler sees it.
 * Mouse clicks and clicks from the keyboard (detail 0) always count. The
 * long press opens no context menu over a control either.
 */
export function attachLongPressGuard() {
  let press = null; // { id, down, up }: the last touch or pen press
  const capture = { capture: true };
  document.addEventListener(
    'pointerdown',
    (e) => {
      press = e.pointerType === 'mouse' ? null : { id: e.pointerId, down: e.timeStamp, up: null };
    },
    capture,
  );
  document.addEventListener(
    'pointerup',
    (e) => {
      if (press && e.pointerId === press.id) press.up = e.timeStamp;
    },
    capture,
  );
  document.addEventListener(
    'click',
    (e) => {
      const held = press && e.detail !== 0 ? (press.up ?? e.timeStamp) - press.down : 0;
      press = null;
      if (held < LONG_PRESS_MS) return;
      e.preventDefault();
      e.stopImmediatePropagation();
    },
    capture,
  );
  document.addEventListener('contextmenu', (e) => {
    if (e.target instanceof Element && e.target.closest('button, [role="button"]')) e.preventDefault();
  });
}
