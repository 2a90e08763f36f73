// Choko's motion on its board: a piece slides from point to point
// (common/timing.js) and a jumped one fades, an extra piece taken fades
// where it stands, a placed piece settles onto its point. Under reduced
// motion nothing slides or fades; the pauses stay.

import { HOP_MS, reducedMotion, slide as glide, tween } from '../common/timing.js';
import { pointCenter } from './board.js';

/** Slides the piece group `el` from point `from` to point `to`, fading `takenEl` as it passes. */
export async function slide(el, from, to, takenEl = null) {
  if (el) await glide(el, pointCenter(from), pointCenter(to), takenEl);
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
