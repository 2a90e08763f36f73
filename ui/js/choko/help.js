// Choko's help, in the help frame (common/help.js): the rules, how to play
// here, the ladder and its score, and the tips, with small board diagrams
// from `help-diagrams.js` (data a test checks against the engine).

import { h } from '../common/dom.js';
import { t, content } from '../common/i18n.js';
import { mountHelp } from '../common/help.js';
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

export function mount(root, s) {
  const sections = content('choko.helpSections');
  return mountHelp(root, s, { name: 'chokoHelp', title: t('choko.helpTitle'), prefix: 'choko-help', sections, diagram });
}
