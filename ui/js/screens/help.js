// Help screen (H1): the rules, how to play here, undo, the levels, the tips
// («Consejos») and the frequent questions, with small board diagrams where
// a picture says it faster. All the text comes from the i18n tables.

import { h } from '../dom.js';
import { t, content } from '../i18n.js';
import { createBoard } from '../board.js';
import { screen, topBar } from './common.js';
import { update } from '../state.js';

const P = (king = false) => ({ side: 'player', king });
const C = (king = false) => ({ side: 'cpu', king });

function boardWith(pieces) {
  const board = new Array(32).fill(null);
  for (const [n, piece] of Object.entries(pieces)) board[Number(n) - 1] = piece;
  return board;
}

/** The diagrams: pieces, arrows, tinted squares and an optional crop (first row, number of rows). */
const DIAGRAMS = {
  start: () => {
    const pieces = {};
    for (let n = 1; n <= 12; n++) pieces[n] = C();
    for (let n = 21; n <= 32; n++) pieces[n] = P();
    return { board: boardWith(pieces) };
  },
  capture: () => ({
    board: boardWith({ 22: P(), 25: P(), 27: P(), 18: C(), 7: C(), 10: C() }),
    arrows: [[22, 15]],
    marks: [18],
    crop: [1, 6],
  }),
  kings: () => ({ board: boardWith({ 17: P(), 18: P(true), 19: C(true), 20: C() }), crop: [4, 1] }),
  edge: () => ({
    board: boardWith({ 13: P(), 20: P(), 9: C(), 16: C() }),
    marks: [5, 13, 21, 29, 4, 12, 20, 28],
    crop: [1, 5],
  }),
};

function diagram(name, caption) {
  const spec = DIAGRAMS[name]();
  const b = createBoard({ interactive: false, label: caption });
  if (spec.crop) {
    const [row0, rows] = spec.crop;
    b.svg.setAttribute('viewBox', `0 ${row0 * 100} 800 ${rows * 100}`);
    b.svg.classList.add(`rows-${rows}`);
  }
  b.draw({
    board: spec.board,
    arrows: spec.arrows,
    marks: spec.marks,
  });
  return h('figure', { class: `diagram diagram-${name}` }, [b.svg, h('figcaption', { text: caption })]);
}

export function mount(root, s) {
  const sections = content('helpSections').map((sec, i) =>
    h('section', { class: 'help-section', 'aria-labelledby': `help-h-${i}` }, [
      h('h2', { id: `help-h-${i}`, text: sec.title }),
      sec.diagram ? diagram(sec.diagram, sec.caption) : null,
      (sec.paras || []).map((p) => h('p', { text: p })),
      sec.bullets ? h('ul', {}, sec.bullets.map((b) => h('li', { text: b }))) : null,
    ]),
  );
  const faq = h('section', { class: 'help-section faq', 'aria-labelledby': 'help-faq' }, [
    h('h2', { id: 'help-faq', text: content('faqTitle') }),
    content('faq').map((item) => h('details', {}, [h('summary', { text: item.q }), h('p', { text: item.a })])),
  ]);
  const el = screen('help', [
    topBar(t('helpTitle'), () => update({ screen: s.returnTo || 'start' })),
    h('div', { class: 'scroll' }, [h('div', { class: 'help-body' }, [sections, faq])]),
  ]);
  root.appendChild(el);
  return { update() {} };
}
