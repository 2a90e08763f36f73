// Checkers' motion on its board: a hop slides (common/timing.js) and the
// piece it takes fades; a piece the player did not lift (the CPU's) rises
// as it travels; undo shows the withdrawn moves sliding back. Under
// reduced motion nothing slides: the board is simply redrawn.

import { reducedMotion, slide, tween } from '../common/timing.js';
import { squareCenter } from './board.js';

/** Duration of one withdrawn move sliding back, ms. */
export const UNDO_MS = 160;

/**
 * Slides the piece group `el` from square `from` to square `to` and fades
 * the piece group `capturedEl` (if any) as the mover passes it.
 */
export async function hop(el, from, to, capturedEl) {
  if (!el) return;
  const lift = el.querySelector('.lift');
  if (lift && !lift.hasAttribute('transform') && !reducedMotion()) {
    // A piece that was not lifted by the player (the CPU's) rises as it travels.
    lift.setAttribute('transform', 'translate(0 -6) scale(1.06)');
  }
  await slide(el, squareCenter(from), squareCenter(to), capturedEl);
}

/**
 * Undo, shown: the pieces of the withdrawn moves (`paths`, oldest first)
 * slide back from where they ended to where they started, the last move
 * first. Under reduced motion nothing moves; the board is simply redrawn.
 */
export async function undoSlide(board, paths) {
  if (!board || reducedMotion()) return;
  for (const path of [...paths].reverse()) {
    if (!path || path.length < 2) continue;
    const to = path[path.length - 1];
    const from = path[0];
    const el = board.pieceAt(to);
    if (!el) continue;
    const a = squareCenter(to);
    const b = squareCenter(from);
    if (el.parentNode) el.parentNode.appendChild(el);
    await tween(UNDO_MS, (k) => {
      el.setAttribute('transform', `translate(${a.x + (b.x - a.x) * k} ${a.y + (b.y - a.y) * k})`);
    });
  }
}
