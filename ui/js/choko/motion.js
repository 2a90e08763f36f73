// Choko's motion, in the checkers board's manner (checkers/motion.js): a piece slides
// with ease-out, a taken piece fades, a placed piece settles onto its
// point. Under reduced motion nothing slides or fades; the pauses stay.

import { HOP_MS, reducedMotion, tween } from '../checkers/motion.js';
import { pointCenter } from './board.js';

/** Slides the piece group `el` from point `from` to point `to`, fading `takenEl` as it passes. */
export async function slide(el, from, to, takenEl = null) {
  if (!el) return;
  const a = pointCenter(from);
  const b = pointCenter(to);
  if (el.parentNode) el.parentNode.appendChild(el);
  if (reducedMotion()) {
    el.setAttribute('transform', `translate(${b.x} ${b.y})`);
    if (takenEl) takenEl.setAttribute('opacity', '0');
    return;
  }
  await tween(HOP_MS, (k) => {
    el.setAttribute('transform', `translate(${a.x + (b.x - a.x) * k} ${a.y + (b.y - a.y) * k})`);
    if (takenEl) takenEl.setAttribute('opacity', String(Math.max(0, 1 - k * 1.4)));
  });
}

/** Fades the piece group `el` out (a taken piece). */
export async function fade(el) {
  if (!el) return;
  if (reducedMotion()) {
    el.setAttribute('opacity', '0');
    return;
  }
  await tween(HOP_MS, (k) => el.setAttribute('opacity', String(1 - k)));
}

/** A placed piece settles onto its point: it starts a little large and light. */
export async function settle(el) {
  if (!el || reducedMotion()) return;
  const lift = el.querySelector('.lift');
  if (!lift) return;
  await tween(HOP_MS, (k) => {
    lift.setAttribute('transform', `scale(${1.25 - 0.25 * k})`);
    lift.setAttribute('opacity', String(0.3 + 0.7 * k));
  });
  lift.removeAttribute('transform');
  lift.removeAttribute('opacity');
}
