// Choko's help: the rules, how to play here, the ladder and its score, and
// the tips, in short sections that open and close (the first is open), with
// small board diagrams from `help-diagrams.js` (data a test checks against
// the engine). All the text comes from the language tables.

import { h } from '../common/dom.js';
import { t, content } from '../common/i18n.js';
import * as icons from '../common/icons.js';
import { screen, topBar, scrollHint } from '../common/frame.js';
import { update } from '../common/state.js';
import { createChokoBoard } from './board.js';
import { CHOKO_DIAGRAMS } from './help-diagrams.js';
import { POINTS } from './offer.js';

/** What a diagram draws for its action: an arrow for a step or a jump, a dot for a placement, rings on the extra piece. */
function marks(spec) {
  const [head, extra] = spec.action.split(' ');
  if (head.startsWith('@')) return { dests: [head.slice(1)], arrows: [], extra: [] };
  const [from, to] = head.split(/[x-]/);
  const rings = spec.choices || (extra && extra !== '@' ? [extra] : []);
  return { dests: [], arrows: [[from, to]], extra: rings };
}

function diagram(name, caption) {
  const spec = CHOKO_DIAGRAMS[name];
  const board = POINTS.map((p) => ({ p: 'player', m: 'machine' })[spec.pieces[p]] ?? null);
  const b = createChokoBoard({ interactive: false, label: caption });
  b.draw({ board, ...marks(spec) });
  const hands = t('choko.diagramHands', {
    player: spec.hands.player,
    machine: spec.hands.machine,
    holder: t(spec.initiative === 'player' ? 'you' : 'choko.machine'),
  });
  return h('figure', { class: `diagram choko-diagram diagram-${name}`, 'data-diagram': name }, [
    b.svg,
    h('figcaption', {}, [h('span', { text: caption }), h('span', { class: 'diagram-hands', text: hands })]),
  ]);
}

function section(id, title, body, open) {
  return h('details', { class: 'help-section', id, open: open || null }, [
    h('summary', {}, [h('h2', { text: title }), icons.chevron()]),
    h('div', { class: 'help-content' }, body),
  ]);
}

export function mount(root, s) {
  const sections = content('choko.helpSections').map((sec, i) =>
    section(
      `choko-help-${i}`,
      sec.title,
      [
        sec.diagram ? diagram(sec.diagram, sec.caption) : null,
        (sec.paras || []).map((p) => h('p', { text: p })),
        sec.bullets ? h('ul', {}, sec.bullets.map((b) => h('li', { text: b }))) : null,
      ],
      i === 0,
    ),
  );
  const scroller = h('div', { class: 'scroll' }, [h('div', { class: 'help-body' }, sections)]);
  const el = screen('chokoHelp', [topBar(t('choko.helpTitle'), () => update({ screen: s.returnTo || 'start' })), scroller]);
  el.classList.add('screen-help');
  root.appendChild(el);
  scrollHint(scroller);
  return { update() {} };
}
