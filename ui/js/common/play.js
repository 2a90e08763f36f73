// What every game's play screen shows alike, whatever the game: the turn
// line (U4), one sentence at a time, with a sentence for screen readers
// only before it and the calm indicator of the machine's thinking; the
// notice about the saved files; the short confirmation (toast). Each
// game's screen places them in its own grid (css/game.css styles them).

import { h, setText, sayText } from './dom.js';
import { t } from './i18n.js';
import { drawNotices } from './notify.js';

/**
 * The turn line `#line` (`aria-live`), its visible sentence `#text` and the
 * one for screen readers only `#spoken`: `{ el, say(status, words, aside),
 * mark(status) }`. Each new sentence arrives as a new paragraph (dom.js,
 * `sayText`), so that WebKitGTK tells the accessibility bus of it.
 */
export function turnLine({ line, text, spoken }) {
  const aside = h('span', { class: 'sr-only', id: spoken });
  const sentence = h('span', { class: 'turn-text', id: text });
  const el = h('p', { id: line, class: 'turn-line', 'aria-live': 'polite', 'aria-atomic': 'true' }, [
    aside,
    sentence,
    h('span', { class: 'thinking', 'aria-hidden': 'true' }, [h('i'), h('i'), h('i')]),
  ]);
  return {
    el,
    /** Marks the line with `status` (`data-status`) and says `words`, `heard` first for screen readers only. */
    say(status, words, heard) {
      el.dataset.status = status;
      sayText(aside, heard);
      sayText(sentence, words);
    },
    /** Marks the line with `status` alone (out of play, where it is hidden). */
    mark(status) {
      el.dataset.status = status;
    },
  };
}

/** The notice `#id` about the saved files and the toast: `{ notice, toast, update(s) }`, drawn from the app's state. */
export function passingWords(id) {
  const notice = h('div', { id, class: 'notice game-notice', role: 'status' });
  const toast = h('p', { id: 'toast', class: 'toast', role: 'status', 'aria-live': 'polite' });
  return {
    notice,
    toast,
    update(s) {
      drawNotices(notice, s.notices);
      setText(toast, s.toast || '');
      toast.hidden = !s.toast;
    },
  };
}
