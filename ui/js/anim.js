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

const easeOut = (t) => 1 - Math.pow(1 - t, 3);

function tween(ms, step) {
  return new Promise((resolve) => {
    const start = performance.now();
    const frame = (now) => {
      const t = Math.min(1, (now - start) / ms);
      step(easeOut(t));
      if (t < 1) requestAnimationFrame(frame);
      else resolve();
    };
    requestAnimationFrame(frame);
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
