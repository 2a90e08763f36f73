// Pieces shared by several screens: the top bar and the sub-screen frame.

import { h } from '../dom.js';
import * as icons from '../icons.js';
import { t } from '../i18n.js';

/** A top bar: a back button (#back), the title, and an optional element on the right. */
export function topBar(title, onBack, right = null) {
  return h('header', { class: 'topbar' }, [
    h('button', { id: 'back', class: 'icon-btn', type: 'button', 'aria-label': t('back'), onclick: onBack }, [
      icons.back(),
    ]),
    h('h1', { class: 'title', text: title }),
    right || h('span', { class: 'topbar-spacer', 'aria-hidden': 'true' }),
  ]);
}

/** A section for one screen, marked with data-screen for tests and CSS. */
export function screen(name, children) {
  return h('section', { class: `screen screen-${name}`, 'data-screen': name }, children);
}

/**
 * The sentence under a result: a side that lost with pieces still on the
 * board had no move; one with none had lost them all (R7).
 */
export function outcomeLine(result) {
  const loserPieces =
    result.outcome === 'win' ? result.cpuPieces : result.outcome === 'loss' ? result.playerPieces : 1;
  const suffix = loserPieces === 0 ? 'NoPieces' : '';
  return t(`outcomeLine.${result.outcome}${suffix}`);
}
