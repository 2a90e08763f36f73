// The frame of a game's help screen (H1): a top bar with the title and
// Back (to where the help was opened from), then the game's sections, each
// a `details` that opens and closes (the first is open), so a phone shows
// a short list of titles: its paragraphs, its bullets and, where a
// picture is clearer than words, a small board diagram the game draws.
// All the text comes from the language tables.

import { h } from './dom.js';
import * as icons from './icons.js';
import { screen, topBar, scrollHint } from './frame.js';
import { update } from './state.js';

/** A section that opens and closes, its title the summary. */
export function helpSection(id, title, body, open) {
  return h('details', { class: 'help-section', id, open: open || null }, [
    h('summary', {}, [h('h2', { text: title }), icons.chevron()]),
    h('div', { class: 'help-content' }, body),
  ]);
}

/**
 * Mounts a help screen named `name` (its `data-screen`) into `root`:
 * `title`, then `sections` (`{ title, diagram, caption, paras, bullets }`
 * from the language tables) with ids `${prefix}-0`, `${prefix}-1`, ...,
 * `diagram(name, caption)` drawing a section's diagram, and `more`
 * (elements after the sections). `s` is the state, whose `returnTo` Back
 * goes to.
 */
export function mountHelp(root, s, { name, title, prefix, sections, diagram, more = [] }) {
  const parts = sections.map((sec, i) =>
    helpSection(
      `${prefix}-${i}`,
      sec.title,
      [
        sec.diagram ? diagram(sec.diagram, sec.caption) : null,
        (sec.paras || []).map((p) => h('p', { text: p })),
        sec.bullets ? h('ul', {}, sec.bullets.map((b) => h('li', { text: b }))) : null,
      ],
      i === 0,
    ),
  );
  const scroller = h('div', { class: 'scroll' }, [h('div', { class: 'help-body' }, [parts, more])]);
  const el = screen(name, [topBar(title, () => update({ screen: s.returnTo || 'start' })), scroller]);
  el.classList.add('screen-help');
  root.appendChild(el);
  scrollHint(scroller);
  return { update() {} };
}
