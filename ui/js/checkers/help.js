// Help screen (H1): the rules, how to play here, undo, the levels, the tips
// («Consejos») and the frequent questions. Each section opens and closes
// (the first is open), so a phone shows a short list of titles; the small
// board diagrams come from `checkers/help-diagrams.js`, data a test checks against
// the engine. All the text comes from the i18n tables.

import { h } from '../common/dom.js';
import { t, content } from '../common/i18n.js';
import * as icons from '../common/icons.js';
import { createBoard } from './board.js';
import { DIAGRAMS } from './help-diagrams.js';
import { screen, topBar, scrollHint } from '../common/frame.js';
import { update } from '../common/state.js';

const PIECES = {
  p: { side: 'player', king: false },
  P: { side: 'player', king: true },
  c: { side: 'cpu', king: false },
  C: { side: 'cpu', king: true },
};

function diagram(name, caption) {
  const spec = DIAGRAMS[name];
  const board = new Array(32).fill(null);
  for (const [n, code] of Object.entries(spec.pieces)) board[Number(n) - 1] = PIECES[code];
  const path = spec.move || [];
  const arrows = path.slice(1).map((to, i) => [path[i], to]);
  const b = createBoard({ interactive: false, label: caption });
  if (spec.crop) {
    const [row0, rows] = spec.crop;
    b.svg.setAttribute('viewBox', `0 ${row0 * 100} 800 ${rows * 100}`);
    b.svg.classList.add(`rows-${rows}`);
  }
  b.draw({ board, arrows, marks: spec.marks || [] });
  return h('figure', { class: `diagram diagram-${name}` }, [b.svg, h('figcaption', { text: caption })]);
}

/** A section that opens and closes, its title the summary. */
function section(id, title, body, open) {
  return h('details', { class: 'help-section', id, open: open || null }, [
    h('summary', {}, [h('h2', { text: title }), icons.chevron()]),
    h('div', { class: 'help-content' }, body),
  ]);
}

export function mount(root, s) {
  const sections = content('helpSections').map((sec, i) =>
    section(
      `help-${i}`,
      sec.title,
      [
        sec.diagram ? diagram(sec.diagram, sec.caption) : null,
        (sec.paras || []).map((p) => h('p', { text: p })),
        sec.bullets ? h('ul', {}, sec.bullets.map((b) => h('li', { text: b }))) : null,
      ],
      i === 0,
    ),
  );
  const faq = section(
    'help-faq',
    content('faqTitle'),
    content('faq').map((item) =>
      h('details', { class: 'faq-item' }, [h('summary', {}, [h('span', { text: item.q }), icons.chevron()]), h('p', { text: item.a })]),
    ),
    false,
  );
  const scroller = h('div', { class: 'scroll' }, [h('div', { class: 'help-body' }, [sections, faq])]);
  const el = screen('help', [topBar(t('helpTitle'), () => update({ screen: s.returnTo || 'start' })), scroller]);
  root.appendChild(el);
  scrollHint(scroller);
  return { update() {} };
}
