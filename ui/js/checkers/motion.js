// Short, calm motion: a hop slides with ease-out, a captured piece fades.
// Under `prefers-reduced-motion` nothing slides or fades (pieces jump to
// their squares) but the pauses stay: they carry meaning (D5).

import { squareCenter } from './board.js';

/** Duration of one sliding hop, ms (UI brief: 150-200 ms). */
export const HOP_MS = 180;
/** Pause before the CPU's search starts, ms (D5). */
export const CPU_PAUSE_MS = 450;
/** Pause between the hops of one CPU chain, ms (D5). */
export const CPU_HOP_GAP_MS = 260;

const reduced =
  typeof window !== 'undefined' && window.matchMedia ? window.matchMedia('(prefers-reduced-motion: reduce)') : null;

/** True when the system asks for reduced motion. */
export function reducedMotion() {
  return Boolean(reduced && reduced.matches);
}

/** Resolves after `ms` milliseconds. */
export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Resolves once what the page shows now has been drawn: after the next
 * rendering update (two frames), or after 100 ms when frames do not come
 * (a hidden window). WebKit tells the accessibility bus of a change only
 * at a rendering update, so a state that must be heard (the CPU's last
 * hop) stands until then.
 */
export function painted() {
  return new Promise((resolve) => {
    requestAnimationFrame(() => requestAnimationFrame(resolve));
    setTimeout(resolve, 100);
  });
}

const easeOut = (t) => 1 - Math.pow(1 - t, 3);

/**
 * Runs `step(k)` with `k` eased from 0 to 1 over `ms`. Frames drive the
 * motion; a timer finishes it if frames stop coming (a hidden window gets
 * none), so a move is never left half-played.
 */
export function tween(ms, step) {
  return new Promise((resolve) => {
    const start = performance.now();
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      step(1);
      resolve();
    };
    const frame = (now) => {
      if (done) return;
      const t = Math.min(1, (now - start) / ms);
      if (t >= 1) finish();
      else {
        step(easeOut(t));
        requestAnimationFrame(frame);
      }
    };
    requestAnimationFrame(frame);
    setTimeout(finish, ms + 60);
  });
}

/**
 * Slides the piece group `el` from square `from` to square `to` and fades
 * the piece group `capturedEl` (if any) as the mover passes it.
 */
export async function hop(el, from, to, capturedEl) {
  const a = squareCenter(from);
  const b = squareCenter(to);
  if (!el) return;
  if (el.parentNode) el.parentNode.appendChild(el); // the mover passes over everything
  const lift = el.querySelector('.lift');
  if (lift && !lift.hasAttribute('transform') && !reducedMotion()) {
    // A piece that was not lifted by the player (the CPU's) rises as it travels.
    lift.setAttribute('transform', 'translate(0 -6) scale(1.06)');
  }
  if (reducedMotion()) {
    el.setAttribute('transform', `translate(${b.x} ${b.y})`);
    if (capturedEl) capturedEl.setAttribute('opacity', '0');
    return;
  }
  await tween(HOP_MS, (k) => {
    el.setAttribute('transform', `translate(${a.x + (b.x - a.x) * k} ${a.y + (b.y - a.y) * k})`);
    if (capturedEl) capturedEl.setAttribute('opacity', String(Math.max(0, 1 - k * 1.4)));
  });
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

/** Duration of one withdrawn move sliding back, ms. */
export const UNDO_MS = 160;
