// Checkers' help (H1), in the help frame (common/help.js): the rules, how
// to play here, undo, the levels, the tips («Consejos») and the frequent
// questions; the small board diagrams come from `help-diagrams.js`, data a
// test checks against the engine.

import { h } from '../common/dom.js';
import { t, content } from '../common/i18n.js';
import * as icons from '../common/icons.js';
import { createBoard } from './board.js';
import { DIAGRAMS } from './help-diagrams.js';
import { helpSection, mountHelp } from '../common/help.js';

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

export function mount(root, s) {
  const faq = helpSection(
    'help-faq',
    content('faqTitle'),
    content('faq').map((item) =>
      h('details', { class: 'faq-item' }, [h('summary', {}, [h('span', { text: item.q }), icons.chevron()]), h('p', { text: item.a })]),
    ),
    false,
  );
  return mountHelp(root, s, { name: 'help', title: t('helpTitle'), prefix: 'help', sections: content('helpSections'), diagram, more: [faq] });
}
