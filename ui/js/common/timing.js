// The page's timing, the same in every game: short, calm motion (a piece
// slides with ease-out, a taken piece fades as the mover passes it), the
// pauses of the machine's turn (D5) and before a result, and waiting for
// what is shown to be drawn. Under `prefers-reduced-motion` nothing slides
// or fades (pieces jump to their places) but the pauses stay: they carry
// meaning.

/** Duration of one sliding hop, ms (UI brief: 150-200 ms). */
export const HOP_MS = 180;
/** Pause before the machine's search starts, ms (D5). */
export const CPU_PAUSE_MS = 450;
/** Pause between the parts of one machine's move, ms (D5). */
export const CPU_HOP_GAP_MS = 260;
/** How long the final position is shown alone before the result joins it, ms. */
export const END_PAUSE_MS = 700;

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
 * at a rendering update, so a state that must be heard (the machine's
 * last hop) stands until then.
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
 * Slides the piece group `el` from board point `a` to `b` (`{ x, y }`)
 * over HOP_MS, above everything else, and fades the piece group
 * `takenEl` (if any) as the mover passes it. Under reduced motion the
 * piece is simply put at `b` and the taken one gone.
 */
export async function slide(el, a, b, takenEl = null) {
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
