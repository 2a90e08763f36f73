// What the player is told in passing: the notices about the saved files
// (every one owed, each once, until the player goes into a game), a short
// confirmation shown for a moment ("PDN copied"), and the page's own
// sentence for a refusal of the shell, whose code it translates (the
// shell's message goes to the console).

import { state, update } from './state.js';
import { t } from './i18n.js';
import { h } from './dom.js';

/** Adds the notices `ids` (from the app or a game's shell) to those shown, each once. */
export function tell(ids) {
  const fresh = (ids || []).filter((id) => !state.notices.includes(id));
  if (fresh.length) update({ notices: [...state.notices, ...fresh] });
}

/** The notices shown have been read: the player went into a game. */
export function noticesRead() {
  if (state.notices.length) update({ notices: [] });
}

/** The sentence of the notice `id`, or the general one for an id the page does not know. */
function sentence(id) {
  const key = `notice.${id}`;
  const text = t(key);
  return text === key ? t('notice.other') : text;
}

/**
 * Draws `sentences` (or the notices `ids`) in `el`, one paragraph each,
 * and hides it when there are none; an unchanged list is left alone.
 */
export function drawNotices(el, ids, sentences = ids.map(sentence)) {
  const text = sentences.join('\n');
  if (el.dataset.text === text) return;
  el.dataset.text = text;
  el.replaceChildren(...sentences.map((s) => h('p', { class: 'notice-line', text: s })));
  el.hidden = sentences.length === 0;
}

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
