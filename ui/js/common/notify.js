// What the player is told in passing: a short confirmation shown for a
// moment ("PDN copied"), and the page's own sentence for a refusal of the
// shell, whose code it translates (the shell's message goes to the
// console).

import { update } from './state.js';
import { t } from './i18n.js';

/** How long a confirmation stays, ms. */
const TOAST_MS = 2400;

let toastTimer = null;

/** A short confirmation for a moment, also read by screen readers. */
export function toast(text) {
  clearTimeout(toastTimer);
  update({ toast: text });
  toastTimer = setTimeout(() => update({ toast: '' }), TOAST_MS);
}

/**
 * Errors other than a stale CPU reply mean the page and the shell disagree:
 * the console gets the shell's message, the player a short sentence of the
 * page's own for the error's code.
 */
export function report(error) {
  const code = error && error.code;
  console.warn('checkers:', code ? `${code}: ${error.message}` : error);
  const key = code && t(`error.${code}`) !== `error.${code}` ? `error.${code}` : 'error.other';
  toast(t(key));
}
